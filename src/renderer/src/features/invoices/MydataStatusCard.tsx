import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { DocumentDetail } from '../../../../shared/api/invoices';
import { formatLongDate } from '../../i18n/formatDate';
import { MydataStatusBadge } from './MydataStatusBadge';
import { AADE_ERROR_WORDS, NOT_SENT_WORDS, PROBLEM_WORDS } from './invoiceWords';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  heading: { margin: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  mark: { fontVariantNumeric: 'tabular-nums' },
  badge: { alignSelf: 'flex-start' },
});

/** A document's state with myDATA: its MARK and AADE's link, or what went wrong, in words. */
export function MydataStatusCard({ document }: { document: DocumentDetail }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const when = (iso: string) => formatLongDate(iso, i18n.language, true);
  return (
    <section className={styles.card} aria-labelledby="mydata-heading" data-testid="mydata-card">
      <Text as="h3" id="mydata-heading" size={400} weight="semibold" className={styles.heading}>
        {t('myDATA')}
      </Text>
      <span className={styles.badge}>
        <MydataStatusBadge status={document.mydata_status} />
      </span>
      {document.mydata_status === 'sent' && document.mydata_mark && (
        <>
          <Text className={styles.mark} data-testid="mydata-mark">
            {t('MARK {{mark}}', { mark: document.mydata_mark })}
          </Text>
          {document.mydata_sent_at && (
            <Text className={styles.muted}>
              {t('Registered on {{date}}', { date: when(document.mydata_sent_at) })}
            </Text>
          )}
          {document.mydata_uid && (
            <Text size={200} className={styles.muted}>
              {t('UID {{uid}}', { uid: document.mydata_uid })}
            </Text>
          )}
          {document.mydata_qr_url && (
            <Link href={document.mydata_qr_url} target="_blank" rel="noopener noreferrer">
              {t("Open the document's page at AADE")}
            </Link>
          )}
        </>
      )}
      {document.mydata_status === 'rejected' && (
        <>
          <Text>
            {t('myDATA did not accept this document. Correct what it says and send it again.')}
          </Text>
          <ul className={styles.errors} data-testid="mydata-errors">
            {document.mydata_errors.map((error) => (
              <li key={`${error.code}-${error.message}`}>
                <Text block>
                  {AADE_ERROR_WORDS[error.code] ? t(AADE_ERROR_WORDS[error.code]!) : error.message}
                </Text>
                <Text size={200} className={styles.muted}>
                  {t('AADE, code {{code}}: {{message}}', {
                    code: error.code,
                    message: error.message,
                  })}
                </Text>
              </li>
            ))}
          </ul>
        </>
      )}
      {(document.mydata_status === 'retrying' || document.mydata_status === 'failed') && (
        <>
          {document.mydata_last_problem && (
            <Text>{t(PROBLEM_WORDS[document.mydata_last_problem])}</Text>
          )}
          {document.mydata_status === 'retrying' && document.mydata_next_attempt_at ? (
            <Text className={styles.muted}>
              {t('Next try {{date}} (tries so far: {{count}}).', {
                date: when(document.mydata_next_attempt_at),
                count: document.mydata_attempts,
              })}
            </Text>
          ) : (
            <Text className={styles.muted}>
              {t(
                'Sending stopped after {{count}} tries. Send it again once the problem is solved.',
                {
                  count: document.mydata_attempts,
                },
              )}
            </Text>
          )}
        </>
      )}
      {document.mydata_status === 'pending' && (
        <Text className={styles.muted}>{t('It goes to myDATA in a moment.')}</Text>
      )}
      {document.mydata_status === 'not_sent' && document.mydata_not_sent_reason && (
        <Text>{t(NOT_SENT_WORDS[document.mydata_not_sent_reason])}</Text>
      )}
    </section>
  );
}
