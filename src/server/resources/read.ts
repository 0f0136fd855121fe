import { sql } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import { normalizeSearch } from '../../shared/search';
import { notFound } from '../http/errors';
import { baseQuery, selectColumns, type AnyDb, type Caller } from './list';
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
  } else if (target.custom) {
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
  const rows = (await query.execute()) as { id: number; label: unknown }[];
  return rows.map((r) => ({ id: r.id, label: String(r.label ?? '') }));
}

/** One record with its link ids and the labels of everything it points at. */
export async function getRecord(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: Caller,
  id: number,
) {
  const row = await selectColumns(
    baseQuery(db, resource, caller).where('r.id', '=', id),
    resource,
    caller.role,
  ).executeTakeFirst();
  if (!row) throw notFound(`This ${resource.singular.toLowerCase()} does not exist.`);
  const record = fromRow(resource, row as Record<string, unknown>);
  const labels: Record<string, Option[]> = {};
  for (const field of linkFields(resource)) {
    if (!visibleTo(field, caller.role)) continue;
    const link = field.link!;
    const links = (await db
      .selectFrom(link.table)
      .select(`${link.to} as id`)
      .where('school_id', '=', caller.schoolId)
      .where(link.from, '=', id)
      .orderBy('id')
      .execute()) as { id: number }[];
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
  return { ...record, labels };
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
    .limit(50)
    .execute()) as Option[];
  return rows.map((r) => ({ id: r.id, label: String(r.label ?? '') }));
}
