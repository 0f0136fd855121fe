import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { History20Regular, Save20Regular, TagMultiple20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf, updateSettingsBody } from '../../../../shared/api';
import { ApiError } from '../../api/apiError';
import { useSchoolSettings } from '../../api/schoolQueries';
import { useAppToaster } from '../../app/toaster';
import { AppLink } from '../../components/AppLink';
import { LeaveWithoutSavingDialog } from '../../components/LeaveWithoutSavingDialog';
import { PageFrame } from '../../components/PageFrame';
import { apiErrorMessage } from '../../api/apiErrorText';
import { NoReadPermission } from '../../resources/ListStates';
import { useArea } from '../../app/area/AreaContext';
import { saveSettings } from './settingsApi';
import { SettingsAssessmentSection } from './SettingsAssessmentSection';
import { SettingsContentSection } from './SettingsContentSection';
import { bodyFromDraft, draftFromSettings, type SettingsDraft } from './settingsDraft';
import { SettingsLookSection } from './SettingsLookSection';
import { SettingsSchoolSection } from './SettingsSchoolSection';
import { useSettingsInvalidation } from './useSettingsInvalidation';
import { FLOATING_ACTION_SPACE } from '../../components/floatingActionSpace';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    bottom: 0,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} 0`,
    paddingRight: FLOATING_ACTION_SPACE,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** Everything the shell reads from the school's settings, editable (admins with settings). */
export function SettingsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, permissions, entry, basePath } = useArea();
  const invalidation = useSettingsInvalidation(schoolId);
  const { dispatchToast } = useAppToaster();
  const stored = useSchoolSettings(schoolId, true);
  const [saved, setSaved] = useState<SettingsDraft | null>(null);
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const access = permissions?.find((p) => p.resource === 'settings');

  useEffect(() => {
    if (stored.data && saved === null) {
      const initial = draftFromSettings(stored.data, entry?.name ?? '');
      setSaved(initial);
      setDraft(initial);
    }
  }, [stored.data, saved, entry?.name]);

  if (access && !access.write) return <NoReadPermission />;
  if (!draft) return <Spinner label={t('Loading...')} />;
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const change = (patch: Partial<SettingsDraft>) => setDraft({ ...draft, ...patch });

  const save = async () => {
    const built = bodyFromDraft(draft);
    if ('invalidJitsiRole' in built) {
      setProblems([
        t('The video-call settings of {{role}} are not valid JSON.', {
          role: built.invalidJitsiRole,
        }),
      ]);
      return;
    }
    const checked = updateSettingsBody.safeParse(built.body);
    if (!checked.success) {
      setProblems(Object.entries(fieldsOf(checked.error)).map(([k, v]) => `${k}: ${t(v)}`));
      return;
    }
    setSaving(true);
    setProblems([]);
    try {
      await invalidation.afterSave(await saveSettings(schoolId, role, built.body));
      setSaved(draft);
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      setProblems(
        fields.length ? fields.map(([k, v]) => `${k}: ${t(v)}`) : [apiErrorMessage(error, t)],
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame
      title={t('Settings')}
      actions={
        <>
          <AppLink to={`${basePath}/categories`}>
            <TagMultiple20Regular aria-hidden /> {t('Categories')}
          </AppLink>
          <AppLink to={`${basePath}/settings/audit-log`} data-testid="settings-audit-log">
            <History20Regular aria-hidden /> {t('Audit log')}
          </AppLink>
        </>
      }
    >
      <SettingsSchoolSection draft={draft} change={change} />
      <SettingsAssessmentSection draft={draft} change={change} />
      <SettingsLookSection draft={draft} change={change} />
      <SettingsContentSection draft={draft} change={change} />
      <div className={styles.bar}>
        <Button
          appearance="primary"
          icon={saving ? <Spinner size="tiny" /> : <Save20Regular />}
          disabled={saving || !dirty}
          onClick={() => void save()}
          data-testid="settings-save"
        >
          {t('Save')}
        </Button>
        {problems.length > 0 && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{problems.join(' · ')}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <LeaveWithoutSavingDialog when={dirty && !saving} />
    </PageFrame>
  );
}
