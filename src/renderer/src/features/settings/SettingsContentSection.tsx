import { Button, Field, Input, Switch, Text, Textarea } from '@fluentui/react-components';
import { Add20Regular, Dismiss20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ROLES } from '../../../../shared/constants';
import { ROLE_LABELS } from '../../app/roleLabels';
import type { SectionProps } from './SettingsSchoolSection';
import type { SettingsDraft } from './settingsDraft';
import { useSettingsStyles } from './settingsStyles';

/** Embedded pages, the school's own translations and the video-call overrides per role. */
export function SettingsContentSection({ draft, change }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSettingsStyles();
  const setPage = (index: number, patch: Partial<SettingsDraft['embedPages'][number]>) =>
    change({
      embedPages: draft.embedPages.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    });
  const setText = (index: number, patch: Partial<SettingsDraft['translations'][number]>) =>
    change({
      translations: draft.translations.map((r, i) => (i === index ? { ...r, ...patch } : r)),
    });
  return (
    <>
      <section className={styles.card}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Embedded pages')}
        </Text>
        <Text size={200} className={styles.hint}>
          {t('Each page is shown at embed/{slug} in every role area.')}
        </Text>
        {draft.embedPages.map((page, index) => (
          <div key={index} className={styles.row}>
            <Field label={t('Title')}>
              <Input value={page.title} onChange={(_e, d) => setPage(index, { title: d.value })} />
            </Field>
            <Field label={t('Slug')}>
              <Input value={page.slug} onChange={(_e, d) => setPage(index, { slug: d.value })} />
            </Field>
            <Field label={t('Address (https://…)')}>
              <Input value={page.url} onChange={(_e, d) => setPage(index, { url: d.value })} />
            </Field>
            <Button
              icon={<Dismiss20Regular />}
              aria-label={t('Remove')}
              onClick={() =>
                change({ embedPages: draft.embedPages.filter((_p, i) => i !== index) })
              }
            />
          </div>
        ))}
        <div>
          <Button
            icon={<Add20Regular />}
            onClick={() =>
              change({ embedPages: [...draft.embedPages, { title: '', slug: '', url: '' }] })
            }
          >
            {t('Add page')}
          </Button>
        </div>
      </section>
      <section className={styles.card}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Translations')}
        </Text>
        <Text size={200} className={styles.hint}>
          {t(
            'Replace any text of the app: write the English text as it appears, then your wording.',
          )}
        </Text>
        {draft.translations.map((row, index) => (
          <div key={index} className={styles.row}>
            <Field label={t('Text')}>
              <Input value={row.key} onChange={(_e, d) => setText(index, { key: d.value })} />
            </Field>
            <Field label="English">
              <Input value={row.en} onChange={(_e, d) => setText(index, { en: d.value })} />
            </Field>
            <Field label="Ελληνικά">
              <Input value={row.el} onChange={(_e, d) => setText(index, { el: d.value })} />
            </Field>
            <Button
              icon={<Dismiss20Regular />}
              aria-label={t('Remove')}
              onClick={() =>
                change({ translations: draft.translations.filter((_r, i) => i !== index) })
              }
            />
          </div>
        ))}
        <div>
          <Button
            icon={<Add20Regular />}
            onClick={() =>
              change({ translations: [...draft.translations, { key: '', en: '', el: '' }] })
            }
          >
            {t('Add translation')}
          </Button>
        </div>
      </section>
      <section className={styles.card}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Video calls')}
        </Text>
        <Text size={200} className={styles.hint}>
          {t('Jitsi settings that override the defaults for each role, as JSON.')}
        </Text>
        <Switch
          checked={draft.parentsJoinSessions}
          onChange={(_e, d) => change({ parentsJoinSessions: d.checked })}
          label={t("Parents may join their children's live sessions")}
          data-testid="settings-parents-join-sessions"
        />
        <div className={styles.grid}>
          {ROLES.map((role) => (
            <Field key={role} label={t(ROLE_LABELS[role])}>
              <Textarea
                className={styles.mono}
                rows={3}
                value={draft.jitsi[role] ?? ''}
                placeholder='{"startWithAudioMuted": true}'
                onChange={(_e, d) => change({ jitsi: { ...draft.jitsi, [role]: d.value } })}
              />
            </Field>
          ))}
        </div>
      </section>
    </>
  );
}
