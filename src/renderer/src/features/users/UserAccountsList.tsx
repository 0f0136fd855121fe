import {
  Button,
  makeStyles,
  SearchBox,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Toast,
  ToastTitle,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchBoxSlots } from '../../components/fluentSlots';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CARD_LAYOUT_MAX_WIDTH, type Role } from '../../../../shared/constants';
import { RESOURCES } from '../../../../shared/resources';
import { apiErrorMessage, apiErrorText } from '../../api/apiErrorText';
import { useArea } from '../../app/area/AreaContext';
import { useViewportWidth } from '../../app/shell/useViewportWidth';
import { useAppToaster } from '../../app/toaster';
import { AppLink } from '../../components/AppLink';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { DeleteConfirmDialog } from '../../resources/DeleteConfirmDialog';
import { ExportMenu } from '../../resources/ExportMenu';
import {
  activeFilterCount,
  canPickFrom,
  filterFields,
  filtersFromSearch,
  filtersToQuery,
  searchWithFilters,
  type FilterValues,
} from '../../resources/filterLogic';
import { FilterControls, FiltersButton } from '../../resources/ListFilters';
import { LoadError, NoReadPermission, NothingFound } from '../../resources/ListStates';
import { recordAbilities } from '../../resources/recordAbilities';
import type { ResourceRecord } from '../../resources/resourceApi';
import { useDeleteRecords } from '../../resources/useDeleteRecords';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { useResourceList } from '../../resources/useResourceList';
import { UserAccessSummary } from './UserAccessSummary';
import { useGroupNamesByUser } from './useUserAccess';

const users = RESOURCES.users!;
const SEARCH_DELAY_MS = 300;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  search: { flexGrow: 1, minWidth: '160px', maxWidth: '420px' },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  frame: {
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cell: { overflow: 'hidden', textOverflow: 'ellipsis' },
  cards: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflowWrap: 'anywhere',
  },
  cardHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  more: { alignSelf: 'center' },
});

type UserRow = ResourceRecord & {
  first_name: string;
  last_name: string;
  email: string | null;
  username: string;
  roles: Role[];
  full_access: boolean;
};

/**
 * The school's accounts: roles, and for admins full access or their permission groups. Opening
 * and deleting follow each row's `abilities` (the server's policy: who may manage whom).
 */
