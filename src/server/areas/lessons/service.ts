import { announceMembershipChanges, syncLessonRoom } from '../chat/lesson-rooms';
import type { z } from 'zod';
import type {
  LessonFromTemplate,
  TemplateFromLesson,
  TemplateMaterial,
  lessonFromTemplateBody,
  templateFromLessonBody,
} from '../../../shared/api/lessons';
import { searchTextOf } from '../../../shared/search';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import { addDays, localDate, zonedInstant } from '../calendar/school-time';
import {
  assertMayCreateFromTemplate,
  assertMayReadTemplates,
  mayCreateFromTemplate,
  mayEditTemplateMaterial,
} from './policy';
import {
  currentPeriodId,
  insertLesson,
  isSchoolRecord,
  lessonMaterial,
  templateContents,
  templateInSchool,
  templateNameTaken,
} from './queries';
import { assertMayWriteLesson, type TeachingCaller } from './teaching-access';

const EXCERPT_CHARS = 200;
/** A copied task opens in the morning and is due in the evening of its days (school time). */
const OPENS_AT = '08:00';
const DUE_AT = '20:00';

/** A template with its chapters and tasks; 404 for another school's. */
export async function templateMaterial(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<TemplateMaterial> {
  assertMayReadTemplates(caller);
  const template = await templateInSchool(deps.db, caller.schoolId, id);
  if (!template) throw notFound('This lesson template does not exist.');
  const { chapters, tasks } = await templateContents(deps.db, caller.schoolId, id);
  return {
    id: template.id,
    name: template.name,
    course_name: template.course_name ?? null,
    duration_minutes: template.duration_minutes,
    description: template.description,
    chapters: chapters.map((c) => ({
      id: c.id,
      title: c.title,
      excerpt: c.content_text.slice(0, EXCERPT_CHARS),
      sort_order: c.sort_order,
    })),
    tasks: tasks.map((t) => ({
      id: t.id,
      title: t.title,
      points: t.points,
      accept_late: t.accept_late === 1,
      open_offset_days: t.open_offset_days,
      due_offset_days: t.due_offset_days,
    })),
    abilities: {
      create_lesson: mayCreateFromTemplate(caller),
      edit_material: mayEditTemplateMaterial(caller),
    },
  };
}

/**
 * A new lesson from a template: the template's course and description, the caller as its
 * teacher (a teacher), and copies of the template's chapters and tasks as drafts, all in one
 * transaction. Students are enrolled by the office, as for any lesson.
 */
export async function createLessonFromTemplate(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  templateId: number,
  body: z.output<typeof lessonFromTemplateBody>,
): Promise<LessonFromTemplate> {
  assertMayCreateFromTemplate(caller);
  // Everything is read before the transaction (one connection on SQLite).
  const template = await templateInSchool(deps.db, caller.schoolId, templateId);
  if (!template) throw notFound('This lesson template does not exist.');
  if (
    body.period_id &&
    !(await isSchoolRecord(deps.db, 'periods', caller.schoolId, body.period_id))
  )
    throw validationError({ period_id: 'Choose a period of this school' });
  if (body.level_id && !(await isSchoolRecord(deps.db, 'levels', caller.schoolId, body.level_id)))
    throw validationError({ level_id: 'Choose a level of this school' });
  const periodId = body.period_id ?? (await currentPeriodId(deps.db, caller.schoolId));
  const { chapters, tasks } = await templateContents(deps.db, caller.schoolId, templateId);
  const now = deps.now();
  const nowIso = now.toISOString();
  const start = body.start_date ?? localDate(now, deps.config.timeZone);
  const at = (days: number, time: string) =>
    zonedInstant(addDays(start, days), time, deps.config.timeZone).toISOString();

  const created = await deps.db.transaction().execute(async (trx) => {
    const id = await insertLesson(trx, {
      school_id: caller.schoolId,
      name: body.name,
      course_id: template.course_id,
      period_id: periodId,
      room_id: null,
      level_id: body.level_id ?? null,
      color: null,
      description: template.description,
      active: 1,
      search_text: searchTextOf([body.name]),
    });
    if (caller.role === 'teacher')
      await trx
        .insertInto('lesson_teachers')
        .values({ school_id: caller.schoolId, lesson_id: id, teacher_id: caller.me! })
        .execute();
    if (chapters.length > 0)
      await trx
        .insertInto('chapters')
        .values(
          chapters.map((c, i) => ({
            school_id: caller.schoolId,
            lesson_id: id,
            title: c.title,
            content: c.content,
            content_text: c.content_text,
            search_text: searchTextOf([c.title, c.content_text.slice(0, 5000)]),
            // Drafts: the teacher checks them before the class hears of them.
            published: 0,
            published_at: null,
            sort_order: i + 1,
            author_user_id: caller.userId,
            created_at: nowIso,
            updated_at: nowIso,
          })),
        )
        .execute();
    if (tasks.length > 0)
      await trx
        .insertInto('tasks')
        .values(
          tasks.map((t) => ({
            school_id: caller.schoolId,
            lesson_id: id,
            title: t.title,
            description: t.description,
            description_text: t.description_text,
            search_text: searchTextOf([t.title, t.description_text.slice(0, 5000)]),
            open_at: at(t.open_offset_days, OPENS_AT),
            due_at: at(Math.max(t.due_offset_days, t.open_offset_days), DUE_AT),
            points: t.points,
            accept_late: t.accept_late,
            published: 0,
            published_at: null,
            author_user_id: caller.userId,
            created_at: nowIso,
            updated_at: nowIso,
          })),
        )
        .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'create',
        entity: 'lesson',
        entityId: id,
        detail: { template_id: templateId, chapters: chapters.length, tasks: tasks.length },
      },
      nowIso,
    );
    // The lesson's chat room, with its teacher as the first member.
    const room = await syncLessonRoom(trx, caller.schoolId, id, nowIso);
    return { id, room };
  });
  if (created.room) announceMembershipChanges(deps.realtime, caller.schoolId, [created.room]);
  const lessonId = created.id;
  return { lesson_id: lessonId, name: body.name, chapters: chapters.length, tasks: tasks.length };
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * A new template of the school from a lesson's chapters and tasks (drafts too), for whoever may
 * write the lesson's material. Task dates become days counted from the first task's opening
 * day (school time); the lesson itself is not changed.
 */
