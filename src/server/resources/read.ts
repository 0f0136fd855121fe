import { sql } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import { normalizeSearch } from '../../shared/search';
import { notFound } from '../http/errors';
import {
  baseQuery,
  linkScopeOf,
  presentRecord,
  selectColumns,
  type AnyDb,
  type Caller,
  type RecordReader,
} from './list';
import { fromRow, linkFields, targetOf, visibleTo } from './model';

export interface Option {
  id: number;
  label: string;
}

/** Labels of records by id, for references shown in forms. */
export async function labelsOf(
  db: AnyDb,
  target: ResourceDefinition,
  schoolId: number,
  ids: number[],
): Promise<Option[]> {
  if (ids.length === 0) return [];
  let query = db
    .selectFrom(`${target.table} as r`)
    .where('r.school_id', '=', schoolId)
    .where('r.id', 'in', ids);
  if (target.people) {
    query = query
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', sql<string>`u.last_name || ' ' || u.first_name`.as('label')]);
  } else if (target.recordsAreAccounts) {
    // The users resource: ids are account ids, labelled by name.
    query = db
      .selectFrom('users as r')
      .where('r.id', 'in', ids)
      .where(
        sql<boolean>`exists (select 1 from memberships m where m.user_id = r.id and m.school_id = ${schoolId})`,
      )
      .select(['r.id', sql<string>`r.last_name || ' ' || r.first_name`.as('label')]);
  } else {
    query = query.select(['r.id', `r.${target.labelField} as label`]);
  }
  // In id order, like the link arrays: without an ORDER BY, PostgreSQL returns rows in their
  // physical order, which an unrelated update of one of them changes.
  const rows = (await query.orderBy('r.id').execute()) as { id: number; label: unknown }[];
  return rows.map((r) => ({ id: r.id, label: String(r.label ?? '') }));
}

/**
 * The record's row as this caller may see it (its school, its role's scope), or not found:
 * what a read shows and what a write may act on are the same rows.
 */
export async function visibleRow(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: RecordReader,
  id: number,
): Promise<Record<string, unknown>> {
  const row = await selectColumns(
    baseQuery(db, resource, caller).where('r.id', '=', id),
    resource,
    caller.role,
  ).executeTakeFirst();
  if (!row) throw notFound(`This ${resource.singular.toLowerCase()} does not exist.`);
  return row as Record<string, unknown>;
}

/** One record with its link ids and the labels of everything it points at. */
export async function getRecord(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: RecordReader,
  id: number,
) {
  const row = await visibleRow(db, resource, caller, id);
  const record = fromRow(resource, row);
  const labels: Record<string, Option[]> = {};
  for (const field of linkFields(resource)) {
    if (!visibleTo(field, caller.role)) continue;
    const link = field.link!;
    let linked = db
      .selectFrom(link.table)
      .select(`${link.to} as id`)
      .where('school_id', '=', caller.schoolId)
      .where(link.from, '=', id);
    // Of a person's lessons, a student or teacher sees only those they share.
    const linkScope = linkScopeOf(resource, caller.role, field);
    if (linkScope) {
      linked =
        caller.me === null
          ? linked.where(sql<boolean>`1 = 0`)
          : linked.where(
              sql<boolean>`${sql.ref(link.to)} in (${linkScope(caller.me, caller.schoolId)})`,
            );
    }
    const links = (await linked.orderBy(link.to).execute()) as { id: number }[];
    record[field.name] = links.map((l) => l.id);
    labels[field.name] = await labelsOf(
      db,
      targetOf(field),
      caller.schoolId,
      record[field.name] as number[],
    );
  }
  for (const field of resource.fields) {
    if (field.kind === 'reference' && record[field.name] && visibleTo(field, caller.role)) {
      labels[field.name] = await labelsOf(db, targetOf(field), caller.schoolId, [
        record[field.name] as number,
      ]);
    }
  }
  return { ...presentRecord(resource, caller, record), labels };
}

/** Up to 50 records matching a search, as {id, label}: the choices of a reference field. */
export async function searchOptions(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: Caller,
  search: string | undefined,
) {
  let query = baseQuery(db, resource, caller);
  if (search)
    query = query.where(
      'r.search_text',
      'like',
      `%${normalizeSearch(search).replace(/[\\%_]/g, '')}%`,
    );
  const label = resource.people
    ? sql<string>`u.last_name || ' ' || u.first_name`
    : sql<string>`${sql.ref(`r.${resource.labelField}`)}`;
  const rows = (await query
    .select(['r.id', label.as('label')])
    .orderBy('label')
    .orderBy('r.id')
    .limit(50)
    .execute()) as Option[];
  return rows.map((r) => ({ id: r.id, label: String(r.label ?? '') }));
}
