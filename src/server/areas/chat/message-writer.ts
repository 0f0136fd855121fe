import type { Kysely } from 'kysely';
import type { ChatMessage } from '../../../shared/api/chat';
import type { Database } from '../../db/schema';
import { attachFiles } from './attachments';

// Messages are stored before anyone hears of them, and a commit is a disk flush: one per
// message would cap a node at a few hundred messages a second (and on SQLite hold the event
// loop meanwhile). Sends that arrive together are written in one transaction instead (group
// commit), and each is acknowledged once that transaction has committed.

export interface NewMessage {
  schoolId: number;
  roomId: number;
  userId: number;
  body: string;
  nowIso: string;
}

/**
 * Stores one message that carries files, in a transaction of its own: attaching them may be
 * refused (a file gone meanwhile), which must not fail the messages of others sent with it.
 */
export async function writeMessageWithFiles(
  db: Kysely<Database>,
  message: NewMessage,
  fileIds: readonly number[],
): Promise<ChatMessage> {
  return db.transaction().execute(async (trx) => {
    const [stored] = await writeBatch(trx, [message]);
    await attachFiles(trx, { ...message, id: stored!.id }, fileIds);
    return stored!;
  });
}

interface Pending {
  message: NewMessage;
  resolve: (stored: ChatMessage) => void;
  reject: (error: unknown) => void;
}

const BATCH_LIMIT = 500;

export class MessageWriter {
  private pending: Pending[] = [];
  private running = false;

  constructor(private readonly db: Kysely<Database>) {}

  write(message: NewMessage): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      this.pending.push({ message, resolve, reject });
      // Whatever else arrives in this turn of the event loop joins the same commit.
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH_LIMIT);
      try {
        const stored = await this.db.transaction().execute((trx) =>
          writeBatch(
            trx,
            batch.map((entry) => entry.message),
          ),
        );
        batch.forEach((entry, i) => entry.resolve(stored[i]!));
      } catch (error) {
        batch.forEach((entry) => entry.reject(error));
      }
    }
    this.running = false;
  }
}

async function writeBatch(trx: Kysely<Database>, batch: NewMessage[]): Promise<ChatMessage[]> {
  const rows = batch.map((message) => ({
    school_id: message.schoolId,
    room_id: message.roomId,
    user_id: message.userId,
    body: message.body,
    created_at: message.nowIso,
  }));
  const inserted = await trx.insertInto('chat_messages').values(rows).returning('id').execute();
  // Ids are drawn in row order; RETURNING promises no order, so they are sorted back.
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  // Each sender has read what they wrote (their newest message in each room).
  const newest = new Map<
    string,
    { schoolId: number; roomId: number; userId: number; id: number }
  >();
  batch.forEach((message, i) =>
    newest.set(`${message.roomId}:${message.userId}`, { ...message, id: ids[i]! }),
  );
  for (const read of newest.values())
    await trx
      .updateTable('chat_room_members')
      .set({ last_read_message_id: read.id })
      .where('school_id', '=', read.schoolId)
      .where('room_id', '=', read.roomId)
      .where('user_id', '=', read.userId)
      .where('last_read_message_id', '<', read.id)
      .execute();
  const authors = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(batch.map((message) => message.userId))])
    .execute();
  const names = new Map(authors.map((a) => [a.id, `${a.first_name} ${a.last_name}`]));
  return batch.map((message, i) => ({
    id: ids[i]!,
    room_id: message.roomId,
    user_id: message.userId,
    author_name: names.get(message.userId) ?? '',
    body: message.body,
    created_at: message.nowIso,
    deleted: false,
    attachments: [],
  }));
}

const writers = new WeakMap<Kysely<Database>, MessageWriter>();

/** The one writer of a database connection (each API node has its own). */
export const messageWriter = (db: Kysely<Database>): MessageWriter => {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new MessageWriter(db)));
  return writer;
};
