import type { Kysely } from 'kysely';
import type { FileEntity, FileListItem, FileRef, UploadEntity } from '../../../shared/api/files';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { taughtAmong, type TeachingCaller } from '../lessons/teaching-access';
import { submissionRefusal } from '../tasks/policy';
import { deleteFileRows, filesOf, listFiles, type FileListOptions, type FileRow } from './queries';
import { signedFileLink } from './signing';
import { removeStored } from './storage';

/** The job that deletes the bytes of deleted file rows, after the deletion commits. */
export const REMOVE_FILE_BYTES_JOB = 'files.remove-bytes';

interface RemoveBytesPayload {
  schoolId: number;
  keys: string[];
}

// Bytes go after the rows' deletion has committed: a rolled-back deletion keeps its files,
// and a job that runs twice finds them gone already, which is fine.
registerJobHandler<RemoveBytesPayload>(REMOVE_FILE_BYTES_JOB, {
  maxAttempts: 5,
  async handle({ payload, deps }) {
    await removeStored(
      deps.storage,
      payload.keys.map((key) => ({ schoolId: payload.schoolId, key })),
    );
  },
});

/** A file as its reader gets it, with a fresh signed link. */
export function fileRefOf(deps: ServerDeps, row: FileRow): FileRef {
  const link = signedFileLink(deps.config, row.id, deps.now());
  return {
    id: row.id,
    name: row.name,
    content_type: row.content_type,
    size: row.size,
    url: link.url,
    url_expires_at: link.expiresAt,
  };
}

/**
 * A page of the files list. Delete is offered as the remove rule allows: chapter and task files
 * to whoever may change their lesson, a student's own work while they may still change it.
 */
export async function fileList(
  deps: ServerDeps,
  caller: TeachingCaller,
  options: FileListOptions,
): Promise<{ data: FileListItem[]; totalCount: number }> {
  const { rows, totalCount } = await listFiles(deps.db, caller, options);
  const writable = await taughtAmong(
    deps.db,
    caller,
    rows.filter((r) => r.entity !== 'submission').map((r) => r.lesson_id),
  );
  const nowIso = deps.now().toISOString();
  const data = rows.map((row): FileListItem => {
    const entity = row.entity as FileEntity;
    const ownWork =
      entity === 'submission' &&
      caller.role === 'student' &&
      row.student_id === caller.me &&
      row.submission_status !== null &&
      submissionRefusal(
        {
          open_at: row.task_open_at ?? '',
          due_at: row.task_due_at ?? '',
          accept_late: row.task_accept_late ?? 0,
        },
        row.submission_status,
        nowIso,
      ) === null;
    return {
      ...fileRefOf(deps, row),
      entity,
      entity_id: row.entity_id,
      entity_title: row.entity_title,
      task_id: row.task_id ?? null,
      student_name:
        entity === 'submission' && row.student_last_name !== null
          ? `${row.student_last_name} ${row.student_first_name ?? ''}`.trim()
          : null,
      lesson_id: row.lesson_id,
      lesson_name: row.lesson_name,
      created_at: row.created_at,
      abilities: { delete: entity === 'submission' ? ownWork : writable.has(row.lesson_id) },
    };
  });
  return { data, totalCount };
}

/** The files of records the caller may see, by record id. */
export async function fileRefsFor(
  deps: ServerDeps,
  schoolId: number,
  entity: UploadEntity,
  entityIds: number[],
): Promise<Map<number, FileRef[]>> {
  const byEntity = new Map<number, FileRef[]>(entityIds.map((id) => [id, []]));
  for (const row of await filesOf(deps.db, schoolId, entity, entityIds))
    byEntity.get(row.entity_id)?.push(fileRefOf(deps, row));
  return byEntity;
}

/**
 * Deletes file rows in the caller's transaction and leaves their bytes to a job that runs
 * once it commits (records deleted together with their files: nothing half-written).
 */
export async function removeFiles(
  trx: Kysely<Database>,
  schoolId: number,
  where: { entity: UploadEntity; entityIds: number[] } | { ids: number[] } | { lessonId: number },
  now: Date,
): Promise<void> {
  const keys = await deleteFileRows(trx, schoolId, where);
  // 64 KB of payload holds about 1,800 keys; a larger deletion is split.
  for (let i = 0; i < keys.length; i += 1000)
    await enqueueJob(
      trx,
      {
        kind: REMOVE_FILE_BYTES_JOB,
        schoolId,
        payload: { schoolId, keys: keys.slice(i, i + 1000) } satisfies RemoveBytesPayload,
      },
      now,
    );
}