export function UserAccountsList() {
  const { t } = useTranslation();
  const searchBoxSlots = useSearchBoxSlots();
  const styles = useStyles();
  const navigate = useNavigate();
  const { basePath, permissions, role } = useArea();
  const { dispatchToast } = useAppToaster();
  const access = useResourceAccess(users);
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // The roles filter, kept in the address like every list's (`?roles=teacher,admin`).
  const [searchParams, setSearchParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterable = useMemo(
    () => filterFields(users, role, (target) => canPickFrom(target, role, permissions)),
    [role, permissions],
  );
  const filterValues = useMemo(
    () => filtersFromSearch(users, filterable, searchParams),
    [filterable, searchParams],
  );
  const filters = useMemo(() => filtersToQuery(filterValues), [filterValues]);
  const setFilterValues = (values: FilterValues) =>
    setSearchParams((current) => searchWithFilters(current, filterable, values), {
      replace: true,
    });
  const list = useResourceList(
    access.scope,
    { search, sort: users.defaultSort, filters },
    access.read,
  );
  const readsGroups = permissions?.find((p) => p.resource === 'permissions')?.read === true;
  const groups = useGroupNamesByUser(access.read && readsGroups);
  const remove = useDeleteRecords(access.scope);
  const [pendingDelete, setPendingDelete] = useState<UserRow | null>(null);

  if (!access.read) return <NoReadPermission />;
  const rows = list.rows as UserRow[];
  const nameOf = (row: UserRow) => `${row.last_name} ${row.first_name}`.trim();
  const groupsOf = (row: UserRow) => (groups ? (groups.get(row.id) ?? []) : null);
  const canDelete = (row: UserRow) => recordAbilities(row, access.write).delete;

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate([pendingDelete.id], {
      onSuccess: () =>
        dispatchToast(
          <Toast>
            <ToastTitle>{t('Deleted')}</ToastTitle>
          </Toast>,
          { intent: 'success' },
        ),
      // A refusal (the last full admin, an admin the caller may not manage) in words.
      onError: (error) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
          </Toast>,
          { intent: 'error' },
        ),
      onSettled: () => setPendingDelete(null),
    });
  };
  const deleteButton = (row: UserRow) =>
    canDelete(row) ? (
      <Button
        appearance="subtle"
        icon={<Delete20Regular />}
        aria-label={t('Delete {{name}}', { name: nameOf(row) })}
        onClick={() => setPendingDelete(row)}
        data-testid="user-delete"
      />
    ) : null;
  const nameLink = (row: UserRow) => (
    <AppLink to={`${basePath}/users/${row.id}`}>{nameOf(row) || row.username}</AppLink>
  );

  return (
    <div className={styles.root} data-testid="users-accounts">
      <div className={styles.toolbar}>
        <SearchBox
          {...searchBoxSlots}
          className={styles.search}
          placeholder={t('Search')}
          aria-label={t('Search')}
          value={searchText}
          onChange={(_e, data) => setSearchText(data.value)}
        />
        {narrow && filterable.length > 0 && (
          <FiltersButton
            count={activeFilterCount(filterValues)}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((open) => !open)}
          />
        )}
        <span className={styles.grow} />
        <ExportMenu
          scope={access.scope}
          query={{ search: search || undefined, ...filters }}
          compact={narrow}
        />
        {access.write && (
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => void navigate(`${basePath}/new-user-wizard`)}
            data-testid="list-new"
          >
            {t('New')}
          </Button>
        )}
      </div>
      {filterable.length > 0 && (!narrow || filtersOpen) && (
        <FilterControls
          resource={users}
          fields={filterable}
          values={filterValues}
          onChange={setFilterValues}
          panel={narrow}
        />
      )}
      {list.total !== undefined && (
        <Text size={200} className={styles.muted} aria-live="polite" data-testid="list-count">
          {t('{{count}} results', { count: list.total })}
        </Text>
      )}
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      {list.isPending ? (
        <Spinner label={t('Loading...')} />
      ) : rows.length === 0 && !list.isError ? (
        <NothingFound />
      ) : narrow ? (
        <div className={styles.cards}>
          {rows.map((row) => (
            <div key={row.id} className={styles.card} data-testid="user-row">
              <div className={styles.cardHead}>
                <span className={styles.grow}>{nameLink(row)}</span>
                {deleteButton(row)}
              </div>
              <Text size={200} className={styles.muted}>
                {row.email ?? row.username}
              </Text>
              <UserAccessSummary user={row} groups={groupsOf(row)} />
            </div>
          ))}
        </div>
      ) : (
        <div className={styles.frame}>
          <Table size="small" aria-label={t('Users')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('Name')}</TableHeaderCell>
                <TableHeaderCell>{t('Email')}</TableHeaderCell>
                <TableHeaderCell>{t('Username')}</TableHeaderCell>
                <TableHeaderCell>{t('Roles and access')}</TableHeaderCell>
                <TableHeaderCell style={{ width: '48px' }} aria-label={t('Actions')} />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid="user-row">
                  <TableCell className={styles.cell}>{nameLink(row)}</TableCell>
                  <TableCell className={styles.cell}>{row.email ?? ''}</TableCell>
                  <TableCell className={styles.cell}>{row.username}</TableCell>
                  <TableCell>
                    <UserAccessSummary user={row} groups={groupsOf(row)} />
                  </TableCell>
                  <TableCell>{deleteButton(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {list.hasNextPage && (
        <Button
          className={styles.more}
          appearance="subtle"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="load-more"
        >
          {list.isFetchingNextPage ? t('Loading...') : t('Load more')}
        </Button>
      )}
      <DeleteConfirmDialog
        open={pendingDelete !== null}
        name={pendingDelete ? nameOf(pendingDelete) : undefined}
        busy={remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
