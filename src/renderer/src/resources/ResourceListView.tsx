import { useSearchBoxSlots } from '../components/fluentSlots';
import {
  Button,
  makeStyles,
  mergeClasses,
  SearchBox,
  Spinner,
  Text,
  Toast,
  ToastTitle,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CARD_LAYOUT_MAX_WIDTH } from '../../../shared/constants';
import type { ResourceDefinition } from '../../../shared/resources';
import { useViewportWidth } from '../app/shell/useViewportWidth';
import { useServices } from '../app/services';
import { useAppToaster } from '../app/toaster';
import { useArea } from '../app/area/AreaContext';
import { formatLongDate } from '../i18n/formatDate';
import { useDebouncedValue } from '../components/useDebouncedValue';
import { apiErrorMessage, apiErrorText } from '../api/apiErrorText';
import { DeleteConfirmDialog } from './DeleteConfirmDialog';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import {
  activeFilterCount,
  canPickFrom,
  filterFields,
  filtersFromSearch,
  filtersToQuery,
  searchWithFilters,
  type FilterValues,
} from './filterLogic';
import { FilterControls, FiltersButton } from './ListFilters';
import {
  cardLineFields,
  listedFields,
  nextSort,
  recordTitle,
  weekdayName,
  type SortState,
} from './listLogic';
import { LoadError, NoReadPermission, NothingFound } from './ListStates';
import { ListSortPicker } from './ListSortPicker';
import type { ResourceRecord } from './resourceApi';
import { cardHeight, ResourceCards } from './ResourceCards';
import { ResourceTable } from './ResourceTable';
import { ScrollHelperButton } from './ScrollHelperButton';
import { useDeleteRecords } from './useDeleteRecords';
import { PULL_THRESHOLD_PX, usePullToRefresh } from './usePullToRefresh';
import { recordAbilities } from './recordAbilities';
import { useResourceAccess } from './useResourceAccess';
import { useResourceList } from './useResourceList';
import { useScrollContainer } from './useScrollContainer';
import { useWindowedRows } from './useWindowedRows';

const TABLE_ROW_HEIGHT = 40;
const SEARCH_DELAY_MS = 300;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // The browser's scroll anchoring fights the windowing as rows come and go.
  rows: { overflowAnchor: 'none' },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  search: { flexGrow: 1, minWidth: '160px', maxWidth: '420px' },
  grow: { flexGrow: 1 },
  count: { color: tokens.colorNeutralForeground3 },
  scrollX: { overflowX: 'auto', borderRadius: tokens.borderRadiusMedium },
  frame: {
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  pull: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'center',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground3,
  },
  more: { alignSelf: 'center' },
});

export interface ResourceListViewProps {
  resource: ResourceDefinition;
  /** The record's screen, for links and row presses. */
  hrefOf?: (row: ResourceRecord) => string;
  /** Opens a row some other way (a dialog), instead of a screen. */
  onOpen?: (row: ResourceRecord) => void;
  /** The new-record screen, or an action that opens a dialog. */
  newHref?: string;
  onCreate?: () => void;
  /** A new record started from this one (the row menu's copy). */
  copyHrefOf?: (row: ResourceRecord) => string;
  /** Fixed filters, for lists of a record's parts (the rooms of a building). */
  filters?: Record<string, string | number>;
  /** A control per filterable field, kept in the address (screens, not lists inside one). */
  filterBar?: boolean;
  selectable?: boolean;
  /** Under 768: cards (default), or the table scrolled sideways. */
  narrowLayout?: 'cards' | 'scroll';
  /** Export (and import for importable resources); off for lists inside a record's screen. */
  transfer?: boolean;
  /** The back-to-top button; one per screen. */
  scrollHelper?: boolean;
}

/**
 * The generic list screen of spec §2 over a declared resource: search, sortable columns,
 * checkboxes, infinite paging, pull-to-refresh, a row menu with copy and delete, card layout
 * under 768, hidden without read permission. Only the rows near the viewport are rendered.
 */
