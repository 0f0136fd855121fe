import type { z } from 'zod';
import type { RuleIssue } from '../../../shared/api/envelope';
import type { gradeEntriesBody } from '../../../shared/api/gradeRecords';
import type { GradebookRows, gradeEntryBody } from '../../../shared/api/grades';
import { gradeValueIssue } from '../../../shared/grades/value';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, notFound, ruleError } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { gridRowOf, loadBooks } from './book';
import { deleteEntries, upsertValues, type ValueRow } from './entryWrites';
import { gradebookWriteAccess } from './policy';
import * as q from './queries';
import { contextOf, openSubPeriodOf } from './service';
import { assessmentSettings } from './settings';
import { notHere, ownItem } from './structure';

// Values: one cell typed into the grid, or a block pasted into it. A pasted block is checked
// whole first and the refusal names each bad value, so that the grid marks those cells; then
// all are written in one transaction (nothing half-saved), set-based (entryWrites.ts), and
// the block is one row of the audit log with every changed cell's before and after.

/** What each cell of a pasted block's audit row holds. */
const PASTE_COLUMNS = ['item_id', 'student_id', 'before', 'after'];

/** The shared rule as a coded issue on the `value` field. */
export function valueIssue(value: number | null, max: number): RuleIssue | null {
  const issue = gradeValueIssue(value, max);
  return issue && { ...issue, field: 'value' };
}

export const valueIssueMessage = (issue: RuleIssue) =>
  issue.code === 'value_out_of_scale'
    ? `Enter a value from 0 to ${issue.params?.max}.`
    : 'Enter at most two decimals.';

type Roster = Awaited<ReturnType<typeof q.studentsOfLesson>>;

/** The rows of some students, with their values and sub-period grade, as the grid has them. */
async function studentRows(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  subPeriod: { id: number; start_date: string; end_date: string },
  students: Roster,
): Promise<GradebookRows> {
  const [settings, books] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    loadBooks(
      deps.db,
      caller.schoolId,
      [lessonId],
      subPeriod,
      students.map((s) => s.student_id),
      { writable: true },
    ),
  ]);
  const book = books.get(lessonId)!;
  return {
    item_keys: book.items.map((i) => i.key),
    students: students.map((student) => gridRowOf(book, student, settings.scale)),
  };
}

