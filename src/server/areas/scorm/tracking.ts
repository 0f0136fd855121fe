import type { Kysely } from 'kysely';
import type { LearnerRow, LearnerStanding, ScormLaunch } from '../../../shared/api/scorm';
import {
  attemptIsFinished,
  betterStatus,
  interval2004,
  scorePercent,
  summarizeCmi,
  timespan12,
  type LearnerStatus,
  type ScormVersion,
} from '../../../shared/scorm/cmi';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { forbidden, notFound, ruleError } from '../../http/errors';
import type { TeachingCaller } from '../lessons/teaching-access';
import { assertMayPlay, assertMayReport, readablePackage } from './policy';
import {
  attemptsOf,
  latestAttempt,
  studentsOfLessons,
  type AttemptRow,
  type PackageRow,
} from './queries';
import { signedPackageLink } from './signing';

// A learner's attempts: launching (resume or a new attempt), commits, and the standing the
// reports and the gradebook read (docs/scorm.md).

type Cmi = Record<string, unknown>;
const objectAt = (value: unknown): Cmi =>
  value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Cmi) } : {};

/** A learner's standing over their attempts (none: not attempted). */
export function standingOf(attempts: AttemptRow[]): LearnerStanding {
  let status: LearnerStatus = 'not_attempted';
  let best: number | null = null;
  let seconds = 0;
  let last: string | null = null;
  for (const a of attempts) {
    status = betterStatus(status, a.status as LearnerStatus);
    const percent = scorePercent(a);
    if (percent !== null && (best === null || percent > best)) best = percent;
    seconds += a.prior_seconds + a.session_seconds;
    if (last === null || a.updated_at > last) last = a.updated_at;
  }
  return {
    status,
    score_percent: best,
    total_seconds: seconds,
    attempts: attempts.length,
    last_played_at: last,
  };
}

/** The data scorm-again loads before the package starts: stored data, and what the LMS sets. */
function cmiToLoad(
  version: ScormVersion,
  attempt: AttemptRow | null,
  learner: { id: string; name: string } | null,
): Cmi {
  const stored = attempt ? objectAt(JSON.parse(attempt.cmi_json)) : {};
  const resumes = attempt?.exit === 'suspend';
  const seconds = attempt ? attempt.prior_seconds + attempt.session_seconds : 0;
  if (version === '1.2') {
    const core = objectAt(stored.core);
    delete core.exit;
    delete core.session_time;
    Object.assign(core, {
      entry: resumes ? 'resume' : '',
      total_time: timespan12(seconds),
      credit: learner ? 'credit' : 'no-credit',
      lesson_mode: learner ? 'normal' : 'browse',
      student_id: learner?.id ?? 'preview',
      student_name: learner?.name ?? 'Preview',
    });
    return { ...stored, core };
  }
  const cmi: Cmi = { ...stored };
  delete cmi.exit;
  delete cmi.session_time;
  return Object.assign(cmi, {
    entry: resumes ? 'resume' : attempt && attempt.commits > 0 ? '' : 'ab-initio',
    total_time: interval2004(seconds),
    credit: learner ? 'credit' : 'no-credit',
    mode: learner ? 'normal' : 'browse',
    learner_id: learner?.id ?? 'preview',
    learner_name: learner?.name ?? 'Preview',
  });
}

async function learnerName(deps: ServerDeps, schoolId: number, studentId: number) {
  const row = await deps.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.first_name', 'u.last_name'])
    .where('m.school_id', '=', schoolId)
    .where('m.id', '=', studentId)
    .executeTakeFirstOrThrow();
  return `${row.last_name}, ${row.first_name}`;
}

/**
 * Starts playing. A student resumes their latest attempt, or begins a new one when it is
 * finished (completed, passed or failed, and not left suspended); each launch is a new
 * session, whose time is added to the attempt's. Teachers and the office get a preview with
 * nothing stored.
 */
