// W6's people and rooms on PostgreSQL (the two-node part when DATABASE_URL is set), in the
// schema the first node migrated: the same rows as chat-data.ts writes into SQLite, set-wise.
import crypto from 'node:crypto';
import pg from 'pg';
import { hashToken } from '../../src/server/areas/account/tokens';
import type { ChatBenchData } from './chat-data';

export async function writeChatBenchDataPostgres(
  url: string,
  schema: string,
  clients: number,
  roomSize: number,
): Promise<ChatBenchData> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3_600_000).toISOString();
  try {
    await client.query('BEGIN');
    const one = async (text: string, values: unknown[]) =>
      (await client.query<{ id: number }>(text, values)).rows[0]!.id;
    const school = await one(
      'INSERT INTO schools (name, created_at) VALUES ($1, $2) RETURNING id',
      ['W6 chat school', now],
    );
    const schoolRoom = await one(
      "INSERT INTO chat_rooms (school_id, name, created_at, kind) VALUES ($1, 'Whole school', $2, 'group') RETURNING id",
      [school, now],
    );
    const roomCount = Math.ceil(clients / roomSize);
    const lessonRooms = (
      await client.query<{ id: number }>(
        "INSERT INTO chat_rooms (school_id, name, created_at, kind) SELECT $1, 'Lesson ' || g, $2, 'group' FROM generate_series(1, $3) g RETURNING id",
        [school, now, roomCount],
      )
    ).rows
      .map((r) => r.id)
      .sort((a, b) => a - b);
    const indexes = Array.from({ length: clients }, (_, i) => i);
    const tokens = indexes.map(() => crypto.randomBytes(32).toString('base64url'));
    await client.query(
      "INSERT INTO users (username, email, first_name, last_name, created_at) SELECT 'w6-' || i, 'w6-' || i || '@bench.test', 'Μαθητής', i::text, $1 FROM unnest($2::int[]) i",
      [now, indexes],
    );
    const users = `FROM unnest($1::int[], $2::text[], $3::int[]) AS t(i, token_hash, room) JOIN users u ON u.username = 'w6-' || t.i`;
    const columns = [
      indexes,
      tokens.map(hashToken),
      indexes.map((i) => lessonRooms[Math.floor(i / roomSize)]!),
    ];
    await client.query(
      `INSERT INTO memberships (school_id, user_id, role, created_at) SELECT $4, u.id, 'student', $5 ${users}`,
      [...columns, school, now],
    );
    await client.query(
      `INSERT INTO sessions (user_id, token_hash, platform, remember_me, created_at, expires_at, last_used_at) SELECT u.id, t.token_hash, 'bench', 1, $4, $5, $4 ${users}`,
      [...columns, now, expires],
    );
    await client.query(
      `INSERT INTO chat_room_members (school_id, room_id, user_id, last_read_message_id) SELECT $4, t.room, u.id, 0 ${users}`,
      [...columns, school],
    );
    await client.query(
      `INSERT INTO chat_room_members (school_id, room_id, user_id, last_read_message_id) SELECT $4, $5, u.id, 0 ${users}`,
      [...columns, school, schoolRoom],
    );
    await client.query('COMMIT');
    return { tokens, lessonRooms, schoolRoom, roomSize };
  } finally {
    await client.end();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
