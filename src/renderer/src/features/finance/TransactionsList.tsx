import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransactionRow, TransactionsQuery } from '../../../../shared/api/finance';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import { formatMoney } from '../../../../shared/finance/money';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { Pager } from '../../components/Pager';
import { SimpleList } from '../../components/SimpleList';
import { financeKeys, getTotals, getTransactions } from './financeApi';
import { dayText, KIND_LABELS } from './financeFormat';

const useStyles = makeStyles({
  totals: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXL,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
  },
  figure: { display: 'flex', flexDirection: 'column', margin: 0 },
  label: { color: tokens.colorNeutralForeground2 },
  out: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground2 },
});

export type LedgerFilters = Omit<Partial<TransactionsQuery>, 'page' | 'per_page'>;

/** The ledger rows the filters select, a page at a time, under the totals of all of them. */
export function TransactionsList({ filters }: { filters: LedgerFilters }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const [pageState, setPage] = useState({ page: 1, for: filters });
  // Other filters start again from the first page.
  const page = pageState.for === filters ? pageState.page : 1;
  const query = { ...filters, page, per_page: LIST_PAGE_SIZE };
  const rows = useQuery({
    queryKey: financeKeys.transactions(scope, query),
    queryFn: () => getTransactions(scope, query),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery({
    queryKey: financeKeys.totals(scope, filters),
    queryFn: () => getTotals(scope, filters),
  });
  const pages = Math.ceil((rows.data?.totalCount ?? 0) / LIST_PAGE_SIZE);
  const figure = (label: string, cents: number, testId: string) => (
    <div className={styles.figure}>
      <dt>
        <Text size={200} className={styles.label}>
          {label}
        </Text>
      </dt>
      <dd style={{ margin: 0 }}>
        <Text weight="semibold" data-testid={testId}>
          {formatMoney(cents)}
        </Text>
      </dd>
    </div>
  );
  return (
    <>
      {totals.data && (
        <dl className={styles.totals} aria-label={t('Totals of the filtered transactions')}>
          {figure(t('Income'), totals.data.income_cents, 'totals-income')}
          {figure(t('Expenses'), totals.data.expense_cents, 'totals-expense')}
          {figure(t('Net'), totals.data.net_cents, 'totals-net')}
          <div className={styles.figure}>
            <dt>
              <Text size={200} className={styles.label}>
                {t('Transactions')}
              </Text>
            </dt>
            <dd style={{ margin: 0 }}>
              <Text weight="semibold">{totals.data.count}</Text>
            </dd>
          </div>
        </dl>
      )}
      {rows.isError && <Text role="alert">{t(apiErrorText(rows.error))}</Text>}
      {!rows.data ? (
        !rows.isError && <Spinner label={t('Loading...')} />
      ) : rows.data.data.length === 0 ? (
        <Text className={styles.muted}>{t('Nothing Found')}</Text>
      ) : (
        <SimpleList<TransactionRow>
          rows={rows.data.data}
          rowKey={(r) => r.id}
          label={t('Transactions')}
          testId="transaction-row"
          columns={[
            {
              id: 'date',
              label: t('Date'),
              cell: (r) => (
                <AppLink to={`${basePath}/transactions/${r.id}`}>
                  {dayText(r.date, i18n.language)}
                </AppLink>
              ),
            },
            { id: 'description', label: t('Description'), cell: (r) => r.description },
            { id: 'kind', label: t('Kind'), cell: (r) => t(KIND_LABELS[r.kind]) },
            { id: 'fund', label: t('Fund'), cell: (r) => r.fund_name },
            { id: 'category', label: t('Category'), cell: (r) => r.category_name ?? '—' },
            {
              id: 'party',
              label: t('Client or supplier'),
              cell: (r) => r.client_name ?? r.supplier_name ?? '—',
            },
            {
              id: 'amount',
              label: t('Amount'),
              cell: (r) => (
                <span className={r.amount_cents < 0 ? styles.out : undefined}>
                  {formatMoney(r.amount_cents)}
                </span>
              ),
            },
          ]}
        />
      )}
      <Pager page={page} pages={pages} onPage={(p) => setPage({ page: p, for: filters })} />
    </>
  );
}
