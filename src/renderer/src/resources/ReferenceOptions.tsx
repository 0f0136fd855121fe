import { Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export interface ReferenceOption {
  id: number;
  label: string;
}

/** The choices of a reference picker (a Combobox's children), or 'Nothing Found'. */
export function ReferenceOptions({ options }: { options: ReferenceOption[] }) {
  const { t } = useTranslation();
  if (options.length === 0) {
    return (
      <Option value="" disabled text="">
        {t('Nothing Found')}
      </Option>
    );
  }
  return (
    <>
      {options.map((option) => (
        <Option key={option.id} value={String(option.id)} text={option.label}>
          {option.label}
        </Option>
      ))}
    </>
  );
}
