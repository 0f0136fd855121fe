import type { Kysely } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import { searchTextOf } from '../../shared/search';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/schema';
import type { ServerDeps } from '../deps';
import type { RequestContext } from '../http/context';
import { ApiError, ruleError } from '../http/errors';
import { conflictFromDatabase } from './db-errors';
import type { Role } from '../../shared/constants';
import {
  changeIdentity,
  joinSchool,
  leaveSchool,
  refreshDerivedColumns,
} from '../areas/people/accounts';
import { recordInvitation, sendInvitationMail } from '../areas/people/invitations';
import { authorityOf, type Authority } from '../areas/people/policy';
import { hooksOf } from './hooks';
import { abilitiesOf, type AnyDb, type RecordReader } from './list';
import { visibleRow } from './read';
import { columnFields, columnName, isLink, targetOf, toColumn } from './model';
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
    let query = target.recordsAreAccounts
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
  const names = Object.keys(fields);
  if (names.length) {
    throw new ApiError(
      'validation',
      'Some fields are not valid.',
      fields,
      undefined,
      names.map((field) => ({ code: 'unknown_choice' as const, field })),
    );
  }
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
      throw ruleError(
        'conflict',
        { code: 'unique', field: field.name },
        `Another ${resource.singular.toLowerCase()} already has this ${field.label.toLowerCase()}.`,
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
  // Columns the area's rules set (an announcement's author); never taken from a client.
  for (const column of hooksOf(resource).internalColumns ?? []) {
    if (column in values) columns[column] = values[column];
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

/**
 * The record as the caller may see it, refused unless the area's rules let this caller do
 * this to it (a teacher changes only their own announcements).
 */
async function currentValues(
  db: AnyDb,
  resource: ResourceDefinition,
  caller: RecordReader,
  id: number,
  action: 'update' | 'delete',
) {
  const row = await visibleRow(db, resource, caller, id);
  if (!abilitiesOf(resource, caller, row)[action]) {
    throw ruleError(
      'forbidden',
      { code: 'not_your_record' },
      'Only its author or the office can change this.',
    );
  }
  return row;
}

/** A person's account fields in a write (names and e-mail live on the account). */
function accountValues(resource: ResourceDefinition, values: Record<string, unknown>) {
  const account: Record<string, unknown> = {};
  for (const field of resource.fields) {
    if (field.storage === 'account' && field.name in values)
      account[field.name] = values[field.name];
  }
  return account;
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
  caller: RecordReader,
  body: Record<string, unknown>,
  nowIso: string,
  effects: WriteEffects,
): Promise<number> {
  await assertReferencesInSchool(trx as AnyDb, resource, caller.schoolId, body);
  await assertUnique(trx as AnyDb, resource, caller.schoolId, body, null);
  const save: SaveContext = {
    trx,
    ctx,
    resource,
    me: caller.me,
    nowIso,
    realtime: effects.deps.realtime,
    afterCommit: effects.afterCommit,
  };
  const values = { ...body };
  await beforeSave(save, values, true);
  const columns = recordColumns(resource, values);
  const id = resource.people
    ? await createPerson(trx, ctx, resource, values, columns, nowIso, effects)
    : (
        (await (trx as AnyDb)
          .insertInto(resource.table)
          .values({
            ...columns,
            school_id: caller.schoolId,
            search_text: searchText(resource, values),
          })
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

/** What a write does once committed: socket events, invitation mails. */
export interface WriteEffects {
  deps: ServerDeps;
  afterCommit: (() => void)[];
  /** The caller's authority over accounts, read once per request (an import writes many). */
  authority?: Authority;
}

/** A person joins the school through the owner of accounts (created, linked or invited). */
async function createPerson(
  trx: Kysely<Database>,
  ctx: RequestContext,
  resource: ResourceDefinition,
  values: Record<string, unknown>,
  columns: Record<string, unknown>,
  nowIso: string,
  effects: WriteEffects,
): Promise<number> {
  // Read before the transaction began (SQLite has one connection: reading outside the
  // transaction from inside it would wait for ever).
  const authority = effects.authority!;
  const email = (values.email as string | null | undefined) ?? null;
  const joined = await joinSchool(
    trx,
    authority,
    {
      email,
      first_name: String(values.first_name ?? ''),
      last_name: String(values.last_name ?? ''),
    },
    resource.people!.role as Role,
    columns,
    nowIso,
  );
  if (joined.createdAccount && email) {
    const mail = await recordInvitation(trx, effects.deps, {
      schoolId: authority.schoolId,
      userId: joined.userId,
      email,
      role: resource.people!.role,
      invitedBy: ctx.actor?.id ?? ctx.user!.id,
      standIn: joined.invitedEmail !== null,
      nowIso,
    });
    if (mail) {
      effects.afterCommit.push(() => {
        void sendInvitationMail(effects.deps, mail).catch(() => undefined);
      });
    }
  }
  return joined.membershipId;
}

/** Creates a record with its links; returns its id. */
export async function createRecord(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: RecordReader,
  body: Record<string, unknown>,
): Promise<number> {
  const effects: WriteEffects = {
    deps,
    afterCommit: [],
    authority: resource.people ? await authorityOf(deps, ctx) : undefined,
  };
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
  caller: RecordReader,
  id: number,
  body: Record<string, unknown>,
): Promise<void> {
  const db = deps.db as AnyDb;
  const current = await currentValues(db, resource, caller, id, 'update');
  await assertReferencesInSchool(db, resource, caller.schoolId, body);
  await assertUnique(db, resource, caller.schoolId, body, id);
  const nowIso = deps.now().toISOString();
  const authority = resource.people ? await authorityOf(deps, ctx) : null;
  // Effects the hooks leave for after the commit (socket events), run once it has committed.
  const afterCommit: (() => void)[] = [];
  await inTransaction(deps, resource, async (trx) => {
    const save: SaveContext = {
      trx,
      ctx,
      resource,
      me: caller.me,
      nowIso,
      realtime: deps.realtime,
      afterCommit,
    };
    const values = { ...current, ...body };
    await beforeSave(save, values, false);
    const columns = recordColumns(resource, body);
    if (resource.people) {
      await changeIdentity(
        trx,
        authority!,
        current.user_id as number,
        accountValues(resource, body),
      );
    } else {
      columns.search_text = searchText(resource, values);
    }
    if (Object.keys(columns).length) {
      await (trx as AnyDb)
        .updateTable(resource.table)
        .set(columns)
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', id)
        .execute();
    }
    // The account's owner keeps every membership's search text and sort name in step.
    if (resource.people) await refreshDerivedColumns(trx, current.user_id as number);
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
  afterCommit.forEach((effect) => effect());
}

export async function deleteRecord(
  deps: ServerDeps,
  ctx: RequestContext,
  resource: ResourceDefinition,
  caller: RecordReader,
  id: number,
) {
  const db = deps.db as AnyDb;
  const current = await currentValues(db, resource, caller, id, 'delete');
  const nowIso = deps.now().toISOString();
  const authority = resource.people ? await authorityOf(deps, ctx) : null;
  const afterCommit: (() => void)[] = [];
  await inTransaction(deps, resource, async (trx) => {
    await hooksOf(resource).beforeDelete?.(
      { trx, ctx, resource, me: caller.me, nowIso, realtime: deps.realtime, afterCommit },
      id,
    );
    if (resource.people) {
      await leaveSchool(
        trx,
        authority!,
        current.user_id as number,
        resource.people.role,
        ctx,
        nowIso,
      );
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
  afterCommit.forEach((effect) => effect());
}
