import type { Kysely } from 'kysely';
import type { ChatAttachment, ChatMessage } from '../../../shared/api/chat';
import {
  CHAT_ATTACHMENT_LINK_TTL_SECONDS,
  CHAT_UNSENT_FILE_TTL_MS,
  CHAT_UNSENT_FILES_MAX,
  CHAT_UPLOAD_LIMIT,
  CHAT_UPLOAD_WINDOW_MS,
} from '../../../shared/chat/text';
import type { Role } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, validationError } from '../../http/errors';
import { registerJobHandler } from '../../jobs';
import { filesOf, type FileRow } from '../files/queries';
import { removeFiles } from '../files/service';
import { signedFileLink } from '../files/signing';
import { assertMaySend, roomAccess } from './policy';

// Chat attachments go through the files endpoint in two steps, as in Slack or Teams: a member
// uploads a file to the room (`POST …/files`, type=chat, entity_id the room), which keeps it as
// the uploader's unsent file (entity 'chat'); sending a message with its id attaches it
// (entity 'chat_message', entity_id the message) in the message's own transaction. Unsent files
// are removed after a day. Deleting the message deletes its files. The file rows name their
// room (`chat_room_id`), and a lesson room's files also their lesson, so that they go with it.

/** Where a chat upload goes; refused unless the caller writes in the room (its members). */
export async function chatUploadTarget(
  deps: ServerDeps,
  ctx: RequestContext,
  roomId: number,
): Promise<{ entity: 'chat'; entityId: number; lessonId: number | null; chatRoomId: number }> {
  const userId = ctx.user!.id;
  const access = await roomAccess(
    deps.db,
    { schoolId: ctx.schoolId!, userId, role: ctx.role as Role },
    roomId,
  );
  assertMaySend(access);
  const decision = await deps.limiter.hit(
    `chat:upload:${userId}`,
    CHAT_UPLOAD_LIMIT,
    CHAT_UPLOAD_WINDOW_MS,
  );
  if (!decision.allowed)
    throw new ApiError(
      'rate_limited',
      'You are attaching files too fast; wait a moment.',
      undefined,
      decision.retryAfter,
    );
  const unsent = await unsentFiles(deps.db, ctx.schoolId!, roomId, userId);
  if (unsent.length >= CHAT_UNSENT_FILES_MAX)
    throw new ApiError(
      'conflict',
      `You have ${CHAT_UNSENT_FILES_MAX} files waiting in this room: send or remove them first.`,
    );
  return { entity: 'chat', entityId: roomId, lessonId: access.room.lesson_id, chatRoomId: roomId };
}

/** The caller's files attached in a room and not sent yet. */
export async function unsentFiles(
  db: Kysely<Database>,
  schoolId: number,
  roomId: number,
  userId: number,
): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('chat_room_id', '=', roomId)
    .where('uploaded_by_user_id', '=', userId)
    .where('entity', '=', 'chat')
    .orderBy('id')
    .execute();
}

/**
 * Attaches the sender's unsent files of the room to a stored message (the sending
 * transaction); refused, and the message with it, unless every one of them is such a file.
 */
export async function attachFiles(
  trx: Kysely<Database>,
  message: { schoolId: number; roomId: number; userId: number; id: number },
  fileIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(fileIds)];
  if (wanted.length === 0) return;
  const result = await trx
    .updateTable('files')
    .set({ entity: 'chat_message', entity_id: message.id })
    .where('school_id', '=', message.schoolId)
    .where('chat_room_id', '=', message.roomId)
    .where('uploaded_by_user_id', '=', message.userId)
    .where('entity', '=', 'chat')
    .where('id', 'in', wanted)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== wanted.length)
    throw validationError(
      { file_ids: 'Attach the files to this room again' },
      'Some of these files are not waiting in this room any more; attach them again.',
    );
}

/** A file as one reader gets it: with a link for them, or (null reader: a broadcast) none. */
export function attachmentOf(
  deps: ServerDeps,
  row: FileRow,
  reader: number | null,
): ChatAttachment {
  const link =
    reader === null
      ? null
      : signedFileLink(deps.config, row.id, deps.now(), {
          reader,
          ttlSeconds: CHAT_ATTACHMENT_LINK_TTL_SECONDS,
        });
  return {
    id: row.id,
    name: row.name,
    content_type: row.content_type,
    size: row.size,
    url: link?.url ?? null,
    url_expires_at: link?.expiresAt ?? null,
  };
}

/** Messages with their attachments, the links made for `reader`. */
export async function withAttachments(
  deps: ServerDeps,
  schoolId: number,
  messages: ChatMessage[],
  reader: number | null,
): Promise<ChatMessage[]> {
  const carrying = messages.filter((m) => !m.deleted).map((m) => m.id);
  const rows = await filesOf(deps.db, schoolId, 'chat_message', carrying);
  const byMessage = new Map<number, ChatAttachment[]>();
  for (const row of rows) {
    const list = byMessage.get(row.entity_id) ?? [];
    list.push(attachmentOf(deps, row, reader));
    byMessage.set(row.entity_id, list);
  }
  return messages.map((m) => ({ ...m, attachments: byMessage.get(m.id) ?? [] }));
}

/** Removes a deleted message's files in its deletion's transaction (bytes after commit). */
export const removeMessageFiles = (
  trx: Kysely<Database>,
  schoolId: number,
  messageId: number,
  now: Date,
) => removeFiles(trx, schoolId, { entity: 'chat_message', entityIds: [messageId] }, now);

export const PRUNE_UNSENT_FILES_JOB = 'chat.prune-unsent-files';

// Files attached and never sent (the page closed before Send) go after a day, school by school,
// with their bytes.
registerJobHandler(PRUNE_UNSENT_FILES_JOB, {
  repeatEveryMs: 60 * 60_000,
  maxAttempts: 3,
  async handle({ deps }) {
    const now = deps.now();
    const cutoff = new Date(now.getTime() - CHAT_UNSENT_FILE_TTL_MS).toISOString();
    const stale = await deps.db
      .selectFrom('files')
      .select(['id', 'school_id'])
      .where('entity', '=', 'chat')
      .where('created_at', '<', cutoff)
      .orderBy('id')
      .limit(5000)
      .execute();
    const bySchool = new Map<number, number[]>();
    for (const row of stale)
      bySchool.set(row.school_id, [...(bySchool.get(row.school_id) ?? []), row.id]);
    for (const [schoolId, ids] of bySchool)
      await deps.db.transaction().execute((trx) => removeFiles(trx, schoolId, { ids }, now));
  },
});