/** Writes or clears one student's value on an item (on the item's own points). */
export async function setEntry(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  ids: { lessonId: number; itemId: number; studentId: number },
  body: z.infer<typeof gradeEntryBody>,
) {
  const lesson = await gradebookWriteAccess(deps.db, caller, ids.lessonId);
  const item = await ownItem(deps, caller, ids.lessonId, ids.itemId);
  if (item.source_kind !== null) throw notHere();
  const [{ subPeriod }, roster] = await Promise.all([
    openSubPeriodOf(deps, caller, lesson, item.sub_period_id),
    q.studentsOfLesson(deps.db, caller.schoolId, ids.lessonId),
  ]);
  const student = roster.find((s) => s.student_id === ids.studentId);
  if (!student) throw notFound('This student does not attend this lesson.');
  const { value } = body;
  const issue = valueIssue(value, item.max_points);
  if (issue) throw ruleError('validation', issue, valueIssueMessage(issue));
  const comment = body.comment === undefined ? undefined : body.comment || null;
  const nowIso = deps.now().toISOString();
  const key = { school_id: caller.schoolId, item_id: item.id, student_id: ids.studentId };
  await deps.db.transaction().execute(async (trx) => {
    const [before] = await q.entriesAmong(trx, caller.schoolId, [item.id], [ids.studentId]);
    const next = {
      value_hundredths: value === null ? null : Math.round(value * 100),
      comment: comment === undefined ? (before?.comment ?? null) : comment,
    };
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
  return studentRows(deps, caller, ids.lessonId, subPeriod, [student]);
}

/** Many values at once (a pasted block): all checked, then all written, or none. */
export async function setEntries(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  body: z.infer<typeof gradeEntriesBody>,
) {
  const lesson = await gradebookWriteAccess(deps.db, caller, lessonId);
  const itemIds = [...new Set(body.entries.map((e) => e.item_id))];
  const [{ subPeriods }, items, roster] = await Promise.all([
    contextOf(deps, caller, lesson),
    q.itemsAmong(deps.db, caller.schoolId, lessonId, itemIds),
    q.studentsOfLesson(deps.db, caller.schoolId, lessonId),
  ]);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const onRoster = new Set(roster.map((s) => s.student_id));
  const fields: Record<string, string> = {};
  const issues: RuleIssue[] = [];
  const refuse = (index: number, issue: RuleIssue, message: string) => {
    const field = `entries.${index}.${issue.field ?? 'value'}`;
    fields[field] = message;
    issues.push({ ...issue, field });
  };
  body.entries.forEach((entry, index) => {
    const item = itemById.get(entry.item_id);
    if (!item) return refuse(index, { code: 'unknown_choice', field: 'item_id' }, 'No such item.');
    if (item.source_kind !== null)
      return refuse(
        index,
        { code: 'graded_elsewhere', field: 'item_id' },
        'This item is graded where it was set.',
      );
    if (subPeriods.find((s) => s.id === item.sub_period_id)?.closed !== false)
      return refuse(
        index,
        { code: 'sub_period_closed', field: 'item_id' },
        'This sub-period is closed.',
      );
    if (!onRoster.has(entry.student_id))
      return refuse(
        index,
        { code: 'not_in_roster', field: 'student_id' },
        'This student does not attend this lesson.',
      );
    const issue = valueIssue(entry.value, item.max_points);
    if (issue) refuse(index, issue, valueIssueMessage(issue));
  });
  if (issues.length > 0)
    throw new ApiError('validation', 'Some values are not valid.', fields, undefined, issues);

  const nowIso = deps.now().toISOString();
  // The last value given for a cell wins, as if typed in order: item id -> student id -> value.
  const cells = new Map<number, Map<number, number | null>>();
  for (const e of body.entries) {
    let column = cells.get(e.item_id);
    if (!column) cells.set(e.item_id, (column = new Map()));
    column.set(e.student_id, e.value);
  }
  const studentIds = [...new Set(body.entries.map((e) => e.student_id))];
  await deps.db.transaction().execute(async (trx) => {
    // The stored values of the pasted items (their other students' too; only pasted cells
    // are looked up), by item and student.
    const before = new Map<number, Map<number, q.StoredEntry>>();
    for (const row of await q.entriesOfItems(trx, caller.schoolId, itemIds)) {
      let column = before.get(row.item_id);
      if (!column) before.set(row.item_id, (column = new Map()));
      column.set(row.student_id, row);
    }
    const upserts: ValueRow[] = [];
    const cleared: number[] = [];
    const changes: [number, number, number | null, number | null][] = [];
    for (const [itemId, column] of cells)
      for (const [studentId, value] of column) {
        const was = before.get(itemId)?.get(studentId);
        const hundredths = value === null ? null : Math.round(value * 100);
        if (was ? was.value_hundredths === hundredths : hundredths === null) continue;
        // A cleared value goes with its row unless a comment keeps it.
        if (hundredths === null && was && !was.comment) cleared.push(was.id);
        else upserts.push({ item_id: itemId, student_id: studentId, value_hundredths: hundredths });
        changes.push([itemId, studentId, was ? was.value_hundredths : null, hundredths]);
      }
    await deleteEntries(trx, deps.dbKind, caller.schoolId, cleared);
    await upsertValues(
      trx,
      deps.dbKind,
      { schoolId: caller.schoolId, userId: caller.userId, nowIso },
      upserts,
    );
    // The block is one change of the audit log, its cells in the detail (one row per cell
    // cost more than the values' own writes: W9).
    if (changes.length > 0)
      await recordAudit(
        trx,
        ctx,
        {
          schoolId: caller.schoolId,
          action: 'paste',
          entity: 'grade',
          entityId: null,
          detail: { lesson_id: lessonId, columns: PASTE_COLUMNS, cells: changes },
        },
        nowIso,
      );
  });

  // The changed students' rows in the sub-period of the block's first item (a paste into the
  // grid stays in one; a block written across sub-periods by hand gets the first one's rows).
  const pasted = new Set(studentIds);
  const changed = roster.filter((s) => pasted.has(s.student_id));
  const subPeriodId = itemById.get(body.entries[0]!.item_id)!.sub_period_id;
  const subPeriod = subPeriods.find((s) => s.id === subPeriodId)!;
  return studentRows(deps, caller, lessonId, subPeriod, changed);
}
