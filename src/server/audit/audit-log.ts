import type { Kysely } from 'kysely';
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
