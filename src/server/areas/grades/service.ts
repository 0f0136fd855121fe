import type { z } from 'zod';
import type {
  Gradebook,
  GradeCategory,
  GradeItem,
  StudentGrades,
  gradeCategoryBody,
  gradeCategoryUpdateBody,
  gradeEntryBody,
  gradeItemBody,
  gradeItemUpdateBody,
  gradeSubPeriod,
} from '../../../shared/api/grades';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import { localDate } from '../calendar/school-time';
import type { TeachingCaller } from '../lessons/teaching-access';
import { gradeOf, itemKey, loadBooks } from './book';
import {
  assertMayCloseSubPeriods,
  assertOpen,
  assertReadsGradebook,
  assertWritesGradebook,
  gradePublished,
  mayWriteGradebook,
  studentOfCaller,
} from './policy';
import * as q from './queries';
import { remarksOf } from './recordQueries';
import { valueIssue, valueIssueMessage } from './entries';
import { assessmentSettings } from './settings';

type SubPeriodView = z.infer<typeof gradeSubPeriod>;

export const today = (deps: ServerDeps) => localDate(deps.now(), deps.config.timeZone);

/** Closed by the office, opened again by it, or else closed once its last day has passed. */
export const viewOf = (row: q.SubPeriodRow, day: string): SubPeriodView => ({
  id: row.id,
  period_id: row.period_id,
  name: row.name,
  start_date: row.start_date,
  end_date: row.end_date,
  closed: row.state === null ? row.end_date < day : row.state === 1,
});

/** The asked sub-period of a period, or the one today falls in (else the last begun, else the first). */
function chooseSubPeriod(rows: SubPeriodView[], asked: number | undefined, day: string) {
  if (asked !== undefined) {
    const found = rows.find((r) => r.id === asked);
    if (!found) throw notFound("This sub-period is not one of the lesson's period.");
    return found;
  }
  const chosen =
    rows.find((r) => r.start_date <= day && day <= r.end_date) ??
    [...rows].reverse().find((r) => r.start_date <= day) ??
    rows[0];
  if (!chosen) throw notFound('The period has no sub-periods yet.');
  return chosen;
}

export async function lessonContext(deps: ServerDeps, caller: TeachingCaller, lessonId: number) {
  const lesson = await q.lessonRow(deps.db, caller.schoolId, lessonId);
  if (!lesson) throw notFound('This lesson does not exist.');
  const day = today(deps);
  const subPeriods = (await q.subPeriodsOf(deps.db, caller.schoolId, lesson.period_id)).map((r) =>
    viewOf(r, day),
  );
  return { lesson, subPeriods, day };
}

/** A lesson's gradebook in a sub-period, for its teachers and the office. */
export async function gradebookOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number | undefined,
): Promise<Gradebook> {
  await assertReadsGradebook(deps.db, caller, lessonId);
  const { lesson, subPeriods, day } = await lessonContext(deps, caller, lessonId);
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  const writable = !subPeriod.closed && (await mayWriteGradebook(deps.db, caller, lessonId));
  const [settings, students] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    q.studentsOfLesson(deps.db, caller.schoolId, lessonId),
  ]);
  const book = (
    await loadBooks(deps.db, caller.schoolId, [lessonId], subPeriod, null, { writable })
  ).get(lessonId)!;
  return {
    lesson: { id: lesson.id, name: lesson.name },
    sub_period: subPeriod,
    sub_periods: subPeriods,
    scale: settings.scale,
    categories: book.categories,
    items: book.items,
    students: students.map((s) => ({
      student_id: s.student_id,
      first_name: s.first_name,
      last_name: s.last_name,
      values: book.values.get(s.student_id) ?? {},
      grade: gradeOf(book, s.student_id, settings.scale, true),
    })),
    abilities: { update: writable, delete: writable },
  };
}

/** The gradebook's write context: the caller may write, the sub-period exists and is open. */
async function openSubPeriod(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number,
) {
  await assertWritesGradebook(deps.db, caller, lessonId);
  const { lesson, subPeriods, day } = await lessonContext(deps, caller, lessonId);
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  assertOpen(subPeriod.closed);
  return { lesson, subPeriod };
}

async function ownItem(deps: ServerDeps, caller: TeachingCaller, lessonId: number, itemId: number) {
  const item = await q.itemById(deps.db, caller.schoolId, lessonId, itemId);
  if (!item) throw notFound('This grade item does not exist.');
  return item;
}

