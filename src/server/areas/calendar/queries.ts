import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { announcementHooks } from '../announcements/resource';
import { lessonsOf, type TeachingCaller } from '../lessons/teaching-access';
import { readableChapters } from '../chapters/policy';
import { readableQuizzes } from '../quizzes/policy';
import { readableTasks } from '../tasks/policy';

/** The school's current period (the timetable repeats within it). */
export async function currentPeriod(db: Kysely<Database>, schoolId: number) {
  return db
    .selectFrom('periods')
    .select(['id', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('is_current', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
}

/** The weekly slots of the caller's lessons of a period, with lesson and room names. */
export async function timetableOf(db: Kysely<Database>, caller: TeachingCaller, periodId: number) {
  const lessons = lessonsOf(caller);
  return db
    .selectFrom('lesson_schedules as s')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 's.lesson_id').onRef('l.school_id', '=', 's.school_id'),
    )
    .leftJoin('rooms as r', (j) =>
      j.onRef('r.id', '=', 's.room_id').onRef('r.school_id', '=', 's.school_id'),
    )
    .select([
      's.id',
      's.lesson_id',
      'l.name as lesson_name',
      's.weekday',
      's.start_time',
      's.end_time',
      'r.name as room',
    ])
    .where('s.school_id', '=', caller.schoolId)
    .where('l.period_id', '=', periodId)
    .where('l.active', '=', 1)
    .$if(lessons !== null, (q) => q.where(sql<boolean>`s.lesson_id in (${lessons!})`))
    .orderBy('s.weekday')
    .orderBy('s.start_time')
    .orderBy('s.id')
    .execute();
}

/** Tasks the caller may read that fall due in [fromIso, toIso). */
export async function tasksDueBetween(
  db: Kysely<Database>,
  caller: TeachingCaller,
  fromIso: string,
  toIso: string,
) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 't.lesson_id').onRef('l.school_id', '=', 't.school_id'),
    )
    .select(['t.id', 't.lesson_id', 'l.name as lesson_name', 't.title', 't.due_at'])
    .where('t.school_id', '=', caller.schoolId)
    .where(readableTasks(caller))
    .where('t.due_at', '>=', fromIso)
    .where('t.due_at', '<', toIso)
    .orderBy('t.due_at')
    .orderBy('t.id')
    .limit(2000)
    .execute();
}

/** Quizzes the caller may read that close in [fromIso, toIso). */
export async function quizzesClosingBetween(
  db: Kysely<Database>,
  caller: TeachingCaller,
  fromIso: string,
  toIso: string,
) {
  return db
    .selectFrom('quizzes as q')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 'q.lesson_id').onRef('l.school_id', '=', 'q.school_id'),
    )
    .select(['q.id', 'q.lesson_id', 'l.name as lesson_name', 'q.title', 'q.closes_at'])
    .where('q.school_id', '=', caller.schoolId)
    .where(readableQuizzes(caller))
    .where('q.closes_at', '>=', fromIso)
    .where('q.closes_at', '<', toIso)
    .orderBy('q.closes_at')
    .orderBy('q.id')
    .limit(2000)
    .execute();
}

/** Chapters the caller may read, published in [fromIso, toIso). */
export async function chaptersPublishedBetween(
  db: Kysely<Database>,
  caller: TeachingCaller,
  fromIso: string,
  toIso: string | null,
  limit: number,
) {
  return db
    .selectFrom('chapters as c')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 'c.lesson_id').onRef('l.school_id', '=', 'c.school_id'),
    )
    .select(['c.id', 'c.lesson_id', 'l.name as lesson_name', 'c.title', 'c.published_at'])
    .where('c.school_id', '=', caller.schoolId)
    .where(readableChapters(caller))
    .where('c.published', '=', 1)
    .where('c.published_at', '>=', fromIso)
    .$if(toIso !== null, (q) => q.where('c.published_at', '<', toIso!))
    .orderBy('c.published_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/** A student's handed-in tasks, read chapters and submitted quizzes among some. */
export async function studentDone(
  db: Kysely<Database>,
  schoolId: number,
  studentId: number,
  taskIds: number[],
  chapterIds: number[],
  quizIds: number[],
) {
  const tasks = taskIds.length
    ? await db
        .selectFrom('task_submissions')
        .select(['task_id', 'status'])
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId)
        .where('task_id', 'in', taskIds)
        .execute()
    : [];
  const reads = chapterIds.length
    ? await db
        .selectFrom('chapter_reads')
        .select('chapter_id')
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId)
        .where('chapter_id', 'in', chapterIds)
        .execute()
    : [];
  const attempts = quizIds.length
    ? await db
        .selectFrom('quiz_attempts')
        .select('quiz_id')
        .distinct()
        .where('school_id', '=', schoolId)
        .where('student_id', '=', studentId)
        .where('quiz_id', 'in', quizIds)
        .where('submitted_at', 'is not', null)
        .execute()
    : [];
  return {
    submissions: new Map(tasks.map((t) => [t.task_id, t.status])),
    reads: new Set(reads.map((r) => r.chapter_id)),
    quizzesTaken: new Set(attempts.map((a) => a.quiz_id)),
  };
}

/** The students whose work the caller follows: themselves, or a parent's children. */
export async function followedStudents(
  db: Kysely<Database>,
  caller: TeachingCaller,
): Promise<number[]> {
  if (caller.role === 'student') return [caller.me!];
  if (caller.role !== 'client') return [];
  const rows = await db
    .selectFrom('student_guardians')
    .select('student_id')
    .where('school_id', '=', caller.schoolId)
    .where('client_id', '=', caller.me!)
    .orderBy('student_id')
    .execute();
  return rows.map((r) => r.student_id);
}

