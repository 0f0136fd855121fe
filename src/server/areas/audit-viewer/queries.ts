import type { AuditEntry, AuditLogQuery } from '../../../shared/api/auditLog';
import { countOf, ilike, sql } from '../../db/database';
import type { ServerDeps } from '../../deps';

const nameOf = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ');

/** A page of the school's audit log, newest first; (school_id, created_at) leads the index. */
export async function listAuditLog(
  deps: ServerDeps,
  schoolId: number,
  query: AuditLogQuery,
): Promise<{ data: AuditEntry[]; totalCount: number }> {
  const like = ilike(deps.dbKind);
  const base = deps.db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_user_id')
    .leftJoin('users as subject', 'subject.id', 'a.as_user_id')
    .where('a.school_id', '=', schoolId)
    .$if(query.from !== undefined, (qb) => qb.where('a.created_at', '>=', `${query.from}T00:00:00`))
    // The day after `to`, so that the whole last day is in.
    .$if(query.to !== undefined, (qb) => qb.where('a.created_at', '<', `${query.to}T99`))
    .$if(query.actor_user_id !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('a.actor_user_id', '=', query.actor_user_id!),
          eb('a.as_user_id', '=', query.actor_user_id!),
        ]),
      ),
    )
    .$if(query.action !== undefined, (qb) => qb.where('a.action', '=', query.action!))
    .$if(query.entity !== undefined, (qb) => qb.where('a.entity', '=', query.entity!))
    .$if(query.search !== undefined, (qb) => {
      const pattern = `%${query.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return qb.where((eb) =>
        eb.or(
          [
            'a.action',
            'a.entity',
            'a.entity_id',
            'a.detail',
            'actor.first_name',
            'actor.last_name',
            'actor.email',
          ].map(
            (column) => sql<boolean>`${sql.ref(column)} ${sql.raw(like)} ${pattern} escape '\\'`,
          ),
        ),
      );
    });
  const total = await base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst();
  const rows = await base
    .select([
      'a.id',
      'a.created_at',
      'a.action',
      'a.entity',
      'a.entity_id',
      'a.detail',
      'a.ip',
      'a.actor_user_id',
      'a.as_user_id',
      'actor.first_name as actor_first',
      'actor.last_name as actor_last',
      'subject.first_name as subject_first',
      'subject.last_name as subject_last',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return {
    totalCount: countOf(total as { count: number }),
    data: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      actor:
        row.actor_user_id === null
          ? null
          : { id: row.actor_user_id, name: nameOf(row.actor_first, row.actor_last) },
      as_user:
        row.as_user_id === null
          ? null
          : { id: row.as_user_id, name: nameOf(row.subject_first, row.subject_last) },
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      detail: row.detail,
      ip: row.ip,
    })),
  };
}
