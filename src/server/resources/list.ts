import { sql, type AliasedRawBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Role } from '../../shared/constants';
import type { FieldDefinition, RecordAbilities, ResourceDefinition } from '../../shared/resources';
import type { ListRequest } from '../../shared/resources/list-query';
import { normalizeSearch } from '../../shared/search';
import { countOf } from '../db/database';
import { runShaped } from '../db/query-shapes';
import { validationError } from '../http/errors';
import { columnFields, columnName, columnRef, fromRow, targetOf, visibleTo } from './model';
import { hooksOf } from './hooks';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine reaches tables by name
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface Caller {
  schoolId: number;
  role: Role;
  /** The caller's membership id, for scoped roles. */
  me: number | null;
}

/** The caller as the per-record rules see it: who, and whether they may write the resource. */
export interface RecordReader extends Caller {
  userId: number;
  fullAccess: boolean;
  /** Write permission on the resource (and the area's own condition on writing it). */
  canWrite: boolean;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The records of a school (and role, for people), narrowed by the caller's scope. People's
 * accounts are joined unless the caller says the query needs nothing of them.
 */
export function baseQuery(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: Caller,
  joinAccount = true,
): AnyQuery {
  let query: AnyQuery = db
    .selectFrom(`${resource.table} as r`)
    .where('r.school_id', '=', caller.schoolId);
  if (resource.people) {
    // A literal: the role is the resource's, and shaped queries take values only from callers.
    query = query.where('r.role', '=', sql.lit(resource.people.role));
    if (joinAccount) query = query.innerJoin('users as u', 'u.id', 'r.user_id');
  }
  if (caller.role === 'admin') return query;
  // Fail closed: a role without a scope, or a caller without a membership, sees no row.
  const scope = hooksOf(resource).scopes?.[caller.role];
  if (scope === 'school') return query;
  if (!scope || caller.me === null) return query.where(sql<boolean>`1 = 0`);
  return query.where(scope(caller.me, caller.schoolId));
}

const sortRef = (field: FieldDefinition) =>
  field.sortColumn ? `r.${field.sortColumn}` : columnRef(field);

/** What the caller, the filters and the search put into a list's queries. */
interface FilterValues {
  schoolId: number;
  me: number | null;
  search: string | null;
  /** Column values (flags as 1 and 0) by filter name. */
  filters: Record<string, (string | number)[]>;
}

function filterValues(
  resource: ResourceDefinition,
  request: ListRequest,
  caller: Caller,
): FilterValues {
  return {
    schoolId: caller.schoolId,
    me: caller.me,
    search: request.search ? `%${escapeLike(normalizeSearch(request.search))}%` : null,
    filters: Object.fromEntries(
      Object.entries(request.filters).map(([name, values]) => {
        const field = resource.fields.find((f) => f.name === name)!;
        return [name, field.kind === 'boolean' ? values.map((v) => (v ? 1 : 0)) : values];
      }),
    ) as FilterValues['filters'],
  };
}

/** The linked ids a role may see behind a link field, when its area narrows them. */
export const linkScopeOf = (resource: ResourceDefinition, role: Role, field: FieldDefinition) =>
  hooksOf(resource).linkScopes?.[role]?.[field.name];

function applyFilters(
  query: AnyQuery,
  resource: ResourceDefinition,
  role: Role,
  values: FilterValues,
) {
  if (values.search !== null) {
    query = query.where(sql<boolean>`r.search_text like ${values.search} escape '\\'`);
  }
  for (const [name, list] of Object.entries(values.filters)) {
    const field = resource.fields.find((f) => f.name === name)!;
    if (field.kind === 'references') {
      const link = field.link!;
      // Filtering by a lesson a role may not see would tell who is in it.
      const linkScope = linkScopeOf(resource, role, field);
      const narrowed =
        linkScope && values.me !== null
          ? sql` and l.${sql.ref(link.to)} in (${linkScope(values.me, values.schoolId)})`
          : sql``;
      query = query.where(
        sql<boolean>`exists (select 1 from ${sql.table(link.table)} l where l.school_id = ${values.schoolId} and l.${sql.ref(link.from)} = r.id and l.${sql.ref(link.to)} in (${sql.join(list)})${narrowed})`,
      );
    } else {
      query = query.where(columnRef(field), 'in', list);
    }
  }
  return query;
}

/**
 * Selects every column field the role may see, and the label of each listed reference to a
 * plain resource.
 */
export function selectColumns(query: AnyQuery, resource: ResourceDefinition, role: Role): AnyQuery {
  const selections: (string | AliasedRawBuilder<unknown, string>)[] = ['r.id'];
  if (resource.people) selections.push('r.user_id');
  for (const field of columnFields(resource)) {
    if (!visibleTo(field, role)) continue;
    if (field.storage === 'account' && field.kind === 'email') {
      // A school's stand-in for an invited account shows the address it invited.
      selections.push(sql<string>`coalesce(u.email, u.pending_email)`.as(field.name));
    } else {
      selections.push(`${columnRef(field)} as ${field.name}`);
    }
  }
  for (const column of hooksOf(resource).internalColumns ?? []) {
    selections.push(`r.${column} as ${column}`);
  }
  let result = query.select(selections);
  for (const field of resource.fields) {
    if (field.kind !== 'reference' || !field.list || !visibleTo(field, role)) continue;
    const target = targetOf(field);
    if (target.people || target.recordsAreAccounts) continue;
    const alias = `ref_${field.name}`;
    result = result
      .leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `r.${columnName(field)}`)
      .select(`${alias}.${target.labelField} as ${field.name.replace(/_id$/, '')}_label`);
  }
  return result;
}