const notHere = () =>
  ruleError(
    'conflict',
    { code: 'graded_elsewhere' },
    'This item is graded where it was set (its quiz or task), not in the gradebook.',
  );

/** Writes or clears one student's value on an item (on the item's own points). */
export async function setEntry(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  ids: { lessonId: number; itemId: number; studentId: number },
  body: z.infer<typeof gradeEntryBody>,
) {
  await assertWritesGradebook(deps.db, caller, ids.lessonId);
  const item = await ownItem(deps, caller, ids.lessonId, ids.itemId);
  if (item.source_kind !== null) throw notHere();
  const { subPeriod } = await openSubPeriod(deps, caller, ids.lessonId, item.sub_period_id);
  if (!(await q.isStudentOfLesson(deps.db, caller.schoolId, ids.lessonId, ids.studentId)))
    throw notFound('This student does not attend this lesson.');
  const { value } = body;
  const issue = valueIssue(value, item.max_points);
  if (issue) throw ruleError('validation', issue, valueIssueMessage(issue));
  const comment = body.comment === undefined ? undefined : body.comment || null;
  const nowIso = deps.now().toISOString();
  const key = { school_id: caller.schoolId, item_id: item.id, student_id: ids.studentId };
  const before = await deps.db
    .selectFrom('grade_entries')
    .select(['value_hundredths', 'comment'])
    .where('school_id', '=', key.school_id)
    .where('item_id', '=', key.item_id)
    .where('student_id', '=', key.student_id)
    .executeTakeFirst();
  const next = {
    value_hundredths: value === null ? null : Math.round(value * 100),
    comment: comment === undefined ? (before?.comment ?? null) : comment,
  };
  await deps.db.transaction().execute(async (trx) => {
    if (next.value_hundredths === null && next.comment === null) {
      await trx
        .deleteFrom('grade_entries')
        .where('school_id', '=', key.school_id)
        .where('item_id', '=', key.item_id)
        .where('student_id', '=', key.student_id)
        .execute();
    } else {
      const row = { ...next, updated_by_user_id: caller.userId, updated_at: nowIso };
      await trx
        .insertInto('grade_entries')
        .values({ ...key, ...row })
        .onConflict((c) => c.columns(['school_id', 'item_id', 'student_id']).doUpdateSet(row))
        .execute();
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: before ? 'update' : 'create',
        entity: 'grade',
        entityId: item.id,
        detail: {
          student_id: ids.studentId,
          before: before ? before.value_hundredths : null,
          after: next.value_hundredths,
        },
      },
      nowIso,
    );
  });
  const settings = await assessmentSettings(deps.db, caller.schoolId);
  const book = (
    await loadBooks(deps.db, caller.schoolId, [ids.lessonId], subPeriod, [ids.studentId], {
      writable: true,
    })
  ).get(ids.lessonId)!;
  const student = (await q.studentsOfLesson(deps.db, caller.schoolId, ids.lessonId)).find(
    (s) => s.student_id === ids.studentId,
  )!;
  return {
    student_id: ids.studentId,
    first_name: student.first_name,
    last_name: student.last_name,
    values: book.values.get(ids.studentId) ?? {},
    grade: gradeOf(book, ids.studentId, settings.scale, true),
  };
}

async function assertCategoryOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number,
  categoryId: number | null | undefined,
) {
  if (categoryId === null || categoryId === undefined) return;
  const category = await q.categoryById(deps.db, caller.schoolId, lessonId, categoryId);
  if (!category || category.sub_period_id !== subPeriodId)
    throw validationError({ category_id: "Choose one of this sub-period's categories" });
}

const itemView = (row: {
  id: number;
  kind: GradeItem['kind'];
  category_id: number | null;
  title: string;
  max_points: number;
  date: string | null;
}): GradeItem => ({
  key: itemKey(row),
  id: row.id,
  kind: row.kind,
  source: null,
  category_id: row.category_id,
  title: row.title,
  max_points: row.max_points,
  date: row.date,
  editable: true,
});

export async function createItem(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  body: z.infer<typeof gradeItemBody>,
): Promise<GradeItem> {
  await openSubPeriod(deps, caller, lessonId, body.sub_period_id);
  await assertCategoryOf(deps, caller, lessonId, body.sub_period_id, body.category_id);
  const settings = await assessmentSettings(deps.db, caller.schoolId);
  const nowIso = deps.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('grade_items')
      .values({
        school_id: caller.schoolId,
        lesson_id: lessonId,
        sub_period_id: body.sub_period_id,
        category_id: body.category_id,
        kind: body.kind,
        source_kind: null,
        source_id: null,
        title: body.title,
        max_points: body.max_points ?? settings.scale.max,
        date: body.date,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'create', entity: 'grade_item', entityId: inserted.id },
      nowIso,
    );
    return inserted;
  });
  return itemView(row);
}

