import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import { endpoint } from './endpoint';
import { fileRef } from './files';
import { idParam, schoolRoleParams } from './school';
import { day, flag } from './teaching';

// Attendance (docs/assessment-attendance.md): the teacher's register of a lesson on a day,
// the office's absences and justifications, the family's same-day notice.

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatusName = (typeof ATTENDANCE_STATUSES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const attendanceEntry = z.object({
  student_id: id,
  status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose present, absent, late or excused' }),
});

export const attendanceBody = z.object({
  entries: z
    .array(attendanceEntry)
    .max(500, 'At most 500 students')
    .refine(
      (entries) => new Set(entries.map((e) => e.student_id)).size === entries.length,
      'Give each student once',
    ),
});

export const registerRow = z.object({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  justified: z.boolean(),
  /** False until a register was saved for this student on this day. */
  recorded: z.boolean(),
});

export const attendanceRegister = z.object({
  lesson: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  /** Whether the register of this day was saved. */
  taken: z.boolean(),
  students: z.array(registerRow),
});
export type AttendanceRegister = z.infer<typeof attendanceRegister>;

export const absenceRow = z.object({
  id: z.number().int(),
  date: z.string(),
  status: z.enum(ATTENDANCE_STATUSES),
  justified: z.boolean(),
  justification_note: z.string().nullable(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  level_name: z.string().nullable(),
  /** The student's unjustified absences in this lesson (all dates), for the threshold. */
  unjustified_in_lesson: z.number().int(),
  /** Whether those reach the school's threshold (never when the threshold is off). */
  over_threshold: z.boolean(),
  /** Justification documents (signed links; the office and the student's guardians). */
  files: z.array(fileRef),
});
export type AbsenceRow = z.infer<typeof absenceRow>;

export const absencesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
  from: day.optional(),
  to: day.optional(),
  lesson_id: id.optional(),
  level_id: id.optional(),
  student_id: id.optional(),
  justified: flag.optional(),
  /** The student's name or e-mail, any part. */
  search: z.string().trim().max(200).optional(),
  /** Only students whose unjustified absences in the lesson reach the threshold. */
  over_threshold: flag.optional(),
  /** Late arrivals are listed only when asked for; absences always. */
  include_late: flag.default(false),
  order: z.enum(['asc', 'desc'], { error: 'Choose asc or desc' }).default('desc'),
});

export const absenceTotals = z.object({
  absent: z.number().int(),
  justified: z.number().int(),
  unjustified: z.number().int(),
  late: z.number().int(),
});

export const studentAbsences = z.object({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
  }),
  totals: absenceTotals,
  per_lesson: z.array(
    absenceTotals.extend({
      lesson_id: z.number().int(),
      lesson_name: z.string(),
      over_threshold: z.boolean(),
    }),
  ),
  per_period: z.array(
    absenceTotals.extend({
      period_id: z.number().int(),
      period_name: z.string(),
      sub_period_id: z.number().int().nullable(),
      sub_period_name: z.string().nullable(),
    }),
  ),
  /** Every absence and late arrival, newest first. */
  records: z.array(absenceRow),
  /** Unjustified absences per lesson that warn; 0: no threshold. */
  threshold: z.number().int(),
  /** What the caller may do: the office with write on absences justifies and attaches. */
  abilities: z.object({ justify: z.boolean() }),
});
export type StudentAbsences = z.infer<typeof studentAbsences>;

export const justificationBody = z.object({
  justified: z.boolean({ error: 'Choose yes or no' }),
  note: z.string().trim().max(2000, 'This text is too long').nullable().optional(),
});

/**
 * The day is checked by the service (`registerDay`), not here: path parameters are parsed
 * before the school and role are, and a caller outside the school must hear 403 first.
 */
const registerParams = schoolRoleParams.extend({
  lesson_id: idParam,
  date: z.string().max(40).describe('The day, YYYY-MM-DD'),
});

/** A register's day from its path: YYYY-MM-DD. */
export const registerDay = day;

export const attendanceEndpoints = {
  register: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/lessons/:lesson_id/attendance/:date',
    access: 'school-role',
    summary:
      "A lesson's register on a day: its students, present unless marked otherwise, and whether it was taken.",
    params: registerParams,
    response: attendanceRegister,
  }),
  take: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/lessons/:lesson_id/attendance/:date',
    access: 'school-role',
    summary:
      "Save a lesson's register in one go (students not listed are present); corrections are audited, absences notify the family after the grace period.",
    params: registerParams,
    body: attendanceBody,
    response: attendanceRegister,
  }),
  absences: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/absences',
    access: 'school-role',
    summary:
      "The school's absences (and late arrivals if asked), filtered by dates, lesson, level, student and justification; newest first.",
    params: schoolRoleParams,
    query: absencesQuery,
    response: z.array(absenceRow),
    list: true,
  }),
  studentAbsences: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/absences/:user_id',
    access: 'school-role',
    summary:
      "One student's absences: totals per lesson and per period, justified or not, and every record.",
    params: schoolRoleParams.extend({ user_id: idParam }),
    response: studentAbsences,
  }),
  childAbsences: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/students/:student_id/absences',
    access: 'school-role',
    summary:
      "A parent reads a child's absences and late arrivals: totals per lesson and period, every record with its justification and documents.",
    params: schoolRoleParams.extend({ student_id: idParam }),
    response: studentAbsences,
  }),
  justify: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/absences/:user_id/records/:record_id',
    access: 'school-role',
    summary: 'Justify an absence with a note (or take the justification back).',
    params: schoolRoleParams.extend({ user_id: idParam, record_id: idParam }),
    body: justificationBody,
    response: absenceRow,
  }),
};
