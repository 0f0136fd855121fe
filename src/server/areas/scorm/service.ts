import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { fieldsOf } from '../../../shared/api/envelope';
import { scormUploadFields, type ScormPackage } from '../../../shared/api/scorm';
import type { ScormVersion } from '../../../shared/scorm/cmi';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { StorageError } from '../../files/object-store';
import type { RequestContext } from '../../http/context';
import { notFound, ruleError, validationError } from '../../http/errors';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { receiveUpload } from '../files/storage';
import { lessonContext, today } from '../grades/service';
import { taughtAmong, type TeachingCaller } from '../lessons/teaching-access';
import { checkPackage, PackageRefusal } from './package-check';
import { abilitiesOf, assertMayManage, readablePackage, standingStudentOf } from './policy';
import {
  attemptsOf,
  insertPackage,
  listPackages,
  packageInSchool,
  studentsOfLessons,
  type PackageListOptions,
  type PackageRow,
} from './queries';
import { packageStoreOf } from './storage';
import { learnerRows, standingOf, writeGradeEntry } from './tracking';

/** The job that deletes a deleted package's files, after the deletion commits. */
export const REMOVE_PACKAGE_FILES_JOB = 'scorm.remove-files';

interface RemoveFilesPayload {
  schoolId: number;
  keys: string[];
}

registerJobHandler<RemoveFilesPayload>(REMOVE_PACKAGE_FILES_JOB, {
  maxAttempts: 5,
  async handle({ payload, deps }) {
    const store = packageStoreOf(deps.storage);
    for (const key of payload.keys) await store.remove({ schoolId: payload.schoolId, key });
  },
});

/** Packages as the caller gets them: standing, class counts and abilities. */
async function present(
  deps: ServerDeps,
  caller: TeachingCaller,
  rows: PackageRow[],
  standingStudent: number | null,
): Promise<ScormPackage[]> {
  const ids = rows.map((r) => r.id);
  const writable = await taughtAmong(
    deps.db,
    caller,
    rows.map((r) => r.lesson_id),
  );
  const forStaff = caller.role === 'teacher' || caller.role === 'admin';
  const attempts = await attemptsOf(
    deps.db,
    caller.schoolId,
    ids,
    standingStudent === null ? (forStaff ? null : []) : [standingStudent],
  );
  const students = forStaff
    ? await studentsOfLessons(deps.db, caller.schoolId, [...new Set(rows.map((r) => r.lesson_id))])
    : [];
  return rows.map((row) => {
    const own = attempts.filter((a) => a.package_id === row.id);
    let finished: number | null = null;
    let count: number | null = null;
    if (forStaff) {
      const roster = students.filter((s) => s.lesson_id === row.lesson_id);
      count = roster.length;
      finished = roster.filter((s) => {
        const status = standingOf(own.filter((a) => a.student_id === s.student_id)).status;
        return status === 'completed' || status === 'passed';
      }).length;
    }
    const relation =
      caller.role === 'admin'
        ? 'office'
        : caller.role === 'teacher'
          ? 'teacher'
          : caller.role === 'student'
            ? 'student'
            : 'guardian';
    return {
      id: row.id,
      lesson_id: row.lesson_id,
      lesson_name: row.lesson_name,
      title: row.title,
      version: row.version as ScormVersion,
      file_count: row.file_count,
      unpacked_bytes: row.unpacked_bytes,
      in_gradebook: row.grade_item_id !== null,
      created_at: row.created_at,
      standing: standingStudent === null ? null : standingOf(own),
      finished_count: finished,
      student_count: count,
      abilities: abilitiesOf(relation, writable.has(row.lesson_id)),
    };
  });
}

export async function packageList(
  deps: ServerDeps,
  caller: TeachingCaller,
  options: PackageListOptions & { studentId?: number },
) {
  const standingStudent = await standingStudentOf(deps, caller, options.studentId);
  const { rows, totalCount } = await listPackages(deps.db, caller, options);
  return { data: await present(deps, caller, rows, standingStudent), totalCount };
}

