import type { Kysely } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import { searchTextOf } from '../../shared/search';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/schema';
import type { ServerDeps } from '../deps';
import type { RequestContext } from '../http/context';
import { ApiError, notFound, validationError } from '../http/errors';
import { conflictFromDatabase } from './db-errors';
import { baseQuery, selectColumns, type AnyDb, type Caller } from './list';
import { columnFields, columnName, isLink, targetOf, toColumn } from './model';
import { accountValues, createPersonRecord, deletePerson, updateAccount } from './people';
import { afterSave, beforeSave, type SaveContext } from './rules';

/** Every reference must point at a record of the same school (of the right role, for people). */
async function assertReferencesInSchool(
  db: AnyDb,
  resource: ResourceDefinition,
  schoolId: number,
  values: Record<string, unknown>,
) {
  const fields: Record<string, string> = {};
  for (const field of resource.fields) {
    if (field.kind !== 'reference' && field.kind !== 'references') continue;
    const raw = values[field.name];
    if (raw === undefined || raw === null) continue;
    const ids = [...new Set((Array.isArray(raw) ? raw : [raw]) as number[])];
    if (ids.length === 0) continue;
    const target = targetOf(field);
    let query = target.custom
      ? db
          .selectFrom('memberships as r')
          .select('r.user_id as id')
          .where('r.user_id', 'in', ids)
          .distinct()
      : db.selectFrom(`${target.table} as r`).select('r.id').where('r.id', 'in', ids);
    query = query.where('r.school_id', '=', schoolId);
    if (target.people) query = query.where('r.role', '=', target.people.role);
    const found = await query.execute();
    if (found.length !== ids.length) fields[field.name] = 'This choice does not exist';
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/** Fields marked unique must not repeat within the school. */
async function assertUnique(
  db: AnyDb,
  resource: ResourceDefinition,
  schoolId: number,
  values: Record<string, unknown>,
  selfId: number | null,
) {
  for (const field of resource.fields) {
    if (!field.unique || field.storage === 'account' || isLink(field)) continue;
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    let query = db
      .selectFrom(`${resource.table} as r`)
      .select('r.id')
      .where('r.school_id', '=', schoolId)
      .where(`r.${columnName(field)}`, '=', value);
    if (resource.people) query = query.where('r.role', '=', resource.people.role);
    if (selfId !== null) query = query.where('r.id', '!=', selfId);
    if (await query.executeTakeFirst()) {
      throw new ApiError(
        'conflict',
        `Another ${resource.singular.toLowerCase()} already has this ${field.label.toLowerCase()}.`,
        {
          [field.name]: `Another ${resource.singular.toLowerCase()} already has this ${field.label.toLowerCase()}.`,
        },
      );
    }
  }
}

const searchText = (resource: ResourceDefinition, values: Record<string, unknown>) =>
  searchTextOf(
    resource.fields.filter((f) => f.searchable).map((f) => values[f.name] as string | null),
  );

function recordColumns(resource: ResourceDefinition, values: Record<string, unknown>) {
  const columns: Record<string, unknown> = {};
  for (const field of columnFields(resource)) {
    if (field.storage === 'account' || !(field.name in values)) continue;
    columns[columnName(field)] = toColumn(field, values[field.name]);
  }
  return columns;
}

async function replaceLinks(
  trx: AnyDb,
  resource: ResourceDefinition,
  schoolId: number,
  id: number,
  values: Record<string, unknown>,
) {
  for (const field of resource.fields.filter(isLink)) {
    const ids = values[field.name] as number[] | undefined;
    if (ids === undefined) continue;
    const link = field.link!;
    await trx
      .deleteFrom(link.table)
      .where('school_id', '=', schoolId)
      .where(link.from, '=', id)
      .execute();
    const unique = [...new Set(ids)];
    if (unique.length) {
      await trx
        .insertInto(link.table)
        .values(unique.map((to) => ({ school_id: schoolId, [link.from]: id, [link.to]: to })))
        .execute();
    }
  }
}

async function currentValues(db: AnyDb, resource: ResourceDefinition, caller: Caller, id: number) {
  const row = await selectColumns(
    baseQuery(db, resource, caller).where('r.id', '=', id),
    resource,
    caller.role,
  ).executeTakeFirst();
  if (!row) throw notFound(`This ${resource.singular.toLowerCase()} does not exist.`);
  return row as Record<string, unknown>;
}

export async function inTransaction<T>(
  deps: ServerDeps,
  resource: ResourceDefinition,
  work: (trx: Kysely<Database>) => Promise<T>,
) {
  try {
    return await deps.db.transaction().execute(work);
  } catch (error) {
    throw conflictFromDatabase(error, resource.singular) ?? error;
  }
}

/**
 * Inserts one record with its links inside the caller's transaction; returns its id. Used
 * by a single create and by an import, which writes all its rows or none.
 */
export async function insertRecord(
  trx: Kysely<Database>,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: Caller,
  body: Record<string, unknown>,
  nowIso: string,
  effects: { realtime: ServerDeps['realtime']; afterCommit: (() => void)[] },
): Promise<number> {
  await assertReferencesInSchool(trx as AnyDb, resource, caller.schoolId, body);
  await assertUnique(trx as AnyDb, resource, caller.schoolId, body, null);
  const save: SaveContext = { trx, ctx, resource, me: caller.me, nowIso, ...effects };
  const values = { ...body };
  await beforeSave(save, values, true);
  const columns = {
    ...recordColumns(resource, values),
    school_id: caller.schoolId,
    search_text: searchText(resource, values),
  };
  if (resource.name === 'announcements') {
    Object.assign(columns, {
      created_at: values.created_at,
      author_user_id: values.author_user_id,
    });
  }
  const id = resource.people
    ? await createPersonRecord(trx, resource, caller.schoolId, values, columns, nowIso)
    : (
        (await (trx as AnyDb)
          .insertInto(resource.table)
          .values(columns)
          .returning('id')
          .executeTakeFirstOrThrow()) as { id: number }
      ).id;
  await replaceLinks(trx as AnyDb, resource, caller.schoolId, id, values);
  await afterSave(save, id, values, true);
  await recordAudit(
    trx,
    ctx,
    { schoolId: caller.schoolId, action: 'create', entity: resource.name, entityId: id },
    nowIso,
  );
  return id;
}

/** Creates a record with its links; returns its id. */
export async function createRecord(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<number> {
  const effects = { realtime: deps.realtime, afterCommit: [] as (() => void)[] };
  const id = await inTransaction(deps, resource, (trx) =>
    insertRecord(trx, ctx, resource, caller, body, deps.now().toISOString(), effects),
  );
  effects.afterCommit.forEach((effect) => effect());
  return id;
}

export async function updateRecord(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: Caller,
  id: number,
  body: Record<string, unknown>,
): Promise<void> {
  const db = deps.db as AnyDb;
  const current = await currentValues(db, resource, caller, id);
  await assertReferencesInSchool(db, resource, caller.schoolId, body);
  await assertUnique(db, resource, caller.schoolId, body, id);
  const nowIso = deps.now().toISOString();
  await inTransaction(deps, resource, async (trx) => {
    const save: SaveContext = {
      trx,
      ctx,
      resource,
      me: caller.me,
      nowIso,
      realtime: deps.realtime,
      afterCommit: [],
    };
    const values = { ...current, ...body };
    await beforeSave(save, values, false);
    if (resource.people)
      await updateAccount(
        trx,
        caller.schoolId,
        current.user_id as number,
        accountValues(resource, body),
      );
    const columns = { ...recordColumns(resource, body), search_text: searchText(resource, values) };
    await (trx as AnyDb)
      .updateTable(resource.table)
      .set(columns)
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', id)
      .execute();
    await replaceLinks(trx as AnyDb, resource, caller.schoolId, id, body);
    await afterSave(save, id, values, false);
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'update',
        entity: resource.name,
        entityId: id,
        detail: { fields: Object.keys(body) },
      },
      nowIso,
    );
  });
}

export async function deleteRecord(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: Caller,
  id: number,
) {
  const db = deps.db as AnyDb;
  const current = await currentValues(db, resource, caller, id);
  const nowIso = deps.now().toISOString();
  await inTransaction(deps, resource, async (trx) => {
    if (resource.people) {
      await deletePerson(trx, caller.schoolId, id, current.user_id as number);
    } else {
      await (trx as AnyDb)
        .deleteFrom(resource.table)
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', id)
        .execute();
    }
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: resource.name, entityId: id },
      nowIso,
    );
  });
}
