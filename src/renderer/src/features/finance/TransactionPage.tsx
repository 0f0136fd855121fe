import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatMoney } from '../../../../shared/finance/money';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { formatLongDate } from '../../i18n/formatDate';
import { financeKeys, getTransaction } from './financeApi';
import { dayText, KIND_LABELS, METHOD_LABELS } from './financeFormat';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, max-content) 1fr',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: 0,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  label: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0 },
});

/** One ledger row (admin transactions/{transaction_id}): what, where, for whom, by whom. */
export function TransactionPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { transaction_id } = useParams();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const id = Number(transaction_id);
  const query = useQuery({
    queryKey: financeKeys.transaction(scope, id),
    queryFn: () => getTransaction(scope, id),
  });
  const row = query.data;
  const line = (label: string, value: React.ReactNode) => (
    <>
      <dt>
        <Text className={styles.label}>{label}</Text>
      </dt>
      <dd className={styles.value}>{value}</dd>
    </>
  );
  return (
    <PageFrame title={t('Transaction')}>
      {query.isError && <Text role="alert">{t(apiErrorText(query.error))}</Text>}
      {!row ? (
        !query.isError && <Spinner label={t('Loading...')} />
      ) : (
        <dl className={styles.card} data-testid="transaction-detail">
          {line(t('Date'), dayText(row.date, i18n.language))}
          {line(t('Kind'), t(KIND_LABELS[row.kind]))}
          {line(
            t('Amount'),
            <Text weight="semibold" data-testid="transaction-amount">
              {formatMoney(row.amount_cents)}
            </Text>,
          )}
          {line(t('Description'), row.description)}
          {line(
            t('Fund'),
            <AppLink to={`${basePath}/funds/${row.fund_id}`}>{row.fund_name}</AppLink>,
          )}
          {row.category_name && line(t('Category'), row.category_name)}
          {row.client_id &&
            line(
              t('Client'),
              <AppLink to={`${basePath}/clients/${row.client_id}`}>
                {row.client_name ?? ''}
              </AppLink>,
            )}
          {row.supplier_id &&
            line(
              t('Supplier'),
              <AppLink to={`${basePath}/supplier/${row.supplier_id}`}>
                {row.supplier_name ?? ''}
              </AppLink>,
            )}
          {row.payment && line(t('Method'), t(METHOD_LABELS[row.payment.method]))}
          {row.counterpart &&
            line(
              t('Other side of the transfer'),
              <AppLink to={`${basePath}/transactions/${row.counterpart.id}`}>
                {`${row.counterpart.fund_name} · ${formatMoney(row.counterpart.amount_cents)}`}
              </AppLink>,
            )}
          {line(
            t('Recorded'),
            `${formatLongDate(row.created_at, i18n.language, true)}${row.created_by ? ` · ${row.created_by}` : ''}`,
          )}
        </dl>
      )}
    </PageFrame>
  );
}
