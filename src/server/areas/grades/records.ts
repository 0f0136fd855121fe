import type { z } from 'zod';
import type {
  gradebookList,
  StudentLessonRecord,
  gradeRemarkBody,
} from '../../../shared/api/gradeRecords';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { gradeOf, itemsWithValues, loadBooks } from './book';
import { assertOpen, gradebookAccess, gradebookWriteAccess } from './policy';
import * as q from './queries';
import * as rq from './recordQueries';
import { contextOf, today, viewOf } from './service';
import { assessmentSettings } from './settings';

// The gradebook's overview for a teacher, one student's record in a lesson, and the teacher's
// remark on a student's sub-period (docs/assessment-grades.md, "Screens").

/** The teacher's lessons, each with its period's sub-periods and how full each gradebook is. */
export async function gradebooksOf(
  deps: ServerDeps,
  caller: TeachingCaller,
): Promise<z.infer<typeof gradebookList>> {
  if (caller.role !== 'teacher' || caller.me === null)
    throw forbidden('Only teachers list their gradebooks here.');
  const lessons = await rq.lessonsTaughtBy(deps.db, caller.schoolId, caller.me);
  const ids = lessons.map((l) => l.id);
  const day = today(deps);
  const periods = [...new Set(lessons.map((l) => l.period_id))];
  const [students, counts, ...subPeriodLists] = await Promise.all([
    rq.studentCounts(deps.db, caller.schoolId, ids),
    rq.itemAndValueCounts(deps.db, caller.schoolId, ids),
    ...periods.map((p) => q.subPeriodsOf(deps.db, caller.schoolId, p)),
  ]);
  const subPeriodsOfPeriod = new Map(
    periods.map((p, i) => [p, subPeriodLists[i]!.map((r) => viewOf(r, day))]),
  );
  const count = (rows: typeof counts.items, lessonId: number, subPeriodId: number) =>
    rows.find((r) => r.lessonId === lessonId && r.subPeriodId === subPeriodId)?.count ?? 0;
  return {
    lessons: lessons.map((lesson) => {
      const subPeriods = subPeriodsOfPeriod.get(lesson.period_id) ?? [];
      const roster = students.get(lesson.id) ?? 0;
      return {
        lesson: { id: lesson.id, name: lesson.name },
        students: roster,
        sub_periods: subPeriods,
        progress: subPeriods.map((s) => {
          const items = count(counts.items, lesson.id, s.id);
          return {
            sub_period_id: s.id,
            closed: s.closed,
            items,
            filled: count(counts.filled, lesson.id, s.id),
            expected: items * roster,
          };
        }),
      };
    }),
  };
}

/** One student in one lesson over every sub-period of its period, for its teachers and the office. */
export async function studentRecordOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  lessonId: number,
  studentId: number,
): Promise<StudentLessonRecord> {
  const access = await gradebookAccess(deps.db, caller, lessonId);
  const { lesson, subPeriods } = await contextOf(deps, caller, access.lesson);
  const student = (await q.studentsOfLesson(deps.db, caller.schoolId, lessonId)).find(
    (s) => s.student_id === studentId,
  );
  if (!student) throw notFound('This student does not attend this lesson.');
  const mayWrite = access.mayWrite;
  const [settings, remarks, marks] = await Promise.all([
    assessmentSettings(deps.db, caller.schoolId),
    rq.remarksOf(
      deps.db,
      caller.schoolId,
      [lessonId],
      subPeriods.map((s) => s.id),
      studentId,
    ),
    rq.attendanceMarksOf(deps.db, caller.schoolId, lessonId, studentId),
  ]);
  const attendance = marks.map((m) => ({
    date: m.date,
    status: m.status as 'absent' | 'late' | 'excused',
    justified: m.justified === 1,
  }));
  const records = await Promise.all(
    subPeriods.map(async (subPeriod) => {
      const writable = mayWrite && !subPeriod.closed;
      const book = (
        await loadBooks(deps.db, caller.schoolId, [lessonId], subPeriod, [studentId], {
          writable,
        })
      ).get(lessonId)!;
      const within = attendance.filter(
        (m) => subPeriod.start_date <= m.date && m.date <= subPeriod.end_date,
      );
      const counted = (status: string) => within.filter((m) => m.status === status).length;
      return {
        sub_period: subPeriod,
        categories: book.categories,
        items: itemsWithValues(book, studentId),
        grade: gradeOf(book, studentId, settings.scale, true),
        remark: remarks.find((r) => r.sub_period_id === subPeriod.id)?.comment ?? null,
        absences: {
          absent: counted('absent'),
          late: counted('late'),
          excused: counted('excused'),
          unjustified: within.filter((m) => m.status === 'absent' && !m.justified).length,
        },
      };
    }),
  );
  return {
    lesson: { id: lesson.id, name: lesson.name },
    student,
    scale: settings.scale,
    sub_periods: records,
    attendance,
    abilities: { update: mayWrite, delete: mayWrite },
  };
}

/** Writes (or with an empty text removes) the teacher's remark on a student's sub-period. */
export async function setRemark(
  deps: ServerDeps,
  ctx: RequestContext,
  caller: TeachingCaller,
  ids: { lessonId: number; studentId: number; subPeriodId: number },
  body: z.infer<typeof gradeRemarkBody>,
): Promise<{ remark: string | null }> {
  const lesson = await gradebookWriteAccess(deps.db, caller, ids.lessonId);
  const { subPeriods } = await contextOf(deps, caller, lesson);
  const subPeriod = subPeriods.find((s) => s.id === ids.subPeriodId);
  if (!subPeriod) throw notFound("This sub-period is not one of the lesson's period.");
  assertOpen(subPeriod.closed);
  if (!(await q.isStudentOfLesson(deps.db, caller.schoolId, ids.lessonId, ids.studentId)))
    throw notFound('This student does not attend this lesson.');
  const key = {
    school_id: caller.schoolId,
    lesson_id: ids.lessonId,
    sub_period_id: ids.subPeriodId,
    student_id: ids.studentId,
  };
  const nowIso = deps.now().toISOString();
  const comment = body.comment === '' ? null : body.comment;
  await deps.db.transaction().execute(async (trx) => {
    if (comment === null) {
      await trx
        .deleteFrom('grade_remarks')
        .where('school_id', '=', key.school_id)
        .where('lesson_id', '=', key.lesson_id)
        .where('sub_period_id', '=', key.sub_period_id)
        .where('student_id', '=', key.student_id)
        .execute();
    } else {
      const row = { comment, updated_by_user_id: caller.userId, updated_at: nowIso };
      await trx
        .insertInto('grade_remarks')
        .values({ ...key, ...row })
        .onConflict((c) =>
          c.columns(['school_id', 'lesson_id', 'sub_period_id', 'student_id']).doUpdateSet(row),
        )
        .execute();
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId: caller.schoolId,
        action: comment === null ? 'delete' : 'update',
        entity: 'grade_remark',
        entityId: ids.studentId,
        detail: { lesson_id: ids.lessonId, sub_period_id: ids.subPeriodId },
      },
      nowIso,
    );
  });
  return { remark: comment };
}