/** The next published tasks due for some students that they have not handed in. */
export async function nextDueForStudents(
  db: Kysely<Database>,
  schoolId: number,
  students: number[],
  nowIso: string,
  limit: number,
) {
  if (students.length === 0) return [];
  return db
    .selectFrom('tasks as t')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 't.lesson_id').onRef('l.school_id', '=', 't.school_id'),
    )
    .innerJoin('lesson_students as ls', (j) =>
      j.onRef('ls.lesson_id', '=', 't.lesson_id').onRef('ls.school_id', '=', 't.school_id'),
    )
    .leftJoin('task_submissions as s', (j) =>
      j
        .onRef('s.task_id', '=', 't.id')
        .onRef('s.student_id', '=', 'ls.student_id')
        .onRef('s.school_id', '=', 't.school_id'),
    )
    .select([
      't.id',
      't.title',
      't.lesson_id',
      'l.name as lesson_name',
      't.due_at',
      'ls.student_id',
      's.status',
    ])
    .where('t.school_id', '=', schoolId)
    .where('ls.student_id', 'in', students)
    .where('t.published', '=', 1)
    .where('t.due_at', '>=', nowIso)
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', 'in', ['draft', 'returned'])]))
    .orderBy('t.due_at')
    .orderBy('t.id')
    .orderBy('ls.student_id')
    .limit(limit)
    .execute();
}

/** A teacher's (or the office's) next tasks due. */
export async function nextDueForTeacher(
  db: Kysely<Database>,
  caller: TeachingCaller,
  nowIso: string,
  limit: number,
) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('lessons as l', (j) =>
      j.onRef('l.id', '=', 't.lesson_id').onRef('l.school_id', '=', 't.school_id'),
    )
    .select(['t.id', 't.title', 't.lesson_id', 'l.name as lesson_name', 't.due_at'])
    .where('t.school_id', '=', caller.schoolId)
    .where(readableTasks(caller))
    .where('t.due_at', '>=', nowIso)
    .orderBy('t.due_at')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** Work of the followed students graded since an instant. */
export async function gradedSince(
  db: Kysely<Database>,
  schoolId: number,
  students: number[],
  sinceIso: string,
  limit: number,
) {
  if (students.length === 0) return [];
  return db
    .selectFrom('task_submissions as s')
    .innerJoin('tasks as t', (j) =>
      j.onRef('t.id', '=', 's.task_id').onRef('t.school_id', '=', 's.school_id'),
    )
    .select(['t.id', 't.title', 't.lesson_id', 's.student_id', 's.graded_at'])
    .where('s.school_id', '=', schoolId)
    .where('s.student_id', 'in', students)
    .where('s.status', '=', 'graded')
    .where('s.graded_at', '>', sinceIso)
    .orderBy('s.graded_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

/** Work handed in since an instant to the teacher's lessons. */
export async function handedInSince(
  db: Kysely<Database>,
  caller: TeachingCaller,
  sinceIso: string,
  limit: number,
) {
  return (
    db
      .selectFrom('task_submissions as s')
      .innerJoin('tasks as t', (j) =>
        j.onRef('t.id', '=', 's.task_id').onRef('t.school_id', '=', 's.school_id'),
      )
      .select((eb) => [
        't.id',
        't.title',
        't.lesson_id',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('s.submitted_at').as('submitted_at'),
      ])
      .where('s.school_id', '=', caller.schoolId)
      .where(readableTasks(caller))
      .where('s.status', '=', 'submitted')
      .where('s.submitted_at', '>', sinceIso)
      // One line per task, however many handed it in.
      .groupBy(['t.id', 't.title', 't.lesson_id'])
      .orderBy('submitted_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/** Announcements the caller may read, made since an instant (the announcements' own scopes). */
export async function announcementsSince(
  db: Kysely<Database>,
  caller: TeachingCaller,
  sinceIso: string,
  limit: number,
) {
  const scope = caller.role === 'admin' ? null : announcementHooks.scopes?.[caller.role];
  return db
    .selectFrom('announcements as r')
    .select(['r.id', 'r.title', 'r.lesson_id', 'r.created_at'])
    .where('r.school_id', '=', caller.schoolId)
    .$if(typeof scope === 'function', (q) =>
      q.where(
        (scope as Exclude<typeof scope, 'school' | null | undefined>)(caller.me!, caller.schoolId),
      ),
    )
    .where('r.created_at', '>', sinceIso)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** Replaces a membership's feed token (the previous link stops working). */
export async function replaceFeed(
  db: Kysely<Database>,
  schoolId: number,
  membershipId: number,
  tokenHash: string,
  nowIso: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('calendar_feeds')
      .where('school_id', '=', schoolId)
      .where('membership_id', '=', membershipId)
      .execute();
    await trx
      .insertInto('calendar_feeds')
      .values({
        school_id: schoolId,
        membership_id: membershipId,
        token_hash: tokenHash,
        created_at: nowIso,
      })
      .execute();
  });
}

export async function deleteFeed(db: Kysely<Database>, schoolId: number, membershipId: number) {
  await db
    .deleteFrom('calendar_feeds')
    .where('school_id', '=', schoolId)
    .where('membership_id', '=', membershipId)
    .execute();
}

/** The membership behind a feed token, while its account is enabled. */
export async function feedOwner(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('memberships as m', 'm.id', 'f.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('schools as sc', 'sc.id', 'f.school_id')
    .select([
      'f.school_id',
      'm.id as membership_id',
      'm.role',
      'm.user_id',
      'm.full_access',
      'u.first_name',
      'u.last_name',
      'sc.name as school_name',
    ])
    .where('f.token_hash', '=', tokenHash)
    .where('u.disabled', '=', 0)
    .executeTakeFirst();
}
