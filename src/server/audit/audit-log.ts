import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { runShaped } from '../db/query-shapes';
import type { Database } from '../db/schema';
import type { RequestContext } from '../http/context';

export interface AuditEntry {
  schoolId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
}

/**
 * Records who changed what. Under impersonation the signed-in admin is the actor and the
 * impersonated user is `as_user_id`, so both are on record.
 */
export async function recordAudit(
  db: Kysely<Database>,
  ctx: RequestContext,
  entry: AuditEntry,
  nowIso: string,
) {
  const row = auditRow(ctx, entry, nowIso);
  // Shaped (runShaped): every write and sign-in records one.
  await runShaped(db, 'insert-audit', row, (v) => db.insertInto('audit_log').values(v));
}

/** The columns that differ between the changes of one request; the rest are the request's. */
const CHANGE_COLUMNS = ['school_id', 'action', 'entity', 'entity_id', 'detail'] as const;

/**
 * Records many changes of one request at once (a pasted block of grades), set-based: the
 * changes travel as one JSON parameter that the database unpacks (SQLite's jsonb_each,
 * PostgreSQL's json_array_elements), so that the statement is the same whatever their number
 * (prepared once) and nothing builds thousands of bound values.
 */
export async function recordAudits(
  db: Kysely<Database>,
  ctx: RequestContext,
  entries: AuditEntry[],
  nowIso: string,
) {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => auditRow(ctx, entry, nowIso));
  const changes = JSON.stringify(rows.map((row) => CHANGE_COLUMNS.map((column) => row[column])));
  const { actor_user_id, as_user_id, request_id, ip, created_at } = rows[0]!;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const field = (index: number, type: 'integer' | 'text') =>
    sql.raw(postgres ? `(e ->> ${index})::${type}` : `value ->> ${index}`);
  const columns = sql`school_id, action, entity, entity_id, detail,
    actor_user_id, as_user_id, request_id, ip, created_at`;
  const values = sql`${field(0, 'integer')}, ${field(1, 'text')}, ${field(2, 'text')},
    ${field(3, 'text')}, ${field(4, 'text')}, cast(${actor_user_id} as integer),
    cast(${as_user_id} as integer), cast(${request_id} as text), cast(${ip} as text),
    cast(${created_at} as text)`;
  await (
    postgres
      ? sql`insert into audit_log (${columns}) select ${values}
          from json_array_elements(${changes}::json) as e`
      : sql`insert into audit_log (${columns}) select ${values} from jsonb_each(jsonb(${changes}))`
  ).execute(db);
}

function auditRow(ctx: RequestContext, entry: AuditEntry, nowIso: string) {
  return {
    school_id: entry.schoolId,
    actor_user_id: ctx.actor?.id ?? ctx.user?.id ?? null,
    as_user_id: ctx.impersonating ? (ctx.user?.id ?? null) : null,
    action: entry.action,
    entity: entry.entity,
    entity_id:
      entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    request_id: ctx.requestId,
    ip: ctx.ip,
    created_at: nowIso,
  };
}