export async function updateItem(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  itemId: number,
  body: z.infer<typeof gradeItemUpdateBody>,
): Promise<GradeItem> {
  await assertWritesGradebook(deps.db, caller, lessonId);
  const item = await ownItem(deps, caller, lessonId, itemId);
  if (item.source_kind !== null) throw notHere();
  await openSubPeriod(deps, caller, lessonId, item.sub_period_id);
  await assertCategoryOf(deps, caller, lessonId, item.sub_period_id, body.category_id);
  if (body.max_points !== undefined && body.max_points < item.max_points) {
    const over = await deps.db
      .selectFrom('grade_entries')
      .select('id')
      .where('school_id', '=', caller.schoolId)
      .where('item_id', '=', item.id)
      .where('value_hundredths', '>', body.max_points * 100)
      .executeTakeFirst();
    if (over)
      throw ruleError(
        'conflict',
        { code: 'values_over_max', field: 'max_points' },
        'Some students have more points than that: change their values first.',
      );
  }
  const nowIso = deps.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('grade_items')
      .set({
        ...(body.kind !== undefined ? { kind: body.kind } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.max_points !== undefined ? { max_points: body.max_points } : {}),
        ...(body.date !== undefined ? { date: body.date } : {}),
        ...(body.category_id !== undefined ? { category_id: body.category_id } : {}),
        updated_at: nowIso,
      })
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', item.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'update', entity: 'grade_item', entityId: item.id },
      nowIso,
    );
    return updated;
  });
  return itemView(row);
}

export async function removeItem(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  itemId: number,
): Promise<void> {
  await assertWritesGradebook(deps.db, caller, lessonId);
  const item = await ownItem(deps, caller, lessonId, itemId);
  if (item.source_kind !== null) throw notHere();
  await openSubPeriod(deps, caller, lessonId, item.sub_period_id);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('grade_entries')
      .where('school_id', '=', caller.schoolId)
      .where('item_id', '=', item.id)
      .execute();
    await trx
      .deleteFrom('grade_items')
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', item.id)
      .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'delete',
        entity: 'grade_item',
        entityId: item.id,
        detail: { title: item.title },
      },
      nowIso,
    );
  });
}

const categoryView = (row: GradeCategory & Record<string, unknown>): GradeCategory => ({
  id: row.id,
  name: row.name,
  weight: row.weight,
  source_kind: row.source_kind,
  sort_order: row.sort_order,
});

async function assertOneCollector(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriodId: number,
  sourceKind: string | null | undefined,
  exceptId: number | null,
) {
  if (!sourceKind) return;
  const other = (await q.categoriesOf(deps.db, caller.schoolId, [lessonId], subPeriodId)).find(
    (c) => c.source_kind === sourceKind && c.id !== exceptId,
  );
  if (other)
    throw ruleError(
      'conflict',
      { code: 'collector_exists', field: 'source_kind', params: { name: other.name } },
      `The category "${other.name}" already collects these items.`,
    );
}

export async function createCategory(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  body: z.infer<typeof gradeCategoryBody>,
): Promise<GradeCategory> {
  await openSubPeriod(deps, caller, lessonId, body.sub_period_id);
  await assertOneCollector(deps, caller, lessonId, body.sub_period_id, body.source_kind, null);
  const nowIso = deps.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('grade_categories')
      .values({
        school_id: caller.schoolId,
        lesson_id: lessonId,
        sub_period_id: body.sub_period_id,
        name: body.name,
        weight: body.weight,
        source_kind: body.source_kind,
        sort_order: body.sort_order,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'create',
        entity: 'grade_category',
        entityId: inserted.id,
        detail: { weight: body.weight },
      },
      nowIso,
    );
    return inserted;
  });
  return categoryView(row);
}

async function ownCategory(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  categoryId: number,
) {
  await assertWritesGradebook(deps.db, caller, lessonId);
  const category = await q.categoryById(deps.db, caller.schoolId, lessonId, categoryId);
  if (!category) throw notFound('This category does not exist.');
  await openSubPeriod(deps, caller, lessonId, category.sub_period_id);
  return category;
}