const flip = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

/**
 * Where to read a page's ids: OFFSET walks the sorted index from its start, so a page in the
 * second half is read from the end in reverse order (and turned round). The last page then
 * costs what the first does, and the middle one walks half the index, the most of any page.
 * Null when the page lies past the end.
 */
export function pageWindow(total: number, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  if (offset >= total) return null;
  const limit = Math.min(perPage, total - offset);
  const fromEnd = total - offset - limit;
  return fromEnd < offset
    ? { backwards: true, limit, offset: fromEnd }
    : { backwards: false, limit, offset };
}

/**
 * One page of a resource: rows (API values) and the total for the same filters. The total
 * comes first; then the page's ids, from the record table alone (an index walk when the sort
 * has an index, from whichever end is nearer: pageWindow); only those rows are then joined
 * and read, so page 250 costs about what page 1 does.
 */
export async function listRecords(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: RecordReader,
  request: ListRequest,
) {
  const sortField = resource.fields.find((f) => f.name === request.sort)!;
  const hidden = [sortField.name, ...Object.keys(request.filters)].filter(
    (name) =>
      !visibleTo(
        resource.fields.find((f) => f.name === name)!,
        caller.role,
      ),
  );
  if (hidden.length) {
    throw validationError(
      Object.fromEntries(hidden.map((name) => [name, 'Not available'])),
      'Invalid list query.',
    );
  }
  // Filters and search use record columns only (account fields are neither filterable nor
  // searched outside search_text), so only an account-field sort needs the account.
  const sortNeedsAccount = sortField.storage === 'account' && !sortField.sortColumn;
  // The three queries are shaped (built once, see runShaped): everything they depend on
  // besides these values is in their keys.
  const shape = `${resource.name}:${caller.role}`;
  const filtering = filterValues(resource, request, caller);
  const who = (v: { schoolId: number; me: number | null }): Caller => ({
    schoolId: v.schoolId,
    me: v.me,
    role: caller.role,
  });
  const filtered = (v: FilterValues, joinAccount: boolean) =>
    applyFilters(baseQuery(db, resource, who(v), joinAccount), resource, caller.role, v);
  const [total] = await runShaped(db, `list-count:${shape}`, filtering, (v) =>
    filtered(v, false).select((eb) => eb.fn.countAll().as('count')),
  );
  const totalCount = countOf(total as { count: number } | undefined);
  const window = pageWindow(totalCount, request.page, request.per_page);
  let ids: number[] = [];
  if (window) {
    const order = window.backwards ? flip(request.order) : request.order;
    const page = await runShaped(
      db,
      `list-ids:${shape}:${request.sort}:${order}`,
      { ...filtering, limit: window.limit, offset: window.offset },
      (v) =>
        filtered(v, sortNeedsAccount)
          .select('r.id')
          .orderBy(sortRef(sortField), order)
          .orderBy('r.id', order)
          .limit(v.limit)
          .offset(v.offset),
    );
    ids = (page as { id: number }[]).map((r) => r.id);
    if (window.backwards) ids.reverse();
  }
  const rows = ids.length
    ? ((await runShaped(
        db,
        `list-rows:${shape}`,
        { schoolId: caller.schoolId, me: caller.me, ids },
        (v) =>
          selectColumns(
            baseQuery(db, resource, who(v)).where('r.id', 'in', v.ids),
            resource,
            caller.role,
          ),
      )) as Record<string, unknown>[])
    : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id as number)! - position.get(b.id as number)!);
  return {
    data: rows.map((row) => presentRecord(resource, caller, fromRow(resource, row))),
    totalCount,
  };
}

/**
 * What the caller may do with a record, decided here and sent with it (`abilities`), so that
 * screens show actions from the server's answer; the rules' own columns are then dropped.
 */
export function abilitiesOf(
  resource: ResourceDefinition,
  caller: RecordReader,
  record: Record<string, unknown>,
): RecordAbilities {
  if (!caller.canWrite) return { update: false, delete: false };
  return hooksOf(resource).recordAbilities?.(caller, record) ?? { update: true, delete: true };
}

export function presentRecord(
  resource: ResourceDefinition,
  caller: RecordReader,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const abilities = abilitiesOf(resource, caller, record);
  for (const column of hooksOf(resource).internalColumns ?? []) delete record[column];
  return { ...record, abilities };
}

export { listQuerySchema, type ListRequest } from '../../shared/resources/list-query';
