import type { Kysely } from 'kysely';
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
