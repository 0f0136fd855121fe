import type { Kysely, Selectable } from 'kysely';
import type { ReportCardBatch, ReportCardChoices } from '../../../../shared/api/reports';
import type { Database } from '../../../db/schema';
import type { ServerDeps } from '../../../deps';
import { notFound, validationError } from '../../../http/errors';
import { enqueueJob } from '../../../jobs';
import { registerFileJob } from '../file-jobs';
import { localDate } from '../../calendar/school-time';
import { applyFilters, filterOptions } from '../filters';
import type { ReportCardBatchesTable } from '../tables';
import { reportCardFrame, reportCardsOf, studentsOfLevel } from './data';
import { reportCardsPdf } from './pdf';

// Report cards: one student's at once (a few queries and a page or two), a whole level's
// in the background (the POST stores the request and enqueues the job in one transaction;
// the job draws card after card, noting its progress, and keeps the PDF for its asker).

export const REPORT_CARDS_JOB = 'reports.report-cards';
type BatchRow = Selectable<ReportCardBatchesTable>;

export function batchView(row: BatchRow, schoolId: number): ReportCardBatch {
  return {
    id: row.id,
    sub_period_id: row.sub_period_id,
    level_id: row.level_id,
    status: row.status,
    progress: row.progress,
    students: row.student_count,
    download_url:
      row.status === 'done' ? `/schools/${schoolId}/admin/report-cards/${row.id}/file` : null,
    file_name: row.file_name,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

async function ownsRecord(
  db: Kysely<Database>,
  schoolId: number,
  table: 'sub_periods' | 'levels',
  id: number,
) {
  return (
    (await db
      .selectFrom(table)
      .select('id')
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined
  );
}

/** What the report cards screen offers, and the caller's latest batches. */
export async function reportCardChoices(
  deps: ServerDeps,
  schoolId: number,
  userId: number,
): Promise<ReportCardChoices> {
  const today = localDate(deps.now(), deps.config.timeZone);
  const declared = [
    {
      key: 'period_id',
      kind: 'period' as const,
      label: '',
      required: true,
      defaultsTo: 'current' as const,
    },
    {
      key: 'sub_period_id',
      kind: 'sub_period' as const,
      label: '',
      required: true,
      defaultsTo: 'current' as const,
    },
    { key: 'level_id', kind: 'level' as const, label: '', required: false },
  ];
  const [options, applied, counts, language, batches] = await Promise.all([
    filterOptions(deps.db, schoolId, declared),
    applyFilters(deps.db, schoolId, declared, {}, today),
    deps.db
      .selectFrom('memberships')
      .select((eb) => ['level_id', eb.fn.countAll<number | string>().as('students')])
      .where('school_id', '=', schoolId)
      .where('role', '=', 'student')
      .where('active', '=', 1)
      .where('level_id', 'is not', null)
      .groupBy('level_id')
      .execute(),
    deps.db
      .selectFrom('settings')
      .select('data')
      .where('school_id', '=', schoolId)
      .where('name', '=', 'school_language')
      .executeTakeFirst(),
    deps.db
      .selectFrom('report_card_batches')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(5)
      .execute(),
  ]);
  const countOf = new Map(counts.map((c) => [c.level_id, Number(c.students)]));
  return {
    language: language?.data?.toLowerCase().startsWith('el') ? 'el' : 'en',
    periods: options.period_id ?? [],
    sub_periods: options.sub_period_id ?? [],
    current_sub_period_id: (applied.sub_period_id as number | null) ?? null,
    levels: (options.level_id ?? []).map((l) => ({ ...l, students: countOf.get(l.value) ?? 0 })),
    batches: batches.map((b) => batchView(b, schoolId)),
  };
}

/** One student's card as a PDF, and the name to offer it under. */
export async function studentReportCard(
  deps: ServerDeps,
  schoolId: number,
  studentId: number,
  subPeriodId: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  if (!(await ownsRecord(deps.db, schoolId, 'sub_periods', subPeriodId)))
    throw validationError({ sub_period_id: 'Choose a sub-period of this school' });
  const student = await deps.db
    .selectFrom('memberships')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', studentId)
    .where('role', '=', 'student')
    .executeTakeFirst();
  if (!student) throw notFound('There is no such student.');
  const frame = await reportCardFrame(deps.db, deps.storage, schoolId, subPeriodId);
  const students = await reportCardsOf(deps.db, schoolId, subPeriodId, [studentId], frame.scale);
  const today = localDate(deps.now(), deps.config.timeZone);
  return {
    bytes: await reportCardsPdf({ frame, students, today }),
    fileName: `report-card-${studentId}-sub-period-${subPeriodId}.pdf`,
  };
}

export async function startReportCards(
  deps: ServerDeps,
  schoolId: number,
  userId: number,
  request: { sub_period_id: number; level_id: number },
): Promise<ReportCardBatch> {
  const [subPeriodOk, levelOk] = await Promise.all([
    ownsRecord(deps.db, schoolId, 'sub_periods', request.sub_period_id),
    ownsRecord(deps.db, schoolId, 'levels', request.level_id),
  ]);
  if (!subPeriodOk || !levelOk)
    throw validationError({
      ...(subPeriodOk ? {} : { sub_period_id: 'Choose a sub-period of this school' }),
      ...(levelOk ? {} : { level_id: 'Choose a level of this school' }),
    });
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('report_card_batches')
      .values({
        school_id: schoolId,
        user_id: userId,
        sub_period_id: request.sub_period_id,
        level_id: request.level_id,
        status: 'pending',
        progress: 0,
        student_count: null,
        file_name: null,
        content_base64: null,
        error: null,
        created_at: now.toISOString(),
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await enqueueJob(
      trx,
      { kind: REPORT_CARDS_JOB, payload: { batchId: inserted.id }, schoolId },
      now,
    );
    return inserted;
  });
  return batchView(row, schoolId);
}

/** One batch of the caller's (another admin's are not theirs to see). */
export async function batchOf(db: Kysely<Database>, schoolId: number, userId: number, id: number) {
  const row = await db
    .selectFrom('report_card_batches')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('There is no such batch of report cards.');
  return row;
}

const setProgress = (db: Kysely<Database>, id: number, progress: number) =>
  db.updateTable('report_card_batches').set({ progress }).where('id', '=', id).execute();

async function drawBatch(deps: ServerDeps, row: BatchRow, signal: AbortSignal) {
  const frame = await reportCardFrame(deps.db, deps.storage, row.school_id, row.sub_period_id);
  const ids = await studentsOfLevel(deps.db, row.school_id, row.level_id);
  const students = await reportCardsOf(deps.db, row.school_id, row.sub_period_id, ids, frame.scale);
  await setProgress(deps.db, row.id, 10);
  const today = localDate(deps.now(), deps.config.timeZone);
  let noted = 10;
  const bytes = await reportCardsPdf({
    frame,
    students,
    today,
    onStudent: async (done, total) => {
      if (signal.aborted)
        throw new Error('The server is stopping; the cards are drawn again later.');
      const progress = 10 + Math.floor((done / total) * 85);
      // A note per few percent: a level of hundreds does not write hundreds of times.
      if (progress - noted >= 5 || done === total) {
        noted = progress;
        await setProgress(deps.db, row.id, progress);
      }
    },
  });
  await deps.db
    .updateTable('report_card_batches')
    .set({
      status: 'done',
      progress: 100,
      student_count: students.length,
      file_name: `report-cards-level-${row.level_id}-sub-period-${row.sub_period_id}-${today}.pdf`,
      content_base64: bytes.toString('base64'),
      finished_at: deps.now().toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
}

registerFileJob({
  job: REPORT_CARDS_JOB,
  table: 'report_card_batches',
  rowId: (payload) => payload.batchId!,
  make: drawBatch,
  failure: 'The report cards could not be drawn.',
});
