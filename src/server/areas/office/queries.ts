import { sql, type Kysely } from 'kysely';
import { countOf } from '../../db/database';
import type { Database } from '../../db/schema';
import { invoicingProfileOf, missingProfileFields } from '../invoices/profile';

// The office's start reads other areas' tables, each by school and by an indexed column
// (date, weekday, started/ended); it writes nothing.

/** Today's timetable slots of the current period running at local time `time` ("HH:MM"). */
export async function lessonsRunning(
  db: Kysely<Database>,
  schoolId: number,
  weekday: number,
  time: string,
) {
  return db
    .selectFrom('lesson_schedules as s')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 's.lesson_id').onRef('l.school_id', '=', 's.school_id'),
    )
    .innerJoin('periods as p', (j) =>
      j.onRef('p.id', '=', 'l.period_id').onRef('p.school_id', '=', 'l.school_id'),
    )
    .leftJoin('rooms as r', (j) =>
      j.onRef('r.id', '=', 's.room_id').onRef('r.school_id', '=', 's.school_id'),
    )
    .select([
      's.id',
      's.lesson_id',
      'l.name as lesson_name',
      's.start_time',
      's.end_time',
      'r.name as room',
    ])
    .where('s.school_id', '=', schoolId)
    .where('p.is_current', '=', 1)
    .where('l.active', '=', 1)
    .where('s.weekday', '=', weekday)
    .where('s.start_time', '<=', time)
    .where('s.end_time', '>', time)
    .orderBy('s.start_time')
    .orderBy('l.name')
    .orderBy('s.id')
    .execute();
}

/** Live sessions started and not yet ended: how many, and the most recently started. */
export async function sessionsLive(db: Kysely<Database>, schoolId: number, limit: number) {
  const base = db
    .selectFrom('live_sessions as v')
    .where('v.school_id', '=', schoolId)
    .where('v.started_at', 'is not', null)
    .where('v.ended_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('lessons as l', (j) =>
        j.onRef('l.id', '=', 'v.lesson_id').onRef('l.school_id', '=', 'v.school_id'),
      )
      .select(['v.id', 'v.title', 'v.started_at', 'v.scheduled_end', 'l.name as lesson_name'])
      .orderBy('v.started_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
  ]);
  return { rows, total: countOf(total as { count: number }) };
}

/** The day's absences (status absent) per student, most absences first. */
export async function absencesOn(db: Kysely<Database>, schoolId: number, date: string) {
  return db
    .selectFrom('attendance_records as a')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'a.student_id').onRef('m.school_id', '=', 'a.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'a.student_id',
      'u.first_name',
      'u.last_name',
      eb.fn.countAll<number | string>().as('absences'),
    ])
    .where('a.school_id', '=', schoolId)
    .where('a.date', '=', date)
    .where('a.status', '=', 'absent')
    .groupBy(['a.student_id', 'u.first_name', 'u.last_name'])
    .orderBy('absences', 'desc')
    .orderBy('u.last_name')
    .orderBy('a.student_id')
    .execute();
}

/** The newest announcements, and how many were published since `sinceIso`. */
export async function latestAnnouncements(
  db: Kysely<Database>,
  schoolId: number,
  sinceIso: string,
  limit: number,
) {
  const [rows, recent] = await Promise.all([
    db
      .selectFrom('announcements')
      .select(['id', 'title', 'created_at'])
      .where('school_id', '=', schoolId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', sinceIso)
      .executeTakeFirst(),
  ]);
  return { rows, recent: countOf(recent as { count: number }) };
}

/** Payers with installments past their due date and not paid in full, most owed first. */
export async function overdueByPayer(db: Kysely<Database>, schoolId: number, today: string) {
  return db
    .selectFrom('installments as i')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'i.client_id').onRef('m.school_id', '=', 'i.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => [
      'i.client_id',
      'u.first_name',
      'u.last_name',
      eb.fn.countAll<number | string>().as('installments'),
      sql<number | string>`sum(i.amount_cents - i.paid_cents)`.as('owed'),
    ])
    .where('i.school_id', '=', schoolId)
    .where('i.due_date', '<', today)
    .whereRef('i.paid_cents', '<', 'i.amount_cents')
    .groupBy(['i.client_id', 'u.first_name', 'u.last_name'])
    .orderBy('owed', 'desc')
    .orderBy('i.client_id')
    .execute();
}

