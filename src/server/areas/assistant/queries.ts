import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// SQL of the assistant's sessions and messages (the index's is in passages.ts and search.ts).

export function insertSession(
  db: Kysely<Database>,
  values: { school_id: number; user_id: number; role: string; key: string; created_at: string },
) {
  return db.insertInto('assistant_sessions').values(values).execute();
}

export function findSession(db: Kysely<Database>, schoolId: number, key: string) {
  return db
    .selectFrom('assistant_sessions')
    .select(['id', 'user_id', 'role', 'key'])
    .where('school_id', '=', schoolId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export function insertMessage(
  db: Kysely<Database>,
  values: {
    school_id: number;
    session_id: number;
    by_user: number;
    message: string;
    sources: string | null;
    created_at: string;
  },
) {
  return db.insertInto('assistant_messages').values(values).execute();
}

/** A session's messages, oldest first (the latest few hundred: a chat, not an archive). */
export function listMessages(db: Kysely<Database>, schoolId: number, sessionId: number) {
  return db
    .selectFrom('assistant_messages')
    .select(['id', 'by_user', 'message', 'sources'])
    .where('school_id', '=', schoolId)
    .where('session_id', '=', sessionId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
    .then((rows) => rows.reverse());
}
