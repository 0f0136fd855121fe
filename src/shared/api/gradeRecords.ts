import { z } from 'zod';
import { endpoint } from './endpoint';
import { GRADE_BATCH_MAX } from '../grades/average';
import {
  gradebookRows,
  gradeCategory,
  gradeItem,
  gradeScale,
  gradeSubPeriod,
  subPeriodGrade,
} from './grades';
import { idParam, schoolRoleParams } from './school';
import { abilities } from './teaching';

// What the gradebook's screens read beside the grid (docs/assessment-grades.md, "Screens"):
// a teacher's gradebooks at a glance, and one student in one lesson over every sub-period
// with their absences and the teacher's remark per sub-period.

/** One lesson's gradebook in one sub-period, counted. */
export const gradebookProgress = z.object({
  sub_period_id: z.number().int(),
  closed: z.boolean(),
  /** The teacher's own and other areas' items (tasks are graded on the task and not counted). */
  items: z.number().int(),
  /** Values entered on those items. */
  filled: z.number().int(),
  /** items × students: every value the gradebook can hold. */
  expected: z.number().int(),
});

export const gradebookSummary = z.object({
  lesson: z.object({ id: z.number().int(), name: z.string() }),
  students: z.number().int(),
  sub_periods: z.array(gradeSubPeriod),
  progress: z.array(gradebookProgress),
});
export type GradebookSummary = z.infer<typeof gradebookSummary>;

export const gradebookList = z.object({ lessons: z.array(gradebookSummary) });

export const attendanceMark = z.object({
  date: z.string(),
  status: z.enum(['absent', 'late', 'excused']),
  justified: z.boolean(),
});

export const absenceCounts = z.object({
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  unjustified: z.number().int(),
});

/** One sub-period of a student in a lesson: the items with values, the grade, the remark. */
export const studentSubPeriodRecord = z.object({
  sub_period: gradeSubPeriod,
  categories: z.array(gradeCategory),
  items: z.array(
    gradeItem.extend({ value: z.number().nullable(), comment: z.string().nullable() }),
  ),
  grade: subPeriodGrade,
  remark: z.string().nullable(),
  absences: absenceCounts,
});
export type StudentSubPeriodRecord = z.infer<typeof studentSubPeriodRecord>;

export const studentLessonRecord = z.object({
  lesson: z.object({ id: z.number().int(), name: z.string() }),
  student: z.object({
    student_id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  scale: gradeScale,
  sub_periods: z.array(studentSubPeriodRecord),
  /** Every day the student was not simply present in this lesson, newest first. */
  attendance: z.array(attendanceMark),
  /** update: the caller may change values and remarks (in sub-periods that are open). */
  abilities,
});
export type StudentLessonRecord = z.infer<typeof studentLessonRecord>;

export const gradeRemarkBody = z.object({
  comment: z.string().trim().max(2000, 'This text is too long'),
});

/** Many values at once (a block pasted into the grid): all saved, or none. */
export const gradeEntriesBody = z.object({
  entries: z
    .array(
      z.object({
        item_id: idParam,
        student_id: idParam,
        value: z.number({ error: 'Enter a number' }).finite('Enter a number').nullable(),
      }),
    )
    .min(1, 'Nothing to save')
    .max(GRADE_BATCH_MAX, `At most ${GRADE_BATCH_MAX} values at once`),
});

const studentParams = schoolRoleParams.extend({ lesson_id: idParam, student_id: idParam });

export const gradeRecordEndpoints = {
  gradebooks: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/gradebooks',
    access: 'school-role',
    summary:
      "A teacher's lessons with their gradebook in each sub-period of the lesson's period: items, values entered of those expected, closed or open.",
    params: schoolRoleParams,
    response: gradebookList,
  }),
  studentRecord: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/grades/:lesson_id/students/:student_id',
    access: 'school-role',
    summary:
      "One student in one lesson: every sub-period's items with values and comments, the grade with how it was computed, the teacher's remark, and the absences.",
    params: studentParams,
    response: studentLessonRecord,
  }),
  setEntries: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grades/:lesson_id/entries',
    access: 'school-role',
    summary:
      "Enter or clear many values at once (a pasted block), in one transaction: every value is checked (issues name `entries.<n>.value`) and all are saved, or none; the block is one row of the audit log. Answers the changed students' rows as the grid has them.",
    params: schoolRoleParams.extend({ lesson_id: idParam }),
    body: gradeEntriesBody,
    response: gradebookRows,
  }),
  setRemark: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/grades/:lesson_id/students/:student_id/remarks/:sub_period_id',
    access: 'school-role',
    summary:
      "The teacher's remark on a student's sub-period (empty removes it); students and parents see it with the published grade.",
    params: studentParams.extend({ sub_period_id: idParam }),
    body: gradeRemarkBody,
    response: z.object({ remark: z.string().nullable() }),
  }),
};
