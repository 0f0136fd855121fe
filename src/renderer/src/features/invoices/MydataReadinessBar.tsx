import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useArea } from '../../app/area/AreaContext';
import { invoiceKeys, mydataReadiness } from './invoicesApi';
import { NOT_SENT_WORDS } from './invoiceWords';

/** Tells the office, above its documents, why they are not going to myDATA (if they are not). */
export function MydataReadinessBar() {
  const { t } = useTranslation();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const readiness = useQuery({
    queryKey: invoiceKeys.readiness(scope),
    queryFn: ({ signal }) => mydataReadiness(scope, signal),
  });
  const data = readiness.data;
  if (!data) return null;
  const waiting = data.counts.retrying + data.counts.pending;
  const attention = data.counts.rejected + data.counts.failed;
  if (!data.configured || !data.issuer_complete)
    return (
      <MessageBar intent="warning" data-testid="mydata-readiness">
        <MessageBarBody>
          <MessageBarTitle>{t('Documents are not being sent to myDATA')}</MessageBarTitle>
          {t(NOT_SENT_WORDS[data.configured ? 'issuer_incomplete' : 'not_configured'])}
        </MessageBarBody>
      </MessageBar>
    );
  if (attention > 0)
    return (
      <MessageBar intent="error" data-testid="mydata-readiness">
        <MessageBarBody>
          {t('{{count}} documents need your attention: myDATA rejected them or sending failed.', {
            count: attention,
          })}
        </MessageBarBody>
      </MessageBar>
    );
  if (waiting > 0)
    return (
      <MessageBar intent="info" data-testid="mydata-readiness">
        <MessageBarBody>
          {t('{{count}} documents are on their way to myDATA.', { count: waiting })}
        </MessageBarBody>
      </MessageBar>
    );
  return null;
}