/** The payments dated today, newest first. */
export async function paymentsOn(db: Kysely<Database>, schoolId: number, date: string) {
  return db
    .selectFrom('payments as p')
    .innerJoin('memberships as m', (j) =>
      j.onRef('m.id', '=', 'p.client_id').onRef('m.school_id', '=', 'p.school_id'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['p.id', 'p.client_id', 'p.amount_cents', 'u.first_name', 'u.last_name'])
    .where('p.school_id', '=', schoolId)
    .where('p.date', '=', date)
    .orderBy('p.id', 'desc')
    .execute();
}

/** myDATA states the office must act on or watch: refused, given up, unsent, retrying. */
export const MYDATA_PROBLEM_STATUSES = ['rejected', 'failed', 'not_sent', 'retrying'] as const;

/** Documents myDATA has not accepted and that need the office, the oldest first. */
export async function mydataProblems(db: Kysely<Database>, schoolId: number, limit: number) {
  const statuses = [...MYDATA_PROBLEM_STATUSES];
  const [rows, total] = await Promise.all([
    db
      .selectFrom('invoice_documents')
      .select(['id', 'series', 'number', 'payer_name', 'gross_cents'])
      .where('school_id', '=', schoolId)
      .where('mydata_status', 'in', statuses)
      .orderBy('issue_date')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('invoice_documents')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('school_id', '=', schoolId)
      .where('mydata_status', 'in', statuses)
      .executeTakeFirst(),
  ]);
  return { rows, total: countOf(total as { count: number }) };
}

type CountedTable = 'periods' | 'sub_periods' | 'levels' | 'sites' | 'rooms' | 'pricing_items';

const countIn = async (db: Kysely<Database>, table: CountedTable, schoolId: number) =>
  countOf(
    (await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .where('school_id', '=', schoolId)
      .executeTakeFirst()) as { count: number },
  );

const membersWithRole = async (db: Kysely<Database>, schoolId: number, role: string) =>
  countOf(
    (await db
      .selectFrom('memberships')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('school_id', '=', schoolId)
      .where('role', '=', role)
      .executeTakeFirst()) as { count: number },
  );

/** What the first-steps checklist counts, all at once. */
export async function setupCounts(db: Kysely<Database>, schoolId: number) {
  const [
    school,
    periods,
    subPeriods,
    levels,
    sites,
    rooms,
    teachers,
    students,
    timetabled,
    pricingItems,
    issuer,
  ] = await Promise.all([
    db.selectFrom('schools').select(['name', 'logo']).where('id', '=', schoolId).executeTakeFirst(),
    countIn(db, 'periods', schoolId),
    countIn(db, 'sub_periods', schoolId),
    countIn(db, 'levels', schoolId),
    countIn(db, 'sites', schoolId),
    countIn(db, 'rooms', schoolId),
    membersWithRole(db, schoolId, 'teacher'),
    membersWithRole(db, schoolId, 'student'),
    db
      .selectFrom('lessons as l')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('l.school_id', '=', schoolId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('lesson_schedules as s')
            .select('s.id')
            .whereRef('s.lesson_id', '=', 'l.id')
            .whereRef('s.school_id', '=', 'l.school_id'),
        ),
      )
      .executeTakeFirst(),
    countIn(db, 'pricing_items', schoolId),
    invoicingProfileOf(db, schoolId),
  ]);
  return {
    hasName: Boolean(school?.name.trim()),
    hasLogo: Boolean(school?.logo),
    periods,
    subPeriods,
    levels,
    sites,
    rooms,
    teachers,
    students,
    timetabledLessons: countOf(timetabled as { count: number }),
    pricingItems,
    /** The issuer details myDATA needs are all filled in (the invoices area's rule). */
    issuerComplete: missingProfileFields(issuer).length === 0,
  };
}