export async function packageView(
  deps: ServerDeps,
  caller: TeachingCaller,
  id: number,
  studentId?: number,
): Promise<ScormPackage> {
  const standingStudent = await standingStudentOf(deps, caller, studentId);
  const { row } = await readablePackage(deps, caller, id);
  return (await present(deps, caller, [row], standingStudent))[0]!;
}

/** Receives, checks and stores a package; refuses a bad one with its reason. */
export async function uploadPackage(
  deps: ServerDeps,
  caller: TeachingCaller,
  ctx: RequestContext,
  request: FastifyRequest,
): Promise<ScormPackage> {
  const limits = deps.config.scorm;
  const upload = await receiveUpload(request, deps, limits.maxZipBytes);
  const store = packageStoreOf(deps.storage);
  const location = { schoolId: caller.schoolId, key: crypto.randomBytes(16).toString('hex') };
  let stored = false;
  try {
    const fields = scormUploadFields.safeParse(upload.fields);
    if (!fields.success)
      throw validationError(fieldsOf(fields.error), fields.error.issues[0]?.message);
    const lessonId = fields.data.lesson_id;
    const lesson = await deps.db
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', lessonId)
      .executeTakeFirst();
    if (!lesson) throw notFound('This lesson does not exist.');
    await assertMayManage(deps, caller, lessonId);
    let checked;
    try {
      checked = await checkPackage(upload.tempPath, limits);
    } catch (error) {
      if (error instanceof PackageRefusal)
        throw ruleError(
          'validation',
          { code: error.code, field: 'file', params: error.params },
          error.message,
        );
      throw error;
    }
    try {
      stored = true;
      await checked.unpackInto(store, location);
    } catch (error) {
      if (error instanceof PackageRefusal)
        throw ruleError(
          'validation',
          { code: error.code, field: 'file', params: error.params },
          error.message,
        );
      // The store failing (an S3 bucket out of reach) is ours, not a damaged zip: a 500.
      if (error instanceof StorageError) throw error;
      throw ruleError(
        'validation',
        { code: 'scorm_not_zip', field: 'file' },
        'The zip archive is damaged.',
      );
    } finally {
      checked.close();
    }
    const nowIso = deps.now().toISOString();
    const id = await deps.db.transaction().execute(async (trx) => {
      const newId = await insertPackage(trx, {
        school_id: caller.schoolId,
        lesson_id: lessonId,
        title: fields.data.title || checked.title,
        version: checked.version,
        launch_path: checked.launchPath,
        storage_key: location.key,
        file_count: checked.fileCount,
        unpacked_bytes: checked.unpackedBytes,
        grade_item_id: null,
        uploaded_by_user_id: caller.userId,
        created_at: nowIso,
        updated_at: nowIso,
      });
      await recordAudit(
        trx,
        ctx,
        { schoolId: caller.schoolId, action: 'create', entity: 'scorm_package', entityId: newId },
        nowIso,
      );
      return newId;
    });
    stored = false;
    return packageView(deps, caller, id);
  } finally {
    await fsp.rm(upload.tempPath, { force: true });
    if (stored) await store.remove(location);
  }
}

