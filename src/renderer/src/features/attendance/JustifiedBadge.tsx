import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** "Justified" or "Unjustified", in colour and in words (never colour alone). */
export function JustifiedBadge({ justified }: { justified: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      appearance="tint"
      color={justified ? 'success' : 'warning'}
      data-testid="absence-justified"
      data-justified={justified}
    >
      {justified ? t('Justified') : t('Unjustified')}
    </Badge>
  );
}
