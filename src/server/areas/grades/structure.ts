import type { z } from 'zod';
import type {
  GradeCategory,
  GradeItem,
  gradeCategoryBody,
  gradeCategoryUpdateBody,
  gradeItemBody,
  gradeItemUpdateBody,
} from '../../../shared/api/grades';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { itemKey } from './book';
import { gradebookWriteAccess } from './policy';
import * as q from './queries';
import { openSubPeriod, openSubPeriodOf } from './service';
import { assessmentSettings } from './settings';

// The gradebook's set-up: the teacher's own items (oral, test, exam) and the weighted
// categories of a lesson's sub-period. Every change needs write on the gradebook and an open
// sub-period, and is in the audit log. Items of other areas (tasks, quizzes) are not changed
// here (graded_elsewhere).

export async function ownItem(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  itemId: number,
) {
  const item = await q.itemById(deps.db, caller.schoolId, lessonId, itemId);
  if (!item) throw notFound('This grade item does not exist.');
  return item;
}

export const notHere = () =>
  ruleError(
    'conflict',
    { code: 'graded_elsewhere' },
    'This item is graded where it was set (its quiz or task), not in the gradebook.',
  );

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
  const lesson = await gradebookWriteAccess(deps.db, caller, lessonId);
  const item = await ownItem(deps, caller, lessonId, itemId);
  if (item.source_kind !== null) throw notHere();
  await openSubPeriodOf(deps, caller, lesson, item.sub_period_id);
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
  const lesson = await gradebookWriteAccess(deps.db, caller, lessonId);
  const item = await ownItem(deps, caller, lessonId, itemId);
  if (item.source_kind !== null) throw notHere();
  await openSubPeriodOf(deps, caller, lesson, item.sub_period_id);
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
  const lesson = await gradebookWriteAccess(deps.db, caller, lessonId);
  const category = await q.categoryById(deps.db, caller.schoolId, lessonId, categoryId);
  if (!category) throw notFound('This category does not exist.');
  await openSubPeriodOf(deps, caller, lesson, category.sub_period_id);
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

/**
 * Deletes a category. Its items stay: moved into `moveItemsTo` (another category of the same
 * sub-period), or else left without a category, where they do not count — the choice Canvas
 * offers when an assignment group goes.
 */
export async function removeCategory(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  categoryId: number,
  moveItemsTo: number | undefined,
): Promise<void> {
  const category = await ownCategory(deps, caller, lessonId, categoryId);
  if (moveItemsTo !== undefined) {
    const target = await q.categoryById(deps.db, caller.schoolId, lessonId, moveItemsTo);
    if (!target || target.id === category.id || target.sub_period_id !== category.sub_period_id)
      throw validationError({ move_items_to: "Choose another of this sub-period's categories" });
  }
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('grade_items')
      .set({ category_id: moveItemsTo ?? null, updated_at: nowIso })
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
        detail: { name: category.name, items_moved_to: moveItemsTo ?? null },
      },
      nowIso,
    );
  });
}
