import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { searchCondition } from '../lessons/teaching-access';

// Attendance's SQL, scoped by school; lists go through indexes that start with school_id.

export async function lessonName(db: Kysely<Database>, schoolId: number, lessonId: number) {
  return db
    .selectFrom('lessons')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('id', '=', lessonId)
    .executeTakeFirst();
}

export async function recordsOfDay(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  date: string,
) {
  return db
    .selectFrom('attendance_records')
    .select(['id', 'student_id', 'status', 'justified'])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('date', '=', date)
    .execute();
}

/** Absences of some students on a day in other lessons than `lessonId`. */
export async function otherAbsencesOfDay(
  db: Kysely<Database>,
  schoolId: number,
  studentIds: number[],
  date: string,
  lessonId: number,
) {
  if (studentIds.length === 0) return [];
  return db
    .selectFrom('attendance_records')
    .select('student_id')
    .where('school_id', '=', schoolId)
    .where('student_id', 'in', studentIds)
    .where('date', '=', date)
    .where('status', '=', 'absent')
    .where('lesson_id', '!=', lessonId)
    .execute();
}

/** Unjustified absences per student in one lesson. */
export async function unjustifiedCounts(
  db: Kysely<Database>,
  schoolId: number,
  lessonId: number,
  studentIds: number[],
) {
  if (studentIds.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('attendance_records')
    .select(['student_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('student_id', 'in', studentIds)
    .where('status', '=', 'absent')
    .where('justified', '=', 0)
    .groupBy('student_id')
    .execute();
  return new Map(rows.map((r) => [r.student_id, Number(r.count)]));
}

export async function noticesSent(
  db: Kysely<Database>,
  schoolId: number,
  studentIds: number[],
  date: string,
) {
  if (studentIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('absence_notices')
    .select('student_id')
    .where('school_id', '=', schoolId)
    .where('student_id', 'in', studentIds)
    .where('date', '=', date)
    .execute();
  return new Set(rows.map((r) => r.student_id));
}

export interface AbsenceFilter {
  from?: string;
  to?: string;
  lessonId?: number;
  levelId?: number;
  studentId?: number;
  justified?: boolean;
  includeLate: boolean;
  recordId?: number;
  search?: string;
  /** Only rows whose student's unjustified absences in the lesson reach this many. */
  atLeastUnjustified?: number;
}

/** A student's unjustified absences in the row's lesson, for the threshold. */
const unjustifiedInLesson = sql<number>`(select count(*) from attendance_records x
  where x.school_id = a.school_id and x.student_id = a.student_id and x.lesson_id = a.lesson_id
  and x.status = 'absent' and x.justified = 0)`;

const absenceSelect = (db: Kysely<Database>, schoolId: number, filter: AbsenceFilter) => {
  let query = db
    .selectFrom('attendance_records as a')
    .innerJoin('lessons as l', (join) =>
      join.onRef('l.id', '=', 'a.lesson_id').onRef('l.school_id', '=', 'a.school_id'),
    )
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.id', '=', 'a.student_id').onRef('m.school_id', '=', 'a.school_id'),
    )
    .where('a.school_id', '=', schoolId)
    .where('a.status', 'in', filter.includeLate ? ['absent', 'late'] : ['absent']);
  if (filter.recordId !== undefined) query = query.where('a.id', '=', filter.recordId);
  if (filter.from) query = query.where('a.date', '>=', filter.from);
  if (filter.to) query = query.where('a.date', '<=', filter.to);
  if (filter.lessonId !== undefined) query = query.where('a.lesson_id', '=', filter.lessonId);
  if (filter.studentId !== undefined) query = query.where('a.student_id', '=', filter.studentId);
  if (filter.levelId !== undefined) query = query.where('m.level_id', '=', filter.levelId);
  if (filter.justified !== undefined)
    query = query.where('a.justified', '=', filter.justified ? 1 : 0);
  if (filter.search) query = query.where(searchCondition('m.search_text', filter.search));
  if (filter.atLeastUnjustified !== undefined)
    query = query.where(sql<boolean>`${unjustifiedInLesson} >= ${filter.atLeastUnjustified}`);
  return query;
};

export async function countAbsences(db: Kysely<Database>, schoolId: number, filter: AbsenceFilter) {
  const row = await absenceSelect(db, schoolId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function listAbsences(
  db: Kysely<Database>,
  schoolId: number,
  filter: AbsenceFilter,
  page: { limit: number; offset: number; order: 'asc' | 'desc' },
) {
  return absenceSelect(db, schoolId, filter)
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('levels as lv', (join) =>
      join.onRef('lv.id', '=', 'm.level_id').onRef('lv.school_id', '=', 'm.school_id'),
    )
    .select([
      'a.id',
      'a.date',
      'a.status',
      'a.justified',
      'a.justification_note',
      'a.lesson_id',
      'l.name as lesson_name',
      'a.student_id',
      'u.first_name',
      'u.last_name',
      'lv.name as level_name',
    ])
    .orderBy('a.date', page.order)
    .orderBy('a.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type AbsenceRecord = Awaited<ReturnType<typeof listAbsences>>[number];

/** Unjustified absences per student and lesson, keyed `student:lesson`. */
export async function unjustifiedByLesson(
  db: Kysely<Database>,
  schoolId: number,
  studentIds: number[],
): Promise<Map<string, number>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('attendance_records')
    .select(['student_id', 'lesson_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('school_id', '=', schoolId)
    .where('student_id', 'in', [...new Set(studentIds)])
    .where('status', '=', 'absent')
    .where('justified', '=', 0)
    .groupBy(['student_id', 'lesson_id'])
    .execute();
  return new Map(rows.map((r) => [`${r.student_id}:${r.lesson_id}`, Number(r.count)]));
}

/** Whether a parent's membership is a guardian of the student. */
export async function isGuardianOf(
  db: Kysely<Database>,
  schoolId: number,
  clientId: number,
  studentId: number,
): Promise<boolean> {
  const link = await db
    .selectFrom('student_guardians')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('client_id', '=', clientId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return link !== undefined;
}

export async function studentRow(db: Kysely<Database>, schoolId: number, studentId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'u.first_name', 'u.last_name'])
    .where('m.school_id', '=', schoolId)
    .where('m.id', '=', studentId)
    .where('m.role', '=', 'student')
    .executeTakeFirst();
}

export async function subPeriodsOfSchool(db: Kysely<Database>, schoolId: number) {
  return db
    .selectFrom('sub_periods as s')
    .innerJoin('periods as p', (join) =>
      join.onRef('p.id', '=', 's.period_id').onRef('p.school_id', '=', 's.school_id'),
    )
    .select([
      's.id',
      's.name',
      's.start_date',
      's.end_date',
      'p.id as period_id',
      'p.name as period_name',
      'p.start_date as period_start',
      'p.end_date as period_end',
    ])
    .where('s.school_id', '=', schoolId)
    .orderBy('s.start_date')
    .execute();
}

export async function periodsOfSchool(db: Kysely<Database>, schoolId: number) {
  return db
    .selectFrom('periods')
    .select(['id', 'name', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .orderBy('start_date')
    .execute();
}

/** The guardians of a student who should hear of them, with their account's mail and language. */
export async function guardiansOf(db: Kysely<Database>, schoolId: number, studentId: number) {
  return db
    .selectFrom('student_guardians as g')
    .innerJoin('memberships as m', (join) =>
      join.onRef('m.id', '=', 'g.client_id').onRef('m.school_id', '=', 'g.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.email', 'u.first_name', 'u.language'])
    .where('g.school_id', '=', schoolId)
    .where('g.student_id', '=', studentId)
    .orderBy('m.id')
    .execute();
}

/** The office: the school's admin accounts (who see the absences screens). */
export async function officeUsers(db: Kysely<Database>, schoolId: number) {
  const { rows } = await sql<{ user_id: number }>`
    select m.user_id from memberships m
    where m.school_id = ${schoolId} and m.role = 'admin'
    order by m.id`.execute(db);
  return rows.map((r) => r.user_id);
}