export async function launch(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<ScormLaunch> {
  const { row, abilities } = await readablePackage(deps, caller, id);
  assertMayPlay(abilities);
  const version = row.version as ScormVersion;
  const now = deps.now();
  const link = signedPackageLink(deps.config, row.id, now);
  const content = { content_url: link.base + row.launch_path, content_expires_at: link.expiresAt };
  if (!abilities.play)
    return {
      version,
      attempt_id: null,
      attempt_number: null,
      cmi: cmiToLoad(version, null, null),
      ...content,
    };
  const studentId = caller.me!;
  const nowIso = now.toISOString();
  const attempt = await deps.db.transaction().execute(async (trx) => {
    const latest = await latestAttempt(trx, caller.schoolId, row.id, studentId);
    if (latest && !attemptIsFinished(latest)) {
      await trx
        .updateTable('scorm_attempts')
        .set({
          prior_seconds: latest.prior_seconds + latest.session_seconds,
          session_seconds: 0,
          sessions: latest.sessions + 1,
          updated_at: nowIso,
        })
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', latest.id)
        .execute();
      return {
        ...latest,
        prior_seconds: latest.prior_seconds + latest.session_seconds,
        session_seconds: 0,
      };
    }
    const fresh = {
      school_id: caller.schoolId,
      package_id: row.id,
      student_id: studentId,
      number: (latest?.number ?? 0) + 1,
      cmi_json: '{}',
      status: 'incomplete',
      sessions: 1,
      started_at: nowIso,
      updated_at: nowIso,
    };
    const inserted = await trx
      .insertInto('scorm_attempts')
      .values(fresh)
      .returningAll()
      .executeTakeFirstOrThrow();
    return inserted;
  });
  const learner = {
    id: String(studentId),
    name: await learnerName(deps, caller.schoolId, studentId),
  };
  return {
    version,
    attempt_id: attempt.id,
    attempt_number: attempt.number,
    cmi: cmiToLoad(version, attempt, learner),
    ...content,
  };
}

/** Stores a commit of the learner's own current attempt, and its grade when the package counts. */
export async function commit(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
  attemptId: number,
  cmi: Cmi,
): Promise<LearnerStanding> {
  const { row, abilities } = await readablePackage(deps, caller, id);
  if (!abilities.play) throw forbidden('Only the learner stores their own attempt.');
  const studentId = caller.me!;
  const summary = summarizeCmi(row.version as ScormVersion, cmi);
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const latest = await latestAttempt(trx, caller.schoolId, row.id, studentId);
    if (!latest || latest.id !== attemptId) {
      if (!latest || attemptId > latest.id) throw notFound('This attempt does not exist.');
      throw ruleError(
        'conflict',
        { code: 'attempt_closed' },
        'A newer attempt of this package has begun; this one is closed.',
      );
    }
    await trx
      .updateTable('scorm_attempts')
      .set({
        ...summary,
        cmi_json: JSON.stringify(cmi),
        commits: latest.commits + 1,
        updated_at: nowIso,
      })
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', latest.id)
      .execute();
    const attempts = await attemptsOf(trx, caller.schoolId, [row.id], [studentId]);
    const standing = standingOf(attempts);
    if (row.grade_item_id !== null)
      await writeGradeEntry(trx, caller.schoolId, row.grade_item_id, studentId, standing, nowIso);
    return standing;
  });
}

/** The learner's best score as the gradebook item's value (points of 100). */
export async function writeGradeEntry(
  db: Kysely<Database>,
  schoolId: number,
  itemId: number,
  studentId: number,
  standing: LearnerStanding,
  nowIso: string,
): Promise<void> {
  if (standing.score_percent === null) return;
  const value = Math.round(standing.score_percent * 100);
  await db
    .insertInto('grade_entries')
    .values({
      school_id: schoolId,
      item_id: itemId,
      student_id: studentId,
      value_hundredths: value,
      comment: null,
      updated_by_user_id: null,
      updated_at: nowIso,
    })
    .onConflict((oc) =>
      oc
        .columns(['school_id', 'item_id', 'student_id'])
        .doUpdateSet({ value_hundredths: value, updated_at: nowIso }),
    )
    .execute();
}

/** Every student of the package's lesson with their standing, by name. */
export async function learnersOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
): Promise<{ data: LearnerRow[]; totalCount: number }> {
  const { row, abilities } = await readablePackage(deps, caller, id);
  assertMayReport(abilities);
  return learnerRows(deps.db, row);
}

export async function learnerRows(db: Kysely<Database>, row: PackageRow) {
  const students = await studentsOfLessons(db, row.school_id, [row.lesson_id]);
  const attempts = await attemptsOf(db, row.school_id, [row.id], null);
  const byStudent = new Map<number, AttemptRow[]>();
  for (const a of attempts)
    byStudent.set(a.student_id, [...(byStudent.get(a.student_id) ?? []), a]);
  const data = students.map((s): LearnerRow => ({
    student_id: s.student_id,
    first_name: s.first_name,
    last_name: s.last_name,
    ...standingOf(byStudent.get(s.student_id) ?? []),
  }));
  return { data, totalCount: data.length };
}
