import { useDropdownSlots } from '../../components/fluentSlots';
import {
  Button,
  Dropdown,
  Field,
  Input,
  Option,
  Switch,
  Text,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { ImageArrowBack20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileUrl } from '../../api/files';
import { useAppToaster } from '../../app/toaster';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { uploadLogo } from './settingsApi';
import type { SettingsDraft } from './settingsDraft';
import { useSettingsStyles } from './settingsStyles';
import { useSettingsInvalidation } from './useSettingsInvalidation';

export interface SectionProps {
  draft: SettingsDraft;
  change: (patch: Partial<SettingsDraft>) => void;
}

/** Name, language, logo and the AI assistant switch. */
export function SettingsSchoolSection({ draft, change }: SectionProps) {
  const { t } = useTranslation();
  const dropdownSlots = useDropdownSlots();
  const styles = useSettingsStyles();
  const { schoolId, role, entry } = useArea();
  const invalidation = useSettingsInvalidation(schoolId);
  const { dispatchToast } = useAppToaster();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [logo, setLogo] = useState(entry?.logo ?? null);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const result = await uploadLogo(schoolId, role, file);
      setLogo(result.logo);
      await invalidation.afterLogo();
      dispatchToast(
        <Toast>
          <ToastTitle>{t('Updated Successfully!')}</ToastTitle>
        </Toast>,
        { intent: 'success' },
      );
    } catch (error) {
      dispatchToast(
        <Toast>
          <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
        </Toast>,
        { intent: 'error' },
      );
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className={styles.card}>
      <Text as="h3" size={500} weight="semibold" className={styles.heading}>
        {t('School')}
      </Text>
      <div className={styles.grid}>
        <Field label={t('Name')} required>
          <Input
            value={draft.name}
            onChange={(_e, d) => change({ name: d.value })}
            data-testid="settings-name"
          />
        </Field>
        <Field label={t('Language')}>
          <Dropdown
            {...dropdownSlots}
            value={draft.language === 'el' ? 'Ελληνικά' : 'English'}
            selectedOptions={[draft.language]}
            onOptionSelect={(_e, d) => change({ language: d.optionValue === 'en' ? 'en' : 'el' })}
          >
            <Option value="el">Ελληνικά</Option>
            <Option value="en">English</Option>
          </Dropdown>
        </Field>
      </div>
      <div className={styles.inline}>
        {logo && <img src={fileUrl(logo)} alt={t('Logo')} className={styles.logo} />}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          icon={<ImageArrowBack20Regular />}
          disabled={uploading}
          onClick={() => input.current?.click()}
        >
          {t('Upload logo')}
        </Button>
        <Text size={200} className={styles.hint}>
          {t('PNG, JPEG, WebP or SVG, at most 2 MB.')}
        </Text>
      </div>
      <Switch
        checked={draft.aiChatbot}
        onChange={(_e, d) => change({ aiChatbot: d.checked })}
        label={t('AI chat assistant')}
        data-testid="settings-ai"
      />
      <Switch
        checked={draft.overdueReminders}
        onChange={(_e, d) => change({ overdueReminders: d.checked })}
        label={t('E-mail payers about overdue installments (at most once a week)')}
        data-testid="settings-overdue-reminders"
      />
    </section>
  );
}
