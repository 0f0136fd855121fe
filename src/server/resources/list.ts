import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, type Role } from '../../shared/constants';
import type { FieldDefinition, ResourceDefinition } from '../../shared/resources';
import { normalizeSearch } from '../../shared/search';
import { countOf } from '../db/database';
import { validationError } from '../http/errors';
import { columnFields, columnName, columnRef, fromRow, targetOf, visibleTo } from './model';
import { scopeFor } from './scopes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the engine reaches tables by name
export type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface ListRequest {
  page: number;
  per_page: number;
  search?: string;
  sort?: string;
  order: 'asc' | 'desc';
  filters: Record<string, (string | number | boolean)[]>;
}

export interface Caller {
  schoolId: number;
  role: Role;
  /** The caller's membership id, for scoped roles. */
  me: number | null;
}

const filterValue = (field: FieldDefinition) =>
  field.kind === 'boolean'
    ? z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
    : field.kind === 'reference' || field.kind === 'references' || field.kind === 'integer'
      ? z.coerce.number().int()
      : z.string().max(200);

/** The query schema of a resource's list: paging, search, sort and its filterable fields. */
export function listQuerySchema(resource: ResourceDefinition) {
  const sortable = resource.fields.filter((f) => f.sortable).map((f) => f.name);
  const filterable = resource.fields.filter((f) => f.filterable);
  return z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
      search: z.string().trim().max(200).optional(),
      sort: z
        .string()
        .refine((s) => sortable.includes(s), { message: `Sort by one of: ${sortable.join(', ')}` })
        .optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...Object.fromEntries(
        filterable.map((f) => [
          f.name,
          z
            .string()
            .max(2000)
            .transform((text) => text.split(','))
            .pipe(z.array(filterValue(f) as z.ZodType<string | number | boolean, string>).max(100))
            .optional(),
        ]),
      ),
    })
    .transform(({ page, per_page, search, sort, order, ...filters }): ListRequest => ({
      page,
      per_page,
      search: search || undefined,
      sort: sort ?? resource.defaultSort.field,
      order: order ?? (sort ? 'asc' : resource.defaultSort.order),
      filters: Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined),
      ) as ListRequest['filters'],
    }));
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
    query = query.where('r.role', '=', resource.people.role);
    if (joinAccount) query = query.innerJoin('users as u', 'u.id', 'r.user_id');
  }
  const scope = caller.role === 'admin' ? undefined : scopeFor(caller.role, resource.name);
  if (scope && caller.me !== null) query = query.where(scope(caller.me, caller.schoolId));
  return query;
}

const sortRef = (field: FieldDefinition) =>
  field.sortColumn ? `r.${field.sortColumn}` : columnRef(field);

function applyFilters(
  query: AnyQuery,
  resource: ResourceDefinition,
  request: ListRequest,
  schoolId: number,
): AnyQuery {
  if (request.search) {
    query = query.where(
      sql<boolean>`r.search_text like ${`%${escapeLike(normalizeSearch(request.search))}%`} escape '\\'`,
    );
  }
  for (const [name, values] of Object.entries(request.filters)) {
    const field = resource.fields.find((f) => f.name === name)!;
    if (field.kind === 'references') {
      const link = field.link!;
      query = query.where(
        sql<boolean>`exists (select 1 from ${sql.table(link.table)} l where l.school_id = ${schoolId} and l.${sql.ref(link.from)} = r.id and l.${sql.ref(link.to)} in (${sql.join(values)}))`,
      );
    } else {
      const column = columnRef(field);
      const mapped = field.kind === 'boolean' ? values.map((v) => (v ? 1 : 0)) : values;
      query = query.where(column, 'in', mapped);
    }
  }
  return query;
}

/**
 * Selects every column field the role may see, and the label of each listed reference to a
 * plain resource.
 */
export function selectColumns(query: AnyQuery, resource: ResourceDefinition, role: Role): AnyQuery {
  const selections: string[] = ['r.id'];
  if (resource.people) selections.push('r.user_id');
  for (const field of columnFields(resource)) {
    if (visibleTo(field, role)) selections.push(`${columnRef(field)} as ${field.name}`);
  }
  let result = query.select(selections);
  for (const field of resource.fields) {
    if (field.kind !== 'reference' || !field.list || !visibleTo(field, role)) continue;
    const target = targetOf(field);
    if (target.people || target.custom) continue;
    const alias = `ref_${field.name}`;
    result = result
      .leftJoin(`${target.table} as ${alias}`, `${alias}.id`, `r.${columnName(field)}`)
      .select(`${alias}.${target.labelField} as ${field.name.replace(/_id$/, '')}_label`);
  }
  return result;
}

/**
 * One page of a resource: rows (API values) and the total for the same filters. The page's
 * ids come first from the record table alone (an index walk when the sort has an index);
 * only those rows are then joined and read, so page 250 costs about what page 1 does.
 */
export async function listRecords(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: Caller,
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
  const filtered = (joinAccount: boolean) =>
    applyFilters(baseQuery(db, resource, caller, joinAccount), resource, request, caller.schoolId);
  const [page, total] = await Promise.all([
    filtered(sortNeedsAccount)
      .select('r.id')
      .orderBy(sortRef(sortField), request.order)
      .orderBy('r.id', request.order)
      .limit(request.per_page)
      .offset((request.page - 1) * request.per_page)
      .execute(),
    filtered(false)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
  ]);
  const ids = (page as { id: number }[]).map((r) => r.id);
  const rows = ids.length
    ? ((await selectColumns(
        baseQuery(db, resource, caller).where('r.id', 'in', ids),
        resource,
        caller.role,
      ).execute()) as Record<string, unknown>[])
    : [];
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id as number)! - position.get(b.id as number)!);
  return {
    data: rows.map((row) => fromRow(resource, row)),
    totalCount: countOf(total as { count: number }),
  };
}
