import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import {
  ArrowDownload20Regular,
  ArrowSync20Regular,
  DismissCircle20Regular,
} from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { DocumentDetail } from '../../../../shared/api/invoices';
import { documentNumberText, formatEuro } from '../../../../shared/invoices/documents';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { announce } from '../../components/LiveAnnouncer';
import { PageFrame } from '../../components/PageFrame';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError } from '../../resources/ListStates';
import { CancelDocumentDialog } from './CancelDocumentDialog';
import { MydataStatusCard } from './MydataStatusCard';
import { cancelDocument, documentDetail, invoiceKeys, resendDocument } from './invoicesApi';
import { KIND_WORDS, PAYMENT_WORDS } from './invoiceWords';
import { useDocumentDownload } from './useDocumentDownload';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    alignItems: 'start',
  },
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
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  totals: {
    display: 'grid',
    gridTemplateColumns: 'auto auto',
    justifyContent: 'end',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalXS,
  },
  right: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
});

type Line = DocumentDetail['lines'][number];

/** One receipt or invoice: its state with myDATA, payer, lines and totals; PDF, resend, cancel. */
export function DocumentPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(useParams().invoice_id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pdf = useDocumentDownload(scope);
  const [cancelling, setCancelling] = useState(false);
  const detail = useQuery({
    queryKey: invoiceKeys.detail(scope, id),
    queryFn: ({ signal }) => documentDetail(scope, id, signal),
    enabled: Number.isInteger(id) && id > 0,
    // While the outbox works on it, look again now and then.
    refetchInterval: (query) =>
      ['pending', 'retrying'].includes(query.state.data?.mydata_status ?? '') ? 10_000 : false,
  });
  const afterWrite = () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all(scope) });
  const resend = useMutation({
    mutationFn: () => resendDocument(scope, id),
    onSuccess: async () => {
      announce(t('The document is on its way to myDATA.'));
      await afterWrite();
    },
  });
  const cancel = useMutation({
    mutationFn: (issueDate: string) => cancelDocument(scope, id, issueDate),
    onSuccess: async (credit) => {
      setCancelling(false);
      announce(t('The credit document was issued.'));
      await afterWrite();
      navigate(`${basePath}/invoices/${credit.id}`);
    },
  });

  const document = detail.data;
  const name = document ? documentNumberText(document.series, document.number) : '';
  const columns: SimpleColumn<Line>[] = [
    { id: 'description', label: t('Description'), cell: (line) => line.description },
    {
      id: 'net',
      label: t('Net amount'),
      width: '16%',
      cell: (line) => <span className={styles.amount}>{formatEuro(line.net_cents)}</span>,
    },
    {
      id: 'vat',
      label: t('VAT'),
      width: '16%',
      cell: (line) =>
        line.vat_category === 7 ? (
          t('Exempt')
        ) : (
          <span className={styles.amount}>{formatEuro(line.vat_cents)}</span>
        ),
    },
    {
      id: 'total',
      label: t('Total'),
      width: '16%',
      cell: (line) => (
        <span className={styles.amount}>{formatEuro(line.net_cents + line.vat_cents)}</span>
      ),
    },
  ];

  if (detail.isError)
    return (
      <PageFrame title={t('Document')}>
        <LoadError message={apiErrorText(detail.error)} />
      </PageFrame>
    );
  if (!document)
    return (
      <PageFrame title={t('Document')}>
        <Spinner label={t('Loading...')} />
      </PageFrame>
    );
  return (
    <PageFrame
      title={`${name} · ${t(KIND_WORDS[document.kind])}`}
      actions={
        <div className={styles.actions}>
          <Button
            icon={<ArrowDownload20Regular />}
            disabled={pdf.busy !== null}
            onClick={() => void pdf.download(document.id)}
            data-testid="invoice-pdf"
          >
            {t('Download PDF')}
          </Button>
          {document.abilities.send && (
            <Button
              icon={<ArrowSync20Regular />}
              disabled={resend.isPending}
              onClick={() => resend.mutate()}
              data-testid="invoice-send"
            >
              {t('Send to myDATA again')}
            </Button>
          )}
          {document.abilities.cancel && (
            <Button
              icon={<DismissCircle20Regular />}
              onClick={() => setCancelling(true)}
              data-testid="invoice-cancel"
            >
              {t('Cancel with a credit document')}
            </Button>
          )}
        </div>
      }
    >
      {pdf.error && <LoadError message={pdf.error} />}
      {resend.isError && <LoadError message={apiErrorMessage(resend.error, t)} />}
      <div className={styles.grid}>
        <MydataStatusCard document={document} />
        <section className={styles.card} aria-labelledby="payer-heading">
          <Text as="h3" id="payer-heading" size={400} weight="semibold" className={styles.heading}>
            {t('Payer')}
          </Text>
          <Text weight="semibold">{document.payer_name}</Text>
          {document.counterpart && (
            <Text>
              {t('{{name}}, VAT number {{vat}}', {
                name: document.counterpart.name,
                vat: document.counterpart.vat_number,
              })}
            </Text>
          )}
          <Text className={styles.muted}>
            {t('Issued on {{date}}, paid by {{method}}', {
              date: formatLongDate(document.issue_date, i18n.language),
              method: t(PAYMENT_WORDS[document.payment_method]),
            })}
          </Text>
          {document.correlated_document && (
            <Text>
              {t('Cancels')}{' '}
              <AppLink to={`${basePath}/invoices/${document.correlated_document.id}`}>
                {documentNumberText(
                  document.correlated_document.series,
                  document.correlated_document.number,
                )}
              </AppLink>
            </Text>
          )}
          {document.cancelled_by_document_id && (
            <Text>
              <AppLink to={`${basePath}/invoices/${document.cancelled_by_document_id}`}>
                {t('Cancelled by its credit document')}
              </AppLink>
            </Text>
          )}
        </section>
      </div>
      <SimpleList
        rows={document.lines}
        columns={columns}
        rowKey={(line) => line.line_number}
        label={t('Lines')}
        testId="invoice-line"
      />
      <div className={styles.totals} data-testid="invoice-totals">
        <Text>{t('Net amount')}</Text>
        <Text className={styles.right}>{formatEuro(document.net_cents)}</Text>
        <Text>{t('VAT')}</Text>
        <Text className={styles.right}>{formatEuro(document.vat_cents)}</Text>
        <Text weight="semibold">{t('Total paid')}</Text>
        <Text weight="semibold" className={styles.right}>
          {formatEuro(document.gross_cents)}
        </Text>
      </div>
      <CancelDocumentDialog
        open={cancelling}
        documentName={name}
        busy={cancel.isPending}
        error={cancel.isError ? apiErrorMessage(cancel.error, t) : null}
        onCancel={() => setCancelling(false)}
        onConfirm={(date) => cancel.mutate(date)}
      />
    </PageFrame>
  );
}
