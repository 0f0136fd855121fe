import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { ObjectStore } from '../../files/object-store';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { FRACTIONS_PACKAGE } from './demo/fractions';
import { readManifest } from './manifest';
import { packageStoreOf } from './storage';

// The demo's SCORM package: the fractions practice in the demo teacher's and student's
// lesson, with a few classmates' tracking (one passed, one left half-way, one failed). The
// demo student has not opened it, so that signing in as them shows it fresh.

const cmiOf = (status: string, location: string, suspend: string, score: string) =>
  JSON.stringify({
    suspend_data: suspend,
    core: {
      lesson_location: location,
      lesson_status: status,
      score: { raw: score, min: '0', max: '100' },
    },
  });

export async function seedScorm(
  db: SeedDb,
  storage: ObjectStore,
  options: {
    schoolId: number;
    lessons: number[];
    teacherMembership: number;
    demoStudent: number;
    uploaderUserId: number;
    now: Date;
  },
): Promise<void> {
  const { schoolId, now } = options;
  const attended = await db
    .selectFrom('lesson_students')
    .innerJoin('lesson_teachers', (join) =>
      join.onRef('lesson_teachers.lesson_id', '=', 'lesson_students.lesson_id'),
    )
    .select('lesson_students.lesson_id')
    .where('lesson_students.school_id', '=', schoolId)
    .where('lesson_students.student_id', '=', options.demoStudent)
    .where('lesson_teachers.teacher_id', '=', options.teacherMembership)
    .orderBy('lesson_students.lesson_id')
    .executeTakeFirst();
  const lessonId = attended?.lesson_id ?? options.lessons[0];
  if (lessonId === undefined) return;
  const facts = readManifest(FRACTIONS_PACKAGE['imsmanifest.xml']!);
  const key = crypto.randomBytes(16).toString('hex');
  const store = packageStoreOf(storage);
  for (const [innerPath, text] of Object.entries(FRACTIONS_PACKAGE))
    await store.write(
      { schoolId, key },
      innerPath,
      Readable.from([Buffer.from(text)]),
      Buffer.byteLength(text),
    );
  const nowIso = now.toISOString();
  const [packageId] = await insertReturningIds(db, 'scorm_packages', [
    {
      school_id: schoolId,
      lesson_id: lessonId,
      title: facts.title,
      version: facts.version,
      launch_path: facts.launchHref,
      storage_key: key,
      file_count: Object.keys(FRACTIONS_PACKAGE).length,
      unpacked_bytes: Object.values(FRACTIONS_PACKAGE).reduce(
        (n, t) => n + Buffer.byteLength(t),
        0,
      ),
      grade_item_id: null,
      uploaded_by_user_id: options.uploaderUserId,
      created_at: new Date(now.getTime() - 6 * 86_400_000).toISOString(),
      updated_at: nowIso,
    },
  ]);
  const classmates = await db
    .selectFrom('lesson_students')
    .select('student_id')
    .where('school_id', '=', schoolId)
    .where('lesson_id', '=', lessonId)
    .where('student_id', '!=', options.demoStudent)
    .orderBy('student_id')
    .limit(3)
    .execute();
  const plays = [
    { status: 'passed', location: '3', suspend: '0,1,1', score: 100, seconds: 412, exit: '' },
    {
      status: 'incomplete',
      location: '1',
      suspend: '0',
      score: null,
      seconds: 95,
      exit: 'suspend',
    },
    { status: 'failed', location: '3', suspend: '1,0,0', score: 33, seconds: 268, exit: '' },
  ];
  const day = (ago: number) => new Date(now.getTime() - ago * 86_400_000).toISOString();
  const rows = classmates.map((c, i) => {
    const play = plays[i]!;
    return {
      school_id: schoolId,
      package_id: packageId!,
      student_id: c.student_id,
      number: 1,
      cmi_json: cmiOf(
        play.status,
        play.location,
        play.suspend,
        play.score === null ? '' : String(play.score),
      ),
      status: play.status,
      completion_status: play.status,
      success_status: play.status === 'incomplete' ? null : play.status,
      score_raw: play.score,
      score_min: play.score === null ? null : 0,
      score_max: play.score === null ? null : 100,
      score_scaled: null,
      prior_seconds: 0,
      session_seconds: play.seconds,
      suspend_data: play.suspend,
      location: play.location,
      exit: play.exit || null,
      sessions: 1,
      commits: 3,
      started_at: day(5 - i),
      updated_at: day(5 - i),
    };
  });
  if (rows.length) await db.insertInto('scorm_attempts').values(rows).execute();
}
