import type { Kysely } from 'kysely';
import type { ResourceDefinition } from '../../shared/resources';
import type { Database } from '../db/schema';
import type { RequestContext } from '../http/context';
import { forbidden, validationError } from '../http/errors';
import { SERVER_EVENTS, type NotificationEvent } from '../../shared/realtime';
import type { RealtimeHub } from '../realtime/hub';
import { notifyAudience } from './announcements';

export interface SaveContext {
  trx: Kysely<Database>;
  ctx: RequestContext;
  resource: ResourceDefinition;
  /** The caller's membership id (for teachers writing announcements). */
  me: number | null;
  nowIso: string;
  /** Work to do once the transaction has committed (telling apps over sockets). */
  afterCommit: (() => void)[];
  realtime: RealtimeHub;
}

/**
 * The real rules of the declared resources, run inside the write's transaction: values are
 * the record's full values after the change; `created` tells a create from an update.
 */
export async function beforeSave(
  save: SaveContext,
  values: Record<string, unknown>,
  created: boolean,
): Promise<void> {
  if (
    typeof values.start_date === 'string' &&
    typeof values.end_date === 'string' &&
    values.end_date < values.start_date
  ) {
    throw validationError({ end_date: 'The end date must be after the start date' });
  }
  if (
    typeof values.start_time === 'string' &&
    typeof values.end_time === 'string' &&
    values.end_time <= values.start_time
  ) {
    throw validationError({ end_time: 'The end must be after the start' });
  }
  if (save.resource.name === 'announcements') {
    if (values.audience === 'lesson' && !values.lesson_id)
      throw validationError({ lesson_id: 'Choose the lesson' });
    if (save.ctx.role === 'teacher') await assertTeacherOwnsLesson(save, values);
    if (created) {
      values.created_at = save.nowIso;
      values.author_user_id = save.ctx.user!.id;
    }
  }
}

export async function afterSave(
  save: SaveContext,
  id: number,
  values: Record<string, unknown>,
  created: boolean,
) {
  if (save.resource.name === 'periods' && values.is_current) {
    // One current period per school.
    await save.trx
      .updateTable('periods')
      .set({ is_current: 0 })
      .where('school_id', '=', save.ctx.schoolId!)
      .where('id', '!=', id)
      .execute();
  }
  if (save.resource.name === 'announcements' && created) {
    const schoolId = save.ctx.schoolId!;
    const recipients = await notifyAudience(save.trx, schoolId, {
      id,
      title: String(values.title),
      audience: String(values.audience),
      lessonId: (values.lesson_id as number | null) ?? null,
      nowIso: save.nowIso,
    });
    save.afterCommit.push(() =>
      save.realtime.toUsers(
        recipients.map((r) => r.user_id),
        SERVER_EVENTS.notification,
        {
          school_id: schoolId,
          title: String(values.title),
          entity: 'announcements',
          entity_id: id,
        } satisfies NotificationEvent,
      ),
    );
  }
}

/** Teachers announce only to lessons they teach. */
async function assertTeacherOwnsLesson(save: SaveContext, values: Record<string, unknown>) {
  if (values.audience !== 'lesson' || !values.lesson_id || save.me === null) {
    throw forbidden('Teachers can announce only to a lesson they teach.');
  }
  const teaches = await save.trx
    .selectFrom('lesson_teachers')
    .select('id')
    .where('school_id', '=', save.ctx.schoolId!)
    .where('lesson_id', '=', Number(values.lesson_id))
    .where('teacher_id', '=', save.me)
    .executeTakeFirst();
  if (!teaches) throw forbidden('Teachers can announce only to a lesson they teach.');
}
