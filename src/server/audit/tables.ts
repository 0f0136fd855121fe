import type { Id, Instant, TableColumns } from '../db/column-types';

// Table types of the audit log. db/schema.ts joins every area's tables into Database.

export interface AuditLogTable {
  id: Id;
  school_id: number | null;
  /** The signed-in user who made the request. */
  actor_user_id: number | null;
  /** The user the request acted as, when impersonating. */
  as_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  request_id: string | null;
  ip: string | null;
  created_at: Instant;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const AUDIT_COLUMNS: TableColumns<AuditTables> = {
  audit_log: {
    id: true,
    school_id: true,
    actor_user_id: true,
    as_user_id: true,
    action: true,
    entity: true,
    entity_id: true,
    detail: true,
    request_id: true,
    ip: true,
    created_at: true,
  },
};