export async function saveLessonAsTemplate(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  body: z.output<typeof templateFromLessonBody>,
): Promise<TemplateFromLesson> {
  await assertMayWriteLesson(deps.db, caller, lessonId);
  if (await templateNameTaken(deps.db, caller.schoolId, body.name))
    throw ruleError(
      'conflict',
      { code: 'unique', field: 'name', params: { value: body.name } },
      'Another template of the school already has this name.',
    );
  const lesson = await deps.db
    .selectFrom('lessons')
    .select(['course_id', 'description'])
    .where('school_id', '=', caller.schoolId)
    .where('id', '=', lessonId)
    .executeTakeFirstOrThrow();
  const { chapters, tasks } = await lessonMaterial(deps.db, caller.schoolId, lessonId);
  const zone = deps.config.timeZone;
  const dayOf = (instant: string) => dayNumber(localDate(new Date(instant), zone));
  const first = tasks.length > 0 ? Math.min(...tasks.map((t) => dayOf(t.open_at))) : 0;
  const nowIso = deps.now().toISOString();

  const templateId = await deps.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('lesson_templates')
      .values({
        school_id: caller.schoolId,
        name: body.name,
        course_id: lesson.course_id,
        duration_minutes: body.duration_minutes ?? null,
        description: lesson.description,
        search_text: searchTextOf([body.name]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (chapters.length > 0)
      await trx
        .insertInto('lesson_template_chapters')
        .values(
          chapters.map((c, i) => ({
            school_id: caller.schoolId,
            template_id: id,
            title: c.title,
            content: c.content,
            content_text: c.content_text,
            sort_order: i + 1,
          })),
        )
        .execute();
    if (tasks.length > 0)
      await trx
        .insertInto('lesson_template_tasks')
        .values(
          tasks.map((t, i) => ({
            school_id: caller.schoolId,
            template_id: id,
            title: t.title,
            description: t.description,
            description_text: t.description_text,
            points: t.points,
            accept_late: t.accept_late,
            open_offset_days: dayOf(t.open_at) - first,
            due_offset_days: dayOf(t.due_at) - first,
            sort_order: i + 1,
          })),
        )
        .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'create',
        entity: 'lesson_template',
        entityId: id,
        detail: { lesson_id: lessonId, chapters: chapters.length, tasks: tasks.length },
      },
      nowIso,
    );
    return id;
  });
  return {
    template_id: templateId,
    name: body.name,
    chapters: chapters.length,
    tasks: tasks.length,
  };
}
