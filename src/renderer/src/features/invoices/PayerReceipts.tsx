import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { documentNumberText, formatEuro } from '../../../../shared/invoices/documents';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError } from '../../resources/ListStates';
import { PAYER_RECEIPTS_SHOWN, payerDocumentsQuery } from './documentCalls';
import { KIND_WORDS } from './invoiceWords';
import { useDocumentDownload } from './useDocumentDownload';

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
  },
  heading: { margin: 0 },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'space-between',
    flexWrap: 'wrap',
  },
  what: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/**
 * The payer's own receipts and invoices, newest first, each to download as PDF: a card the
 * parent's home shows. The server answers only this payer's documents.
 */
export function PayerReceipts({ limit = PAYER_RECEIPTS_SHOWN }: { limit?: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const scope = { schoolId, role };
  const pdf = useDocumentDownload(scope);
  const list = useQuery(payerDocumentsQuery(scope, limit));
  return (
    <section className={styles.card} aria-labelledby="payer-receipts" data-testid="payer-receipts">
      <Text as="h3" id="payer-receipts" size={500} weight="semibold" className={styles.heading}>
        {t('Receipts')}
      </Text>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {pdf.error && <LoadError message={pdf.error} />}
      {list.isPending ? (
        <Spinner size="small" label={t('Loading...')} />
      ) : (list.data?.rows.length ?? 0) === 0 ? (
        <Text className={styles.muted}>{t('No receipts yet.')}</Text>
      ) : (
        <ul className={styles.list}>
          {list.data!.rows.map((row) => {
            const name = documentNumberText(row.series, row.number);
            return (
              <li key={row.id} className={styles.item} data-testid="payer-receipt">
                <span className={styles.what}>
                  <Text weight="semibold">
                    {name} · <span className={styles.amount}>{formatEuro(row.gross_cents)}</span>
                  </Text>
                  <Text size={200} className={styles.muted}>
                    {t(KIND_WORDS[row.kind])}, {formatLongDate(row.issue_date, i18n.language)}
                  </Text>
                </span>
                <Button
                  size="small"
                  icon={<ArrowDownload20Regular />}
                  disabled={pdf.busy !== null}
                  onClick={() => void pdf.download(row.id)}
                  aria-label={t('Download {{name}} as PDF', { name })}
                  data-testid="payer-receipt-pdf"
                >
                  {t('PDF')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
