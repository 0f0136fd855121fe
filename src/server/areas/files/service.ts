import type { Kysely } from 'kysely';
import type { FileEntity, FileListType, FileRef, ListedFile } from '../../../shared/api/files';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { enqueueJob, registerJobHandler } from '../../jobs';
import type { TeachingCaller } from '../lessons/teaching-access';
import { fileListScope } from './policy';
import { deleteFileRows, filesOf, listFiles, type FileRow } from './queries';
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
      deps.config,
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

/** A page of the files of a lesson's (or one chapter's or task's) records the caller may read. */
export async function fileList(
  deps: ServerDeps,
  caller: TeachingCaller,
  query: { type: FileListType; entity_id: number; page: number; per_page: number },
): Promise<{ data: ListedFile[]; totalCount: number }> {
  const scope = await fileListScope(deps, caller, query.type, query.entity_id);
  const { rows, totalCount } = await listFiles(deps.db, caller.schoolId, scope, {
    page: query.page,
    perPage: query.per_page,
  });
  return {
    data: rows.map((row) => ({
      ...fileRefOf(deps, row),
      entity: row.entity === 'task' ? 'task' : 'chapter',
      entity_id: row.entity_id,
      entity_title: row.entity_title,
      created_at: row.created_at,
    })),
    totalCount,
  };
}

/** The files of records the caller may see, by record id. */
export async function fileRefsFor(
  deps: ServerDeps,
  schoolId: number,
  entity: FileEntity,
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
  where: { entity: FileEntity; entityIds: number[] } | { ids: number[] },
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
