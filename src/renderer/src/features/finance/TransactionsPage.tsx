import { Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../../components/PageFrame';
import { FilterReferencePicker } from '../../resources/FilterReferencePicker';
import { ExpenseButton, TransferButton } from './LedgerDialogs';
import { TransactionsList, type LedgerFilters } from './TransactionsList';

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
});

const REFERENCE_FILTERS = [
  ['fund_id', 'funds', 'Fund'],
  ['category_id', 'categories', 'Category'],
  ['client_id', 'clients', 'Client'],
  ['supplier_id', 'suppliers', 'Supplier'],
] as const;

/** The ledger (admin transactions): filters in the address, totals of the filtered rows. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [search, setSearch] = useSearchParams();
  const text = search.toString();
  const filters = useMemo<LedgerFilters>(() => {
    const params = new URLSearchParams(text);
    const id = (name: string) => (params.get(name) ? Number(params.get(name)) : undefined);
    return {
      from: params.get('from') || undefined,
      to: params.get('to') || undefined,
      fund_id: id('fund_id'),
      category_id: id('category_id'),
      client_id: id('client_id'),
      supplier_id: id('supplier_id'),
    };
  }, [text]);
  const set = (name: string, value: string | number | undefined) => {
    const next = new URLSearchParams(search);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
    setSearch(next, { replace: true });
  };
  return (
    <PageFrame
      title={t('Transactions')}
      actions={
        <>
          <ExpenseButton />
          <TransferButton />
        </>
      }
    >
      <div className={styles.filters} role="group" aria-label={t('Filters')}>
        <Field label={t('From')}>
          <Input
            type="date"
            value={filters.from ?? ''}
            onChange={(_e, d) => set('from', d.value)}
          />
        </Field>
        <Field label={t('To')}>
          <Input type="date" value={filters.to ?? ''} onChange={(_e, d) => set('to', d.value)} />
        </Field>
        {REFERENCE_FILTERS.map(([name, target, label]) => (
          <Field key={name} label={t(label)}>
            <FilterReferencePicker
              id={`filter-${name}`}
              target={target}
              label={t(label)}
              value={filters[name] ? [filters[name]] : []}
              onChange={(ids) => set(name, ids.at(-1))}
            />
          </Field>
        ))}
      </div>
      <TransactionsList filters={filters} />
    </PageFrame>
  );
}