export function ResourceListView(props: ResourceListViewProps) {
  const { resource } = props;
  const { t, i18n } = useTranslation();
  const searchBoxSlots = useSearchBoxSlots();
  // The delete confirmation hands focus back to the button that opened it.
  const restoreFocusTarget = useRestoreFocusTarget();
  const styles = useStyles();
  const navigate = useNavigate();
  const { dispatchToast } = useAppToaster();
  const access = useResourceAccess(resource);
  const narrow = useViewportWidth() < CARD_LAYOUT_MAX_WIDTH;
  const cards = narrow && props.narrowLayout !== 'scroll';

  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  const [sort, setSort] = useState<SortState>(resource.defaultSort);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<ResourceRecord[] | null>(null);

  const { role, permissions, schoolId } = useArea();
  const { session } = useServices();
  // An admin who manages the school's users may see the app as any non-admin person of the
  // school (the server checks again).
  const managesUsers = permissions?.find((p) => p.resource === 'users')?.write === true;
  const actAsRole =
    role === 'admin' && managesUsers && resource.people && resource.people.role !== 'admin'
      ? resource.people.role
      : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const fixedFilters = props.filters;
  const filterable = useMemo(
    () =>
      props.filterBar
        ? filterFields(
            resource,
            role,
            (target) => canPickFrom(target, role, permissions),
            Object.keys(fixedFilters ?? {}),
          )
        : [],
    [props.filterBar, resource, role, permissions, fixedFilters],
  );
  const filterValues = useMemo(
    () => filtersFromSearch(resource, filterable, searchParams),
    [resource, filterable, searchParams],
  );
  const setFilterValues = (values: FilterValues) =>
    setSearchParams((current) => searchWithFilters(current, filterable, values), {
      replace: true,
    });
  const filters = useMemo(
    () => ({ ...filtersToQuery(filterValues), ...fixedFilters }),
    [filterValues, fixedFilters],
  );

  const list = useResourceList(access.scope, { search, sort, filters }, access.read);
  const remove = useDeleteRecords(access.scope);
  const fields = useMemo(() => listedFields(resource, role), [resource, role]);
  const rowHeight = cards ? cardHeight(cardLineFields(resource, fields).length) : TABLE_ROW_HEIGHT;

  const listRef = useRef<HTMLDivElement>(null);
  const container = useScrollContainer(listRef);
  const range = useWindowedRows(listRef, container, list.rows.length, rowHeight);
  const { pull } = usePullToRefresh(container, () => list.refetch());

  const nearEnd = range.end >= list.rows.length - 5;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = list;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const format = useMemo(
    () => ({
      yes: t('Yes'),
      no: t('No'),
      date: (iso: string) => formatLongDate(iso, i18n.language),
      choice: (value: string) => t(value),
      weekday: (day: number) => weekdayName(day, i18n.language),
    }),
    [t, i18n.language],
  );

  if (!access.read) return <NoReadPermission />;

  const canWrite = access.write;
  const query = {
    search: search || undefined,
    sort: sort.field,
    order: sort.order,
    ...filters,
  };
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      list.rows.every((row) => current.has(row.id))
        ? new Set()
        : new Set(list.rows.map((row) => row.id)),
    );

  const confirmDelete = () => {
    const rows = pendingDelete ?? [];
    remove.mutate(
      rows.map((row) => row.id),
      {
        onSuccess: () => {
          setSelected(new Set());
          dispatchToast(
            <Toast>
              <ToastTitle>{t('Deleted')}</ToastTitle>
            </Toast>,
            { intent: 'success' },
          );
        },
        onError: (error) =>
          dispatchToast(
            <Toast>
              <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
            </Toast>,
            { intent: 'error' },
          ),
        onSettled: () => setPendingDelete(null),
      },
    );
  };

  const openRow =
    props.onOpen ??
    (props.hrefOf ? (row: ResourceRecord) => void navigate(props.hrefOf!(row)) : undefined);
  const canDelete = (row: ResourceRecord) => recordAbilities(row, canWrite).delete;
  // Only what may be deleted is offered for deleting, together or one by one.
  const selectedRows = list.rows.filter((row) => selected.has(row.id) && canDelete(row));
  const viewProps = {
    resource,
    fields,
    rows: list.rows,
    range,
    rowHeight,
    format,
    sort,
    onSort: (field: string) => setSort((current) => nextSort(current, field)),
    selectable: Boolean(props.selectable && list.rows.some(canDelete)),
    selected,
    onToggle: toggle,
    onToggleAll: toggleAll,
    hrefOf: props.hrefOf,
    onOpen: openRow,
    onCopy:
      canWrite && props.copyHrefOf
        ? (row: ResourceRecord) => void navigate(props.copyHrefOf!(row))
        : undefined,
    onDelete: (row: ResourceRecord) => setPendingDelete([row]),
    canDelete,
    onActAs: actAsRole
      ? (row: ResourceRecord) =>
          session.startImpersonation({
            userId: Number(row.user_id),
            // As the drawer names the signed-in user: first name first.
            name: `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim(),
            schoolId,
            role: actAsRole,
          })
      : undefined,
  };

  return (
    <div className={styles.root} data-testid={`resource-list-${resource.name}`}>
      <div className={styles.toolbar}>
        <SearchBox
          {...searchBoxSlots}
          className={styles.search}
          placeholder={t('Search')}
          aria-label={t('Search')}
          value={searchText}
          onChange={(_e, data) => setSearchText(data.value)}
          data-testid="list-search"
        />
        {narrow && filterable.length > 0 && (
          <FiltersButton
            count={activeFilterCount(filterValues)}
            open={filtersOpen}
            onToggle={() => setFiltersOpen((open) => !open)}
          />
        )}
        {cards && <ListSortPicker fields={fields} sort={sort} onChange={setSort} />}
        <span className={styles.grow} />
        {selectedRows.length > 0 && (
          <Button
            icon={<Delete20Regular />}
            onClick={() => setPendingDelete(selectedRows)}
            {...restoreFocusTarget}
            data-testid="delete-selected"
          >
            {t('Delete ({{count}})', { count: selectedRows.length })}
          </Button>
        )}
        {props.transfer !== false && (
          <ExportMenu scope={access.scope} query={query} compact={narrow} />
        )}
        {props.transfer !== false && resource.importable && canWrite && (
          <ImportDialog resource={resource} scope={access.scope} compact={narrow} />
        )}
        {canWrite && (props.newHref || props.onCreate) && (
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => (props.onCreate ? props.onCreate() : void navigate(props.newHref!))}
            data-testid="list-new"
          >
            {t('New')}
          </Button>
        )}
      </div>
      {filterable.length > 0 && (!narrow || filtersOpen) && (
        <FilterControls
          resource={resource}
          fields={filterable}
          values={filterValues}
          onChange={setFilterValues}
          panel={narrow}
        />
      )}
      {pull > 0 && (
        <div className={styles.pull} style={{ height: pull }} data-testid="pull-indicator">
          <Text size={200}>
            {pull >= PULL_THRESHOLD_PX ? t('Release to refresh') : t('Pull to refresh')}
          </Text>
        </div>
      )}
      {list.total !== undefined && (
        <Text size={200} className={styles.count} aria-live="polite" data-testid="list-count">
          {t('{{count}} results', { count: list.total })}
        </Text>
      )}
      {list.isError && <LoadError message={apiErrorText(list.error)} />}
      <div
        ref={listRef}
        className={mergeClasses(styles.rows, !cards && (narrow ? styles.scrollX : styles.frame))}
      >
        {list.isPending ? (
          <Spinner label={t('Loading...')} />
        ) : list.rows.length === 0 && !list.isError ? (
          <NothingFound />
        ) : cards ? (
          <ResourceCards {...viewProps} />
        ) : (
          <ResourceTable {...viewProps} wide={narrow} />
        )}
      </div>
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
      {props.scrollHelper !== false && <ScrollHelperButton container={container} />}
      <DeleteConfirmDialog
        open={pendingDelete !== null}
        name={pendingDelete?.[0] ? recordTitle(resource, pendingDelete[0]) : undefined}
        count={pendingDelete?.length}
        busy={remove.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
