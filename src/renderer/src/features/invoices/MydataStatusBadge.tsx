import { Badge, type BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MydataStatus } from '../../../../shared/invoices/documents';
import { STATUS_WORDS } from './invoiceWords';

const COLOURS: Record<MydataStatus, BadgeProps['color']> = {
  not_sent: 'informative',
  pending: 'brand',
  sent: 'success',
  rejected: 'danger',
  retrying: 'warning',
  failed: 'danger',
};

/** Where a document stands with myDATA, in a word and a colour. */
export function MydataStatusBadge({ status }: { status: MydataStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      appearance="tint"
      color={COLOURS[status]}
      data-testid="mydata-status"
      data-status={status}
    >
      {t(STATUS_WORDS[status])}
    </Badge>
  );
}
