import { z } from 'zod';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/** One person as an audit row names them. */
export const auditPerson = z.object({ id: z.number().int(), name: z.string() });

/** Who did what to which record and when; `as_user` when done under impersonation. */
export const auditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: auditPerson.nullable(),
  as_user: auditPerson.nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  detail: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogQuery = z.object({
  /** First and last day, inclusive, in UTC. */
  from: day.optional(),
  to: day.optional(),
  /** The signed-in person who acted, or the one they acted as. */
  actor_user_id: idParam.optional(),
  action: z.string().trim().min(1).max(60).optional(),
  entity: z.string().trim().min(1).max(60).optional(),
  search: z.string().trim().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEndpoints = {
  listAuditLog: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/audit-log',
    access: 'school-role',
    summary:
      "The school's audit log, newest first, filtered by days, person, action, entity and text (admins with full access).",
    params: schoolRoleParams,
    query: auditLogQuery,
    response: z.array(auditEntry),
    list: true,
  }),
};
