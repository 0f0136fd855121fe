import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  SearchBox,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DocumentText20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '../../../../shared/api/invoices';
import { LIST_PAGE_SIZE } from '../../../../shared/constants';
import {
  DOCUMENT_KINDS,
  MYDATA_STATUSES,
  documentNumberText,
  formatEuro,
  type DocumentKind,
  type MydataStatus,
} from '../../../../shared/invoices/documents';
import { apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { AppLink } from '../../components/AppLink';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SimpleList, type SimpleColumn } from '../../components/SimpleList';
import { useDropdownSlots, useSearchBoxSlots } from '../../components/fluentSlots';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { formatLongDate } from '../../i18n/formatDate';
import { LoadError, NothingFound } from '../../resources/ListStates';
import { InvoicingProfileDialog } from './InvoicingProfileDialog';
import { MydataReadinessBar } from './MydataReadinessBar';
import { MydataStatusBadge } from './MydataStatusBadge';
import { invoiceKeys, listDocuments, type DocumentsFilter } from './invoicesApi';
import { KIND_WORDS, STATUS_WORDS } from './invoiceWords';

const useStyles = makeStyles({
  tools: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    alignItems: 'end',
  },
  dropdown: { minWidth: 0, width: '100%' },
  search: { minWidth: 0, width: '100%', maxWidth: 'none' },
  detail: { color: tokens.colorNeutralForeground3 },
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '2px' },
});

type Choice<T extends string> = T | 'all';

/**
 * The office's receipts and invoices: number, date, payer, amount and where each stands with
 * myDATA (with the date it was registered), filtered by status, kind, dates and number or
 * payer; a banner says why documents are not going to myDATA when they are not.
 */
export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role, basePath } = useArea();
  const scope = { schoolId, role };
  const searchSlots = useSearchBoxSlots();
  const dropdownSlots = useDropdownSlots();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<Choice<MydataStatus>>('all');
  const [kind, setKind] = useState<Choice<DocumentKind>>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [editingProfile, setEditingProfile] = useState(false);
  const filter: DocumentsFilter = {
    page,
    per_page: LIST_PAGE_SIZE,
    status: status === 'all' ? undefined : status,
    kind: kind === 'all' ? undefined : kind,
    from: from || undefined,
    to: to || undefined,
    search: debouncedSearch.trim() || undefined,
  };
  const list = useQuery({
    queryKey: invoiceKeys.list(scope, filter),
    queryFn: ({ signal }) => listDocuments(scope, filter, signal),
    placeholderData: keepPreviousData,
    // The outbox changes statuses in the background.
    refetchInterval: 30_000,
  });
  const rows = list.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIST_PAGE_SIZE));
  const again =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const columns: SimpleColumn<DocumentSummary>[] = [
    {
      id: 'number',
      label: t('Document'),
      width: '20%',
      cell: (row) => (
        <span>
          <AppLink to={`${basePath}/invoices/${row.id}`}>
            {documentNumberText(row.series, row.number)}
          </AppLink>
          <Text block size={200} className={styles.detail}>
            {t(KIND_WORDS[row.kind])}
          </Text>
        </span>
      ),
    },
    {
      id: 'date',
      label: t('Issued'),
      width: '16%',
      cell: (row) => formatLongDate(row.issue_date, i18n.language),
    },
    { id: 'payer', label: t('Payer'), cell: (row) => row.payer_name },
    {
      id: 'amount',
      label: t('Amount'),
      width: '14%',
      cell: (row) => <span className={styles.amount}>{formatEuro(row.gross_cents)}</span>,
    },
    {
      id: 'mydata',
      label: t('myDATA'),
      width: '22%',
      cell: (row) => (
        <span className={styles.status}>
          <MydataStatusBadge status={row.mydata_status} />
          {row.mydata_sent_at && (
            <Text size={200} className={styles.detail}>
              {formatLongDate(row.mydata_sent_at, i18n.language, true)}
            </Text>
          )}
        </span>
      ),
    },
  ];

  return (
    <PageFrame
      title={t('Receipts and invoices')}
      actions={
        <Button
          icon={<DocumentText20Regular />}
          onClick={() => setEditingProfile(true)}
          data-testid="invoicing-profile-open"
        >
          {t('Invoicing details')}
        </Button>
      }
    >
      <MydataReadinessBar />
      <div className={styles.tools}>
        <Field label={t('Search')}>
          <SearchBox
            {...searchSlots}
            className={styles.search}
            value={search}
            placeholder={t('Number or payer')}
            onChange={(_event, data) => again(setSearch)(data.value)}
            data-testid="invoices-search"
          />
        </Field>
        <Field label={t('myDATA status')}>
          <Dropdown
            {...dropdownSlots}
            className={styles.dropdown}
            value={status === 'all' ? t('Any status') : t(STATUS_WORDS[status])}
            selectedOptions={[status]}
            onOptionSelect={(_event, data) =>
              again(setStatus)(data.optionValue as Choice<MydataStatus>)
            }
            data-testid="invoices-status"
          >
            <Option value="all">{t('Any status')}</Option>
            {MYDATA_STATUSES.map((value) => (
              <Option key={value} value={value}>
                {t(STATUS_WORDS[value])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('Kind')}>
          <Dropdown
            {...dropdownSlots}
            className={styles.dropdown}
            value={kind === 'all' ? t('Every kind') : t(KIND_WORDS[kind])}
            selectedOptions={[kind]}
            onOptionSelect={(_event, data) =>
              again(setKind)(data.optionValue as Choice<DocumentKind>)
            }
          >
            <Option value="all">{t('Every kind')}</Option>
            {DOCUMENT_KINDS.map((value) => (
              <Option key={value} value={value}>
                {t(KIND_WORDS[value])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('From')}>
          <Input type="date" value={from} onChange={(_e, data) => again(setFrom)(data.value)} />
        </Field>
        <Field label={t('To')}>
          <Input type="date" value={to} onChange={(_e, data) => again(setTo)(data.value)} />
        </Field>
      </div>
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : (
        <SimpleList
          rows={rows}
          columns={columns}
          rowKey={(row) => row.id}
          label={t('Receipts and invoices')}
          testId="invoice-row"
        />
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
      <InvoicingProfileDialog open={editingProfile} onClose={() => setEditingProfile(false)} />
    </PageFrame>
  );
}
