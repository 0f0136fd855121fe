import { sql } from 'kysely';
import { forbidden, validationError } from '../../http/errors';
import type { RecordCaller, ResourceHooks, SaveContext } from '../../resources/hooks';
import { myChildrenLessons, myStudentLessons, myTeacherLessons } from '../lessons/scopes';
import { notifyAudience } from './notify';

// Announcements: who reads which, who may change which, and who is told.

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

/** The office changes every announcement; a teacher only what they wrote. */
const mayChange = (caller: RecordCaller, record: Record<string, unknown>) =>
  caller.role === 'admin' || record.author_user_id === caller.userId;

export const announcementHooks: ResourceHooks = {
  scopes: {
    teacher: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'teachers') or (r.audience = 'lesson' and r.lesson_id in (${myTeacherLessons(me, s)})))`,
    student: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'students') or (r.audience = 'lesson' and r.lesson_id in (${myStudentLessons(me, s)})))`,
    client: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'clients') or (r.audience = 'lesson' and r.lesson_id in (${myChildrenLessons(me, s)})))`,
  },
  internalColumns: ['author_user_id'],
  recordAbilities: (caller, record) => ({
    update: mayChange(caller, record),
    delete: mayChange(caller, record),
  }),
  async beforeSave(save, values, created) {
    if (values.audience === 'lesson' && !values.lesson_id)
      throw validationError({ lesson_id: 'Choose the lesson' });
    if (save.ctx.role === 'teacher') await assertTeacherOwnsLesson(save, values);
    if (created) {
      values.created_at = save.nowIso;
      values.author_user_id = save.ctx.user!.id;
    }
  },
  async afterSave(save, id, values, created) {
    if (!created) return;
    const schoolId = save.ctx.schoolId!;
    await notifyAudience(
      save.trx,
      schoolId,
      {
        id,
        title: String(values.title),
        audience: String(values.audience),
        lessonId: (values.lesson_id as number | null) ?? null,
        nowIso: save.nowIso,
      },
      save.realtime,
      save.afterCommit,
    );
  },
};