/** Counts the package's best scores in the lesson's gradebook (the current sub-period), or stops. */
async function setInGradebook(
  deps: ServerDeps,
  trx: Kysely<Database>,
  caller: TeachingCaller,
  row: PackageRow,
  title: string,
  wanted: boolean,
  nowIso: string,
  context: Awaited<ReturnType<typeof lessonContext>> | null,
): Promise<number | null> {
  if (!wanted) {
    if (row.grade_item_id !== null)
      await trx
        .deleteFrom('grade_items')
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', row.grade_item_id)
        .execute();
    return null;
  }
  if (row.grade_item_id !== null) return row.grade_item_id;
  if (!context) throw new Error('The lesson context is read before the transaction.');
  const { subPeriods, day } = context;
  const subPeriod =
    subPeriods.find((s) => s.start_date <= day && day <= s.end_date) ??
    [...subPeriods].reverse().find((s) => s.start_date <= day) ??
    subPeriods[0];
  if (!subPeriod) throw notFound('The period has no sub-periods yet.');
  if (subPeriod.closed)
    throw ruleError(
      'validation',
      { code: 'sub_period_closed', field: 'in_gradebook' },
      'The sub-period is closed: its grades are read-only.',
    );
  const item = await trx
    .insertInto('grade_items')
    .values({
      school_id: caller.schoolId,
      lesson_id: row.lesson_id,
      sub_period_id: subPeriod.id,
      category_id: null,
      kind: 'scorm',
      source_kind: 'scorm',
      source_id: row.id,
      title,
      max_points: 100,
      date: today(deps),
      created_at: nowIso,
      updated_at: nowIso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const learner of (await learnerRows(trx, row)).data)
    await writeGradeEntry(trx, caller.schoolId, item.id, learner.student_id, learner, nowIso);
  return item.id;
}

export async function updatePackage(
  deps: ServerDeps,
  caller: TeachingCaller,
  ctx: RequestContext,
  id: number,
  body: { title?: string; in_gradebook?: boolean },
): Promise<ScormPackage> {
  const { row } = await readablePackage(deps, caller, id);
  await assertMayManage(deps, caller, row.lesson_id);
  const nowIso = deps.now().toISOString();
  // Read before the transaction: SQLite has one connection, which the transaction holds.
  const context =
    body.in_gradebook && row.grade_item_id === null
      ? await lessonContext(deps, caller, row.lesson_id)
      : null;
  await deps.db.transaction().execute(async (trx) => {
    const title = body.title ?? row.title;
    const itemId =
      body.in_gradebook === undefined
        ? row.grade_item_id
        : await setInGradebook(deps, trx, caller, row, title, body.in_gradebook, nowIso, context);
    await trx
      .updateTable('scorm_packages')
      .set({ title, grade_item_id: itemId, updated_at: nowIso })
      .where('school_id', '=', caller.schoolId)
      .where('id', '=', id)
      .execute();
    if (itemId !== null && body.title !== undefined)
      await trx
        .updateTable('grade_items')
        .set({ title, updated_at: nowIso })
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', itemId)
        .execute();
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'update', entity: 'scorm_package', entityId: id },
      nowIso,
    );
  });
  return packageView(deps, caller, id);
}

/**
 * Deletes package rows (their attempts and grade items with them) in the caller's transaction;
 * their files go by a job once it commits. Used for one package and for a deleted lesson.
 */
export async function removePackages(
  trx: Kysely<Database>,
  schoolId: number,
  where: { ids: number[] } | { lessonId: number },
  now: Date,
): Promise<void> {
  let query = trx
    .selectFrom('scorm_packages')
    .select(['id', 'storage_key', 'grade_item_id'])
    .where('school_id', '=', schoolId);
  query =
    'ids' in where
      ? query.where('id', 'in', where.ids.length ? where.ids : [0])
      : query.where('lesson_id', '=', where.lessonId);
  const rows = await query.execute();
  if (rows.length === 0) return;
  const items = rows.map((r) => r.grade_item_id).filter((i): i is number => i !== null);
  if (items.length)
    await trx
      .deleteFrom('grade_items')
      .where('school_id', '=', schoolId)
      .where('id', 'in', items)
      .execute();
  await trx
    .deleteFrom('scorm_packages')
    .where('school_id', '=', schoolId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await enqueueJob(
    trx,
    {
      kind: REMOVE_PACKAGE_FILES_JOB,
      schoolId,
      payload: { schoolId, keys: rows.map((r) => r.storage_key) } satisfies RemoveFilesPayload,
    },
    now,
  );
}

export async function deletePackage(
  deps: ServerDeps,
  caller: TeachingCaller,
  ctx: RequestContext,
  id: number,
): Promise<void> {
  const row = await packageInSchool(deps.db, caller.schoolId, id);
  if (!row) throw notFound('This SCORM package does not exist.');
  await readablePackage(deps, caller, id);
  await assertMayManage(deps, caller, row.lesson_id);
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await removePackages(trx, caller.schoolId, { ids: [id] }, now);
    await recordAudit(
      trx,
      ctx,
      { schoolId: caller.schoolId, action: 'delete', entity: 'scorm_package', entityId: id },
      now.toISOString(),
    );
  });
}
