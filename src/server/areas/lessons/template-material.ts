import type { z } from 'zod';
import type {
  TemplateChapterDetail,
  TemplateTaskDetail,
  templateChapterBody,
  templateTaskBody,
} from '../../../shared/api/lessons';
import { plainTextOf, type RichText } from '../../../shared/teaching/rich-text';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, validationError } from '../../http/errors';
import { assertMayEditTemplateMaterial, assertMayReadTemplates } from './policy';
import type { TeachingCaller } from './teaching-access';

// A template's chapters and tasks, one by one: read with their whole text, changed, removed.
// The template's other material and the lessons already made from it stay as they are.

const EXCERPT_CHARS = 200;

type Item = 'chapter' | 'task';
const TABLES = { chapter: 'lesson_template_chapters', task: 'lesson_template_tasks' } as const;
const MISSING = {
  chapter: 'This template chapter does not exist.',
  task: 'This template task does not exist.',
} as const;

/** The row of a template's chapter; 404 for another school's. */
async function chapterRow(deps: ServerDeps, schoolId: number, id: number) {
  const row = await deps.db
    .selectFrom('lesson_template_chapters')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MISSING.chapter);
  return row;
}

async function taskRow(deps: ServerDeps, schoolId: number, id: number) {
  const row = await deps.db
    .selectFrom('lesson_template_tasks')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MISSING.task);
  return row;
}

function chapterDetail(row: Awaited<ReturnType<typeof chapterRow>>): TemplateChapterDetail {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.content_text.slice(0, EXCERPT_CHARS),
    sort_order: row.sort_order,
    content: JSON.parse(row.content) as RichText,
  };
}

function taskDetail(row: Awaited<ReturnType<typeof taskRow>>): TemplateTaskDetail {
  return {
    id: row.id,
    title: row.title,
    points: row.points,
    accept_late: row.accept_late === 1,
    open_offset_days: row.open_offset_days,
    due_offset_days: row.due_offset_days,
    description: JSON.parse(row.description) as RichText,
  };
}

export async function templateChapter(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<TemplateChapterDetail> {
  assertMayReadTemplates(caller);
  return chapterDetail(await chapterRow(deps, caller.schoolId, id));
}

export async function templateTask(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<TemplateTaskDetail> {
  assertMayReadTemplates(caller);
  return taskDetail(await taskRow(deps, caller.schoolId, id));
}

const audit = (deps: ServerDeps, ctx: RequestContext, item: Item, id: number, action: string) =>
  recordAudit(
    deps.db,
    ctx,
    { schoolId: ctx.schoolId, action, entity: `lesson_template_${item}`, entityId: id },
    deps.now().toISOString(),
  );

export async function updateTemplateChapter(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof templateChapterBody>,
): Promise<TemplateChapterDetail> {
  assertMayEditTemplateMaterial(caller);
  await chapterRow(deps, caller.schoolId, id);
  const changes = {
    ...(body.title !== undefined && { title: body.title }),
    ...(body.content !== undefined && {
      content: JSON.stringify(body.content),
      content_text: plainTextOf(body.content),
    }),
    ...(body.sort_order !== undefined && { sort_order: body.sort_order }),
  };
  // An empty body changes nothing (and an UPDATE needs at least one column).
  if (Object.keys(changes).length === 0)
    return chapterDetail(await chapterRow(deps, caller.schoolId, id));
  await deps.db
    .updateTable('lesson_template_chapters')
    .set(changes)
    .where('school_id', '=', caller.schoolId)
    .where('id', '=', id)
    .execute();
  await audit(deps, ctx, 'chapter', id, 'update');
  return chapterDetail(await chapterRow(deps, caller.schoolId, id));
}

export async function updateTemplateTask(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  id: number,
  body: z.output<typeof templateTaskBody>,
): Promise<TemplateTaskDetail> {
  assertMayEditTemplateMaterial(caller);
  const current = await taskRow(deps, caller.schoolId, id);
  // The body may name one of the two days: the pair after the change must still be in order.
  const opens = body.open_offset_days ?? current.open_offset_days;
  const due = body.due_offset_days ?? current.due_offset_days;
  if (opens > due)
    throw validationError({ due_offset_days: 'The due day must not be before the opening day' });
  await deps.db
    .updateTable('lesson_template_tasks')
    .set({
      ...(body.title !== undefined && { title: body.title }),
      ...(body.description !== undefined && {
        description: JSON.stringify(body.description),
        description_text: plainTextOf(body.description),
      }),
      ...(body.points !== undefined && { points: body.points }),
      ...(body.accept_late !== undefined && { accept_late: body.accept_late ? 1 : 0 }),
      open_offset_days: opens,
      due_offset_days: due,
      ...(body.sort_order !== undefined && { sort_order: body.sort_order }),
    })
    .where('school_id', '=', caller.schoolId)
    .where('id', '=', id)
    .execute();
  await audit(deps, ctx, 'task', id, 'update');
  return taskDetail(await taskRow(deps, caller.schoolId, id));
}

export async function removeTemplateItem(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  item: Item,
  id: number,
): Promise<null> {
  assertMayEditTemplateMaterial(caller);
  const removed = await deps.db
    .deleteFrom(TABLES[item])
    .where('school_id', '=', caller.schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(MISSING[item]);
  await audit(deps, ctx, item, id, 'delete');
  return null;
}