export async function updateCategory(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  categoryId: number,
  body: z.infer<typeof gradeCategoryUpdateBody>,
): Promise<GradeCategory> {
  const category = await ownCategory(deps, caller, lessonId, categoryId);
  await assertOneCollector(
    deps,
    caller,
    lessonId,
    category.sub_period_id,
    body.source_kind,
    category.id,
  );
  const nowIso = deps.now().toISOString();
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('grade_categories')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.weight !== undefined ? { weight: body.weight } : {}),
        ...(body.source_kind !== undefined ? { source_kind: body.source_kind } : {}),
        ...(body.sort_order !== undefined ? { sort_order: body.sort_order } : {}),
        updated_at: nowIso,
      })
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', category.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'update',
        entity: 'grade_category',
        entityId: category.id,
        detail: { before: category.weight, after: updated.weight },
      },
      nowIso,
    );
    return updated;
  });
  return categoryView(row);
}

export async function removeCategory(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  categoryId: number,
): Promise<void> {
  const category = await ownCategory(deps, caller, lessonId, categoryId);
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('grade_items')
      .set({ category_id: null })
      .where('school_id', '=', caller.schoolId)
      .where('category_id', '=', category.id)
      .execute();
    await trx
      .deleteFrom('grade_categories')
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', category.id)
      .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: 'delete',
        entity: 'grade_category',
        entityId: category.id,
        detail: { name: category.name },
      },
      nowIso,
    );
  });
}

/** The office closes a sub-period's grades or reopens them; the audit log says who. */
export async function setSubPeriodState(
  deps: ServerDeps,
  ctx: RequestContext,
  subPeriodId: number,
  closed: boolean,
): Promise<SubPeriodView> {
  await assertMayCloseSubPeriods(deps, ctx);
  const schoolId = ctx.schoolId!;
  const row = await q.subPeriodById(deps.db, schoolId, subPeriodId);
  if (!row) throw notFound('This sub-period does not exist.');
  const nowIso = deps.now().toISOString();
  const values = {
    closed: closed ? 1 : 0,
    changed_by_user_id: ctx.actor?.id ?? ctx.user!.id,
    changed_at: nowIso,
  };
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('grade_sub_period_states')
      .values({ school_id: schoolId, sub_period_id: subPeriodId, ...values })
      .onConflict((c) => c.columns(['school_id', 'sub_period_id']).doUpdateSet(values))
      .execute();
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
        action: closed ? 'close' : 'reopen',
        entity: 'grade_sub_period',
        entityId: subPeriodId,
      },
      nowIso,
    );
  });
  return viewOf({ ...row, state: values.closed }, today(deps));
}

/** A student's grades (their own, or a parent's child's) in a sub-period. */
export async function gradesOfStudent(
  deps: ServerDeps,
  caller: TeachingCaller,
  childId: number | null,
  subPeriodId: number | undefined,
): Promise<StudentGrades> {
  const studentId = await studentOfCaller(deps.db, caller, childId);
  const day = today(deps);
  let periodId: number | null = null;
  if (subPeriodId !== undefined) {
    const asked = await q.subPeriodById(deps.db, caller.schoolId, subPeriodId);
    if (!asked) throw notFound('This sub-period does not exist.');
    periodId = asked.period_id;
  }
  const subPeriods = (await q.subPeriodsOf(deps.db, caller.schoolId, periodId)).map((r) =>
    viewOf(r, day),
  );
  const subPeriod = chooseSubPeriod(subPeriods, subPeriodId, day);
  const [settings, lessons] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    q.lessonsOfStudent(deps.db, caller.schoolId, studentId, subPeriod.period_id),
  ]);
  const books = await loadBooks(
    deps.db,
    caller.schoolId,
    lessons.map((l) => l.id),
    subPeriod,
    [studentId],
    { writable: false },
  );
  const published = gradePublished(settings.publish, subPeriod, day);
  const remarks = published
    ? await remarksOf(
        deps.db,
        caller.schoolId,
        lessons.map((l) => l.id),
        [subPeriod.id],
        studentId,
      )
    : [];
  return {
    student_id: studentId,
    sub_period: subPeriod,
    sub_periods: subPeriods,
    scale: settings.scale,
    lessons: lessons.map((lesson) => {
      const book = books.get(lesson.id)!;
      const values = book.values.get(studentId) ?? {};
      return {
        lesson,
        categories: book.categories,
        items: book.items.map((item) => ({
          ...item,
          value: values[item.key]?.value ?? null,
          comment: values[item.key]?.comment ?? null,
        })),
        grade: gradeOf(book, studentId, settings.scale, published),
        remark: remarks.find((r) => r.lesson_id === lesson.id)?.comment ?? null,
      };
    }),
  };
}
