import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from './support/migration-db';
import { databaseKinds } from './support/server';

// Migration 064 makes files.lesson_id optional and adds chat_room_id; on SQLite by rebuilding
// the table. A database that already holds files keeps every row, id and foreign key.

describe.each(databaseKinds)('migration 064 on %s', (kind) => {
  const { raw, migrateTo, migrateToBefore } = migrationDatabase(kind);

  it('keeps the files of a database made before it, and then takes chat rooms’ files', async () => {
    // Every migration before this one, whatever other areas have added meanwhile.
    const before = await migrateToBefore('064_chat_attachments');
    expect(before.error).toBeUndefined();
    const db = raw();
    const now = new Date().toISOString();
    const school = (
      await db
        .insertInto('schools')
        .values({ name: 'Σχολείο', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const user = (
      await db
        .insertInto('users')
        .values({ username: 'u@example.org', first_name: 'Α', last_name: 'Β', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const lesson = (
      await db
        .insertInto('lessons')
        .values({ school_id: school, name: 'Άλγεβρα' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const file = (row: Record<string, unknown>) => ({
      school_id: school,
      entity: 'chapter',
      entity_id: 1,
      storage_key: crypto.randomBytes(16).toString('hex'),
      name: 'a.pdf',
      content_type: 'application/pdf',
      size: 10,
      uploaded_by_user_id: user,
      created_at: now,
      search_text: 'a.pdf',
      ...row,
    });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await db
            .insertInto('files')
            .values(file({ lesson_id: lesson }))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    // A gap, as deletions leave: the rebuild keeps the ids and the counter beyond them.
    await db.deleteFrom('files').where('id', '=', ids[1]!).execute();
    const [first, , last] = ids as [number, number, number];

    const after = await migrateTo('064_chat_attachments');
    expect(after.error).toBeUndefined();
    expect(after.results?.map((r) => r.migrationName)).toEqual(['064_chat_attachments']);

    const kept = await db.selectFrom('files').selectAll().orderBy('id').execute();
    expect(
      kept.map((r: any) => [r.id, r.lesson_id, r.chat_room_id, r.uploaded_by_user_id]),
    ).toEqual([
      [first, lesson, null, user],
      [last, lesson, null, user],
    ]);
    // A room's file needs no lesson; a file of neither is refused.
    const room = (
      await db
        .insertInto('chat_rooms')
        .values({ school_id: school, name: 'Ομάδα', created_at: now, kind: 'group' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const chat = await db
      .insertInto('files')
      .values(file({ lesson_id: null, chat_room_id: room, entity: 'chat', entity_id: room }))
      .returning('id')
      .executeTakeFirstOrThrow();
    // Ids go on beyond the highest one ever given, as before the rebuild.
    expect(chat.id).toBeGreaterThan(last);
    await expect(
      db
        .insertInto('files')
        .values(file({ lesson_id: null, chat_room_id: null }))
        .execute(),
    ).rejects.toThrow();

    // The foreign keys work as before: a user's removal keeps the file, a room's takes its files,
    // a lesson's takes its own.

    await db.deleteFrom('users').where('id', '=', user).execute();
    await db.deleteFrom('chat_rooms').where('id', '=', room).execute();
    expect(
      (await db.selectFrom('files').select('id').orderBy('id').execute()).map((r: any) => r.id),
    ).toEqual([first, last]);
    await db.deleteFrom('lessons').where('id', '=', lesson).execute();
    expect(await db.selectFrom('files').select('id').execute()).toEqual([]);
    if (kind === 'sqlite') {
      const problems = await sql`PRAGMA foreign_key_check`.execute(db);
      expect(problems.rows).toEqual([]);
      const indexes = await sql<{ name: string }>`
        SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'files'
        AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual([
        'files_entity_created_at',
        'files_school_id_chat_room_id',
        'files_school_id_created_at',
        'files_school_id_entity_entity_id',
        'files_school_id_lesson_id_created_at',
      ]);
    }
  });
});
