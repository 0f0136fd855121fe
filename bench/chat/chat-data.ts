// W6's people and rooms, written straight into the server's SQLite file (after the server has
// migrated it): one school, N students with a live session each, lesson rooms of 25 and one
// room of the whole school. Signing N people in through the API would measure argon2id.
import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import { hashToken } from '../../src/server/areas/account/tokens';

export interface ChatBenchData {
  /** One per client, in room order: clients[i] belongs to lesson room floor(i / roomSize). */
  tokens: string[];
  lessonRooms: number[];
  schoolRoom: number;
  roomSize: number;
}

export function writeChatBenchData(
  databaseFile: string,
  clients: number,
  roomSize: number,
): ChatBenchData {
  const db = new SQLite(databaseFile);
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 24 * 3_600_000).toISOString();
  try {
    return db.transaction(() => {
      const school = db
        .prepare('INSERT INTO schools (name, created_at) VALUES (?, ?)')
        .run('W6 chat school', now).lastInsertRowid as number;
      const user = db.prepare(
        'INSERT INTO users (username, email, first_name, last_name, created_at) VALUES (?, ?, ?, ?, ?)',
      );
      const membership = db.prepare(
        'INSERT INTO memberships (school_id, user_id, role, created_at) VALUES (?, ?, ?, ?)',
      );
      const session = db.prepare(
        'INSERT INTO sessions (user_id, token_hash, platform, remember_me, created_at, expires_at, last_used_at) VALUES (?, ?, ?, 1, ?, ?, ?)',
      );
      const room = db.prepare(
        "INSERT INTO chat_rooms (school_id, name, created_at, kind) VALUES (?, ?, ?, 'group')",
      );
      const member = db.prepare(
        'INSERT INTO chat_room_members (school_id, room_id, user_id, last_read_message_id) VALUES (?, ?, ?, 0)',
      );
      const schoolRoom = room.run(school, 'Whole school', now).lastInsertRowid as number;
      const tokens: string[] = [];
      const lessonRooms: number[] = [];
      for (let i = 0; i < clients; i += 1) {
        if (i % roomSize === 0)
          lessonRooms.push(
            room.run(school, `Lesson ${i / roomSize + 1}`, now).lastInsertRowid as number,
          );
        const userId = user.run(`w6-${i}`, `w6-${i}@bench.test`, 'Μαθητής', `${i}`, now)
          .lastInsertRowid as number;
        membership.run(school, userId, 'student', now);
        const token = crypto.randomBytes(32).toString('base64url');
        session.run(userId, hashToken(token), 'bench', now, expires, now);
        member.run(school, lessonRooms.at(-1)!, userId);
        member.run(school, schoolRoom, userId);
        tokens.push(token);
      }
      return { tokens, lessonRooms, schoolRoom, roomSize };
    })();
  } finally {
    db.close();
  }
}
