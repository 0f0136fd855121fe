import { Button, Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PALETTE, PALETTE_KEYS, ROLES } from '../../../../shared/constants';
import { ROLE_LABELS } from '../../app/roleLabels';
import { msg } from '../../i18n/msg';
import { adminMenu } from '../admin/adminMenu';
import type { MenuItem } from '../../app/area/areaTypes';
import { clientMenu } from '../client/clientScreens';
import { studentMenu } from '../student/studentScreens';
import { teacherMenu } from '../teacher/teacherScreens';
import type { SectionProps } from './SettingsSchoolSection';
import { useSettingsStyles } from './settingsStyles';

const MENUS: Record<string, MenuItem[]> = {
  admin: adminMenu,
  teacher: teacherMenu,
  student: studentMenu,
  client: clientMenu,
};

const PALETTE_LABELS: Record<string, string> = {
  primaryBackground: msg('Page background'),
  primaryBackgroundLight: msg('Light background'),
  primaryText: msg('Text'),
  secondaryText: msg('Secondary text'),
  secondaryBackground: msg('Accent'),
  thirdBackground: msg('Brand colour'),
};

/** The colour palette and which drawer items each role sees. */
export function SettingsLookSection({ draft, change }: SectionProps) {
  const { t } = useTranslation();
  const styles = useSettingsStyles();
  return (
    <>
      <section className={styles.card}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Colours')}
        </Text>
        <div className={styles.grid}>
          {PALETTE_KEYS.map((key) => (
            <Field key={key} label={t(PALETTE_LABELS[key]!)}>
              <div className={styles.inline}>
                <input
                  type="color"
                  value={
                    /^#[0-9a-fA-F]{6}$/.test(draft.colors[key]) ? draft.colors[key] : '#000000'
                  }
                  onChange={(e) => change({ colors: { ...draft.colors, [key]: e.target.value } })}
                  aria-label={t(PALETTE_LABELS[key]!)}
                />
                <Input
                  className={styles.mono}
                  value={draft.colors[key]}
                  onChange={(_e, d) => change({ colors: { ...draft.colors, [key]: d.value } })}
                />
              </div>
            </Field>
          ))}
        </div>
        <div>
          <Button onClick={() => change({ colors: { ...DEFAULT_PALETTE } })}>
            {t('Default colours')}
          </Button>
        </div>
      </section>
      <section className={styles.card}>
        <Text as="h3" size={500} weight="semibold" className={styles.heading}>
          {t('Menu items')}
        </Text>
        <Text size={200} className={styles.hint}>
          {t('Items a role cannot read stay hidden whatever is chosen here.')}
        </Text>
        <div className={styles.grid}>
          {ROLES.map((role) => (
            <Field key={role} label={t(ROLE_LABELS[role])}>
              {MENUS[role]!.map((item) => (
                <Checkbox
                  key={item.id}
                  label={t(item.title)}
                  checked={draft.drawer[role]?.[item.id] ?? item.visible ?? true}
                  onChange={(_e, d) =>
                    change({
                      drawer: {
                        ...draft.drawer,
                        [role]: { ...draft.drawer[role], [item.id]: Boolean(d.checked) },
                      },
                    })
                  }
                />
              ))}
            </Field>
          ))}
        </div>
      </section>
    </>
  );
}
