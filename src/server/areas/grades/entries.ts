import type { z } from 'zod';
import type { RuleIssue } from '../../../shared/api/envelope';
import type { gradeEntriesBody } from '../../../shared/api/gradeRecords';
import { gradeValueIssue } from '../../../shared/grades/value';
import type { Kysely } from 'kysely';
import { recordAudits, type AuditEntry } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { gradeOf, loadBooks } from './book';
import { assertWritesGradebook } from './policy';
import * as q from './queries';
import { lessonContext } from './service';
import { assessmentSettings } from './settings';

// Many values at once: a block pasted into the grid. Every value is checked first and the
// refusal names each bad one, so that the grid marks those cells; then all are written in one
// transaction (nothing half-saved), each in the audit log as a single change would be.

/** The shared rule as a coded issue on the `value` field. */
export function valueIssue(value: number | null, max: number): RuleIssue | null {
  const issue = gradeValueIssue(value, max);
  return issue && { ...issue, field: 'value' };
}

export const valueIssueMessage = (issue: RuleIssue) =>
  issue.code === 'value_out_of_scale'
    ? `Enter a value from 0 to ${issue.params?.max}.`
    : 'Enter at most two decimals.';

/** Rows of one upsert: seven columns each, well under both databases' parameter limits. */
const UPSERT_BATCH = 500;

interface GradeEntryRow {
  school_id: number;
  item_id: number;
  student_id: number;
  value_hundredths: number | null;
  comment: string | null;
  updated_by_user_id: number;
  updated_at: string;
}

/** The stored value and comment of each cell named, by `item:student`, in one read per item. */
async function currentEntries(
  trx: Kysely<Database>,
  schoolId: number,
  entries: { item_id: number; student_id: number }[],
) {
  const studentsByItem = new Map<number, number[]>();
  for (const e of entries)
    studentsByItem.set(e.item_id, [...(studentsByItem.get(e.item_id) ?? []), e.student_id]);
  const found = new Map<string, { value_hundredths: number | null; comment: string | null }>();
  for (const [itemId, students] of studentsByItem) {
    const rows = await trx
      .selectFrom('grade_entries')
      .select(['student_id', 'value_hundredths', 'comment'])
      .where('school_id', '=', schoolId)
      .where('item_id', '=', itemId)
      .where('student_id', 'in', students)
      .execute();
    for (const row of rows) found.set(`${itemId}:${row.student_id}`, row);
  }
  return found;
}

export async function setEntries(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  lessonId: number,
  body: z.infer<typeof gradeEntriesBody>,
) {
  await assertWritesGradebook(deps.db, caller, lessonId);
  const { subPeriods } = await lessonContext(deps, caller, lessonId);
  const itemIds = [...new Set(body.entries.map((e) => e.item_id))];
  const [items, roster] = await Promise.all([
    deps.db
      .selectFrom('grade_items')
      .select(['id', 'sub_period_id', 'source_kind', 'max_points'])
      .where('school_id', '=', caller.schoolId)
      .where('lesson_id', '=', lessonId)
      .where('id', 'in', itemIds)
      .execute(),
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
  // The last value given for a cell wins, as if typed in order.
  const cells = new Map(body.entries.map((e) => [`${e.item_id}:${e.student_id}`, e]));
  await deps.db.transaction().execute(async (trx) => {
    const before = await currentEntries(trx, caller.schoolId, [...cells.values()]);
    const upserts: GradeEntryRow[] = [];
    const cleared = new Map<number, number[]>();
    const audits: AuditEntry[] = [];
    for (const [cell, entry] of cells) {
      const was = before.get(cell);
      const hundredths = entry.value === null ? null : Math.round(entry.value * 100);
      if (was ? was.value_hundredths === hundredths : hundredths === null) continue;
      // A cleared value goes with its row unless a comment keeps it.
      if (hundredths === null && !was?.comment)
        cleared.set(entry.item_id, [...(cleared.get(entry.item_id) ?? []), entry.student_id]);
      else
        upserts.push({
          school_id: caller.schoolId,
          item_id: entry.item_id,
          student_id: entry.student_id,
          value_hundredths: hundredths,
          comment: was?.comment ?? null,
          updated_by_user_id: caller.userId,
          updated_at: nowIso,
        });
      audits.push({
        schoolId: caller.schoolId,
        action: was ? 'update' : 'create',
        entity: 'grade',
        entityId: entry.item_id,
        detail: {
          student_id: entry.student_id,
          before: was ? was.value_hundredths : null,
          after: hundredths,
        },
      });
    }
    for (const [itemId, students] of cleared)
      await trx
        .deleteFrom('grade_entries')
        .where('school_id', '=', caller.schoolId)
        .where('item_id', '=', itemId)
        .where('student_id', 'in', students)
        .execute();
    for (let i = 0; i < upserts.length; i += UPSERT_BATCH)
      await trx
        .insertInto('grade_entries')
        .values(upserts.slice(i, i + UPSERT_BATCH))
        .onConflict((c) =>
          c.columns(['school_id', 'item_id', 'student_id']).doUpdateSet((eb) => ({
            value_hundredths: eb.ref('excluded.value_hundredths'),
            updated_by_user_id: eb.ref('excluded.updated_by_user_id'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    await recordAudits(trx, ctx, audits, nowIso);
  });

  // The changed students' rows, per sub-period touched (a paste stays in one in practice).
  const settings = await assessmentSettings(deps.db, caller.schoolId);
  const studentIds = [...new Set(body.entries.map((e) => e.student_id))];
  const touched = [...new Set(items.map((i) => i.sub_period_id))];
  const rows = [];
  for (const subPeriodId of touched) {
    const subPeriod = subPeriods.find((s) => s.id === subPeriodId)!;
    const book = (
      await loadBooks(deps.db, caller.schoolId, [lessonId], subPeriod, studentIds, {
        writable: true,
      })
    ).get(lessonId)!;
    for (const student of roster.filter((s) => studentIds.includes(s.student_id)))
      rows.push({
        student_id: student.student_id,
        first_name: student.first_name,
        last_name: student.last_name,
        values: book.values.get(student.student_id) ?? {},
        grade: gradeOf(book, student.student_id, settings.scale, true),
      });
  }
  return { students: rows };
}
