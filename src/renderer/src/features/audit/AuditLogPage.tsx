import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../shared/api/auditLog';
import { apiRequest } from '../../api/client';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { PageFrame } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { useDebouncedValue } from '../../components/useDebouncedValue';

const PER_PAGE = 20;

const useStyles = makeStyles({
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  // Fluent's inputs have a minimum width of their own; in a grid cell they must shrink to it.
  input: { width: '100%', minWidth: 0 },
  scroll: { overflowX: 'auto' },
  // On a phone the table scrolls sideways rather than folding the details letter by letter.
  table: { minWidth: '44rem' },
  detail: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-word' },
  actor: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

interface Filters {
  from: string;
  to: string;
  action: string;
  entity: string;
  search: string;
  actor: { id: number; name: string } | null;
}

const EMPTY: Filters = { from: '', to: '', action: '', entity: '', search: '', actor: null };

/**
 * Who did what to which record and when, for admins with full access (settings → audit log;
 * the spec has no route of its own for it, docs/decisions.md). A person's name filters by them.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const { schoolId, role } = useArea();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const typed = useDebouncedValue(filters, 300);
  const change = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const query = {
    from: typed.from || undefined,
    to: typed.to || undefined,
    action: typed.action.trim() || undefined,
    entity: typed.entity.trim() || undefined,
    search: typed.search.trim() || undefined,
    actor_user_id: typed.actor?.id,
    page,
    per_page: PER_PAGE,
  };
  const log = useQuery({
    queryKey: ['schools', schoolId, role, 'audit-log', query],
    queryFn: () =>
      apiRequest<AuditEntry[]>('GET', `/schools/${schoolId}/${role}/audit-log`, { query }),
    placeholderData: keepPreviousData,
  });
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const pages = Math.max(1, Math.ceil((log.data?.totalCount ?? 0) / PER_PAGE));
  return (
    <PageFrame title={t('Audit log')}>
      <div className={styles.filters} role="search" aria-label={t('Filter the audit log')}>
        <Field label={t('From')}>
          <Input
            className={styles.input}
            type="date"
            value={filters.from}
            onChange={(_e, d) => change({ from: d.value })}
            data-testid="audit-from"
          />
        </Field>
        <Field label={t('To')}>
          <Input
            className={styles.input}
            type="date"
            value={filters.to}
            onChange={(_e, d) => change({ to: d.value })}
            data-testid="audit-to"
          />
        </Field>
        <Field label={t('Action')}>
          <Input
            className={styles.input}
            value={filters.action}
            onChange={(_e, d) => change({ action: d.value })}
            data-testid="audit-action"
          />
        </Field>
        <Field label={t('Record type')}>
          <Input
            className={styles.input}
            value={filters.entity}
            onChange={(_e, d) => change({ entity: d.value })}
            data-testid="audit-entity"
          />
        </Field>
        <Field label={t('Search')}>
          <Input
            className={styles.input}
            value={filters.search}
            onChange={(_e, d) => change({ search: d.value })}
            data-testid="audit-search"
          />
        </Field>
      </div>
      {filters.actor && (
        <div className={styles.actor}>
          <span>{t('Person: {{name}}', { name: filters.actor.name })}</span>
          <Button
            size="small"
            icon={<Dismiss20Regular />}
            onClick={() => change({ actor: null })}
            data-testid="audit-actor-clear"
          >
            {t('Show everyone')}
          </Button>
        </div>
      )}
      {log.isError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{apiErrorMessage(log.error, t)}</MessageBarBody>
        </MessageBar>
      ) : !log.data ? (
        <Spinner label={t('Loading...')} />
      ) : log.data.data.length === 0 ? (
        <p>{t('No entries match these filters.')}</p>
      ) : (
        <div className={styles.scroll}>
          <Table className={styles.table} aria-label={t('Audit log')} data-testid="audit-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('When')}</TableHeaderCell>
                <TableHeaderCell>{t('Who')}</TableHeaderCell>
                <TableHeaderCell>{t('Action')}</TableHeaderCell>
                <TableHeaderCell>{t('Record')}</TableHeaderCell>
                <TableHeaderCell>{t('Details')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{when.format(new Date(entry.created_at))}</TableCell>
                  <TableCell>
                    {entry.actor ? (
                      <Button
                        appearance="transparent"
                        size="small"
                        onClick={() => change({ actor: entry.actor })}
                      >
                        {entry.actor.name}
                      </Button>
                    ) : (
                      t('System')
                    )}
                    {entry.as_user && <div>{t('as {{name}}', { name: entry.as_user.name })}</div>}
                  </TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell>
                    {entry.entity}
                    {entry.entity_id ? ` #${entry.entity_id}` : ''}
                  </TableCell>
                  <TableCell className={styles.detail}>{entry.detail ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {pages > 1 && <Pager page={page} pages={pages} onPage={setPage} />}
    </PageFrame>
  );
}
