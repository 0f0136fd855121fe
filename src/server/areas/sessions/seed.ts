import { createHash } from 'node:crypto';
import type { SeedDb } from '../../db/seed/batches';

// Demo live sessions of the demo teacher's first lesson with the demo student: one in
// progress now (the teacher and most of the class in it, recording), three held in the past
// two weeks with their joins and leaves (two with a recording link), one planned for
// tomorrow, and last week's staff meeting. Deterministic: no random numbers are drawn, so the
// rest of the demo stays as it was.

const MINUTE = 60_000;

const roomOf = (schoolId: number, key: string) =>
  `mathema-${schoolId}-${createHash('sha256').update(`demo-session:${schoolId}:${key}`).digest('hex').slice(0, 24)}`;

export async function seedSessions(
  db: SeedDb,
  options: {
    schoolId: number;
    now: Date;
    teacherUserId: number;
    demoTeacher: number;
    demoStudent: number;
    adminUserId: number;
  },
): Promise<void> {
  const { schoolId } = options;
  const taught = await db
    .selectFrom('lesson_teachers')
    .innerJoin('lesson_students', (join) =>
      join
        .onRef('lesson_students.lesson_id', '=', 'lesson_teachers.lesson_id')
        .onRef('lesson_students.school_id', '=', 'lesson_teachers.school_id'),
    )
    .innerJoin('lessons', 'lessons.id', 'lesson_teachers.lesson_id')
    .select(['lessons.id', 'lessons.name'])
    .where('lesson_teachers.school_id', '=', schoolId)
    .where('lesson_teachers.teacher_id', '=', options.demoTeacher)
    .where('lesson_students.student_id', '=', options.demoStudent)
    .orderBy('lessons.id')
    .executeTakeFirst();
  if (!taught) return;
  const students = await db
    .selectFrom('lesson_students')
    .innerJoin('memberships', 'memberships.id', 'lesson_students.student_id')
    .select(['memberships.id', 'memberships.user_id'])
    .where('lesson_students.school_id', '=', schoolId)
    .where('lesson_students.lesson_id', '=', taught.id)
    .orderBy('memberships.id')
    .execute();
  const staff = await db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'role'])
    .where('school_id', '=', schoolId)
    .where('role', 'in', ['teacher', 'admin'])
    .orderBy('id')
    .limit(8)
    .execute();

  const at = (ms: number) => new Date(options.now.getTime() + ms).toISOString();
  const nowIso = options.now.toISOString();
  const session = async (
    key: string,
    fields: {
      lesson_id: number | null;
      title: string;
      start: number;
      end: number;
      started: number | null;
      ended: number | null;
      recording: 'off' | 'on' | 'stopped';
      host: number;
    },
  ) =>
    (
      await db
        .insertInto('live_sessions')
        .values({
          school_id: schoolId,
          lesson_id: fields.lesson_id,
          title: fields.title,
          room_name: roomOf(schoolId, key),
          scheduled_start: at(fields.start),
          scheduled_end: at(fields.end),
          started_at: fields.started === null ? null : at(fields.started),
          ended_at: fields.ended === null ? null : at(fields.ended),
          recording_state: fields.recording,
          host_user_id: fields.host,
          created_at: at(Math.min(fields.start, 0) - 2 * 24 * 60 * MINUTE),
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const stays: object[] = [];
  const stay = (
    sessionId: number,
    who: { user_id: number; id: number },
    role: string,
    joined: number,
    left: number | null,
  ) =>
    stays.push({
      school_id: schoolId,
      session_id: sessionId,
      user_id: who.user_id,
      membership_id: who.id,
      role,
      joined_at: at(joined),
      left_at: left === null ? null : at(left),
    });
  const teacher = { user_id: options.teacherUserId, id: options.demoTeacher };
  // The demo student keeps out of the live one, so that joining it is left to try.
  const classmates = students.filter((s) => s.id !== options.demoStudent);

  const live = await session('live', {
    lesson_id: taught.id,
    title: taught.name,
    start: -20 * MINUTE,
    end: 40 * MINUTE,
    started: -21 * MINUTE,
    ended: null,
    recording: 'on',
    host: options.teacherUserId,
  });
  stay(live, teacher, 'teacher', -21 * MINUTE, null);
  classmates.forEach((s, i) => {
    if (i % 6 === 5) return; // a few are not there
    const joined = -20 * MINUTE + (i % 4) * MINUTE;
    if (i % 7 === 3) stay(live, s, 'student', joined, joined + 6 * MINUTE);
    stay(live, s, 'student', i % 7 === 3 ? joined + 8 * MINUTE : joined, null);
  });

  const recordings: object[] = [];
  for (const [index, daysAgo] of [3, 7, 10].entries()) {
    const start = -daysAgo * 24 * 60 * MINUTE;
    const id = await session(`past-${daysAgo}`, {
      lesson_id: taught.id,
      title: taught.name,
      start,
      end: start + 60 * MINUTE,
      started: start - MINUTE,
      ended: start + 58 * MINUTE,
      recording: index < 2 ? 'stopped' : 'off',
      host: options.teacherUserId,
    });
    stay(id, teacher, 'teacher', start - MINUTE, start + 58 * MINUTE);
    students.forEach((s, i) => {
      if ((i + index) % 9 === 4) return; // absent
      const late = (i + index) % 11 === 2 ? 14 * MINUTE : (i % 3) * MINUTE;
      stay(id, s, 'student', start + late, start + 57 * MINUTE);
    });
    if (index < 2)
      recordings.push({
        school_id: schoolId,
        session_id: id,
        link: `https://recordings.demo.school/athens/${roomOf(schoolId, `past-${daysAgo}`)}.mp4`,
        created_at: at(start + 62 * MINUTE),
      });
  }

  await session('tomorrow', {
    lesson_id: taught.id,
    title: taught.name,
    start: 24 * 60 * MINUTE,
    end: 25 * 60 * MINUTE,
    started: null,
    ended: null,
    recording: 'off',
    host: options.teacherUserId,
  });

  const meetingStart = -6 * 24 * 60 * MINUTE + 5 * 60 * MINUTE;
  const meeting = await session('staff', {
    lesson_id: null,
    title: 'Σύλλογος διδασκόντων',
    start: meetingStart,
    end: meetingStart + 45 * MINUTE,
    started: meetingStart,
    ended: meetingStart + 47 * MINUTE,
    recording: 'off',
    host: options.adminUserId,
  });
  staff.forEach((m, i) =>
    stay(meeting, m, m.role, meetingStart + i * MINUTE, meetingStart + 47 * MINUTE),
  );

  for (let i = 0; i < stays.length; i += 400)
    await db
      .insertInto('live_session_presence')
      .values(stays.slice(i, i + 400) as never)
      .execute();
  if (recordings.length > 0)
    await db
      .insertInto('live_session_recordings')
      .values(recordings as never)
      .execute();
}
