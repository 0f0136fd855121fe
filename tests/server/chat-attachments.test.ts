import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_UNSENT_FILES_JOB } from '../../src/server/areas/chat/attachments';
import { signedFileLink } from '../../src/server/areas/files/signing';
import { uploadedFileKey } from '../../src/server/files/object-store';
import { jobDefinition } from '../../src/server/jobs/registry';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_UNSENT_FILE_TTL_MS,
  CHAT_UNSENT_FILES_MAX,
} from '../../src/shared/chat/text';
import { CHAT_CLIENT_EVENTS, SERVER_EVENTS } from '../../src/shared/realtime';
import { ask, nextEvent, openSocket } from './support/chatSockets';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { PNG_BYTES, teachingFixture, uploadForm, type TeachingFixture } from './support/teaching';

// Chat attachments through the files endpoint (docs/chat.md, Attachments): a member uploads
// to the room, sends the file with a message, the room's readers open it through a link that
// names them, nobody else opens it, and deleting the message deletes the file.

describe.each(databaseKinds)('chat attachments on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const sockets: Socket[] = [];
  let direct: number;
  let lessonRoom: number;
  const path = (role: string, rest: string, school = fx.school) =>
    `/schools/${school}/${role}${rest}`;
  const db = () => server.built.deps.db;
  /** Whether the storage (folder or bucket) holds the bytes of a key. */
  const stored = async (key: string) => (await server.built.deps.storage.size(key)) !== null;

  async function upload(
    who: string,
    role: string,
    roomId: number,
    file: { name: string; bytes: Buffer; type?: string } = { name: 'σχήμα.png', bytes: PNG_BYTES },
    school = fx.school,
  ) {
    const response = await fetch(`${server.url}/api${path(role, '/files', school)}`, {
      method: 'POST',
      headers: { Token: tokens[who]! },
      body: uploadForm({ type: 'chat', entity_id: String(roomId), file_type: 'file' }, file),
    });
    return { status: response.status, body: (await response.json()) as any };
  }
  const send = (who: string, role: string, roomId: number, body: unknown) =>
    api.post(path(role, `/chat/rooms/${roomId}/messages`), body, tokens[who]);
  const history = (who: string, role: string, roomId: number) =>
    api.get(path(role, `/chat/rooms/${roomId}/messages?limit=100`), tokens[who]);
  const download = (url: string) => fetch(`${server.url}${url}`);
  const fileRow = (id: number) =>
    db().selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  /** A link the server itself would sign for this reader: only the room decides then. */
  const linkFor = (fileId: number, reader: number) =>
    signedFileLink(server.built.deps.config, fileId, new Date(), { reader, ttlSeconds: 600 }).url;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: { FILES_MAX_BYTES: '65536', JOBS_POLL_MS: '50' },
    });
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    const logins = {
      teacher: 'teacher@demo.school',
      student: 'student@demo.school',
      parent: 'parent@demo.school',
      admin: 'admin@demo.school',
      classmate: fx.classmate.email,
    };
    for (const [who, email] of Object.entries(logins)) {
      tokens[who] = await api.login(email);
      users[who] = (
        await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    }
    const opened = await api.post(
      path('teacher', '/chat/direct'),
      { user_id: users.student, role: 'student' },
      tokens.teacher,
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    direct = opened.body.data.id;
    lessonRoom = (
      await db()
        .selectFrom('chat_rooms')
        .select('id')
        .where('lesson_id', '=', fx.shared)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await server.close();
  });

  it('sends a file in a direct conversation: the message carries it, each reader gets a link of their own', async () => {
    const studentSocket = await openSocket(server.url, { token: tokens.student });
    sockets.push(studentSocket);
    expect((await ask(studentSocket, CHAT_CLIENT_EVENTS.join, { room_id: direct })).ok).toBe(true);

    const uploaded = await upload('teacher', 'teacher', direct);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const file = uploaded.body.data;
    expect(file).toMatchObject({ name: 'σχήμα.png', content_type: 'image/png', size: 66 });
    expect(file.url).toContain(`reader=${users.teacher}`);
    // The room's file, not a lesson's: a direct conversation has none.
    expect(await fileRow(file.id)).toMatchObject({
      entity: 'chat',
      entity_id: direct,
      chat_room_id: direct,
      lesson_id: null,
      uploaded_by_user_id: users.teacher,
    });

    const live = nextEvent(studentSocket, SERVER_EVENTS.chatMessage, (e) => e.room_id === direct);
    const sent = await send('teacher', 'teacher', direct, { body: '', file_ids: [file.id] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.body).toBe('');
    expect(sent.body.data.attachments).toEqual([
      expect.objectContaining({
        id: file.id,
        name: 'σχήμα.png',
        size: 66,
        content_type: 'image/png',
      }),
    ]);
    expect(await fileRow(file.id)).toMatchObject({
      entity: 'chat_message',
      entity_id: sent.body.data.id,
    });
    // The broadcast reaches every reader at once: names and sizes, no link.
    const event = await live;
    expect(event.message.attachments).toEqual([
      {
        id: file.id,
        name: 'σχήμα.png',
        content_type: 'image/png',
        size: 66,
        url: null,
        url_expires_at: null,
      },
    ]);

    // The student asks for the message and gets a link naming them, which opens the bytes.
    const read = await history('student', 'student', direct);
    const message = read.body.data.messages.find((m: { id: number }) => m.id === sent.body.data.id);
    const attachment = message.attachments[0];
    expect(attachment.url).toContain(`reader=${users.student}`);
    expect(new Date(attachment.url_expires_at).getTime()).toBeGreaterThan(Date.now() + 3600_000);
    const opened = await download(attachment.url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG_BYTES);
    // The catch-up of a reconnecting socket carries links for its user too.
    const caughtUp = await ask(studentSocket, CHAT_CLIENT_EVENTS.join, {
      room_id: direct,
      after: sent.body.data.id - 1,
    });
    expect(caughtUp.ok && caughtUp.data.messages[0].attachments[0].url).toContain(
      `reader=${users.student}`,
    );
  });

  it('opens a room’s files only for whoever may read the room when they download', async () => {
    const uploaded = await upload('student', 'student', direct);
    const sent = await send('student', 'student', direct, {
      body: 'Η λύση μου',
      file_ids: [uploaded.body.data.id],
    });
    expect(sent.status).toBe(200);
    const fileId = uploaded.body.data.id;
    const otherSchool = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', fx.school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const outsider = await db()
      .selectFrom('memberships')
      .select('user_id')
      .where('school_id', '=', otherSchool)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships as m')
              .select('m.id')
              .whereRef('m.user_id', '=', 'memberships.user_id')
              .where('m.school_id', '=', fx.school),
          ),
        ),
      )
      .executeTakeFirstOrThrow();

    // Members open it; a classmate, the office (a direct conversation is private) and a user of
    // another school do not, even with a link the server signed for them.
    expect((await download(linkFor(fileId, users.teacher!))).status).toBe(200);
    for (const reader of [users.classmate, users.admin, users.parent, outsider.user_id]) {
      const refused = await download(linkFor(fileId, reader!));
      expect(refused.status, `reader ${reader}`).toBe(403);
      expect(((await refused.json()) as any).error).toBe('forbidden');
    }
    // A member's link with another reader put in is not the server's.
    const studentLink = (await history('student', 'student', direct)).body.data.messages.at(-1)
      .attachments[0].url as string;
    expect(
      (await download(studentLink.replace(`reader=${users.student}`, `reader=${users.classmate}`)))
        .status,
    ).toBe(403);
    // A chat file's link without a reader is not valid either.
    const plain = signedFileLink(server.built.deps.config, fileId, new Date()).url;
    expect((await download(plain)).status).toBe(403);

    // Nobody outside gets in through the API: not the room, not its history, not an upload.
    for (const [who, role] of [
      ['classmate', 'student'],
      ['parent', 'client'],
      ['admin', 'admin'],
    ] as const) {
      expect((await history(who, role, direct)).status, who).toBe(404);
      expect((await upload(who, role, direct)).status, who).toBe(404);
    }
    // Another school: admin@demo.school teaches there; the room is not found in that school,
    // and the demo teacher holds no role there at all. (Its users' links were refused above.)
    expect(
      (await api.get(path('teacher', `/chat/rooms/${direct}/messages`, otherSchool), tokens.admin))
        .status,
    ).toBe(404);
    expect((await upload('admin', 'teacher', direct, undefined, otherSchool)).status).toBe(404);
    expect((await upload('teacher', 'teacher', direct, undefined, otherSchool)).status).toBe(403);
  });

  it('follows the room: the office reads a lesson room’s files, and someone who leaves a room stops reading them', async () => {
    // A lesson room's file goes with its lesson as well as its room.
    const uploaded = await upload('classmate', 'student', lessonRoom);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(await fileRow(uploaded.body.data.id)).toMatchObject({
      chat_room_id: lessonRoom,
      lesson_id: fx.shared,
    });
    const sent = await send('classmate', 'student', lessonRoom, {
      body: 'Σημειώσεις',
      file_ids: [uploaded.body.data.id],
    });
    expect(sent.status).toBe(200);
    // The office moderates lesson rooms: it reads them and their files, but does not write.
    const asOffice = await history('admin', 'admin', lessonRoom);
    const attachment = asOffice.body.data.messages.at(-1).attachments[0];
    expect(attachment.url).toContain(`reader=${users.admin}`);
    expect((await download(attachment.url)).status).toBe(200);
    expect((await upload('admin', 'admin', lessonRoom)).status).toBe(403);

    // A room of the office's: the student reads its files while a member, not after.
    const made = await api.post(
      path('admin', '/chat/rooms'),
      { name: 'Ομάδα ρομποτικής', user_ids: [users.teacher, users.student] },
      tokens.admin,
    );
    const group = made.body.data.id;
    const file = await upload('teacher', 'teacher', group);
    await send('teacher', 'teacher', group, { body: 'Το σχέδιο', file_ids: [file.body.data.id] });
    const link = (await history('student', 'student', group)).body.data.messages.at(-1)
      .attachments[0].url as string;
    expect((await download(link)).status).toBe(200);
    await db()
      .deleteFrom('chat_room_members')
      .where('room_id', '=', group)
      .where('user_id', '=', users.student!)
      .execute();
    expect((await download(link)).status).toBe(403);
  });

  it('sends only the sender’s own files waiting in that room, within the limits', async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('room_id', '=', direct)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const teachers = await upload('teacher', 'teacher', direct);
    const elsewhere = await upload('student', 'student', lessonRoom);
    // Someone else's file, a file waiting in another room, one that does not exist: refused,
    // and no message is stored.
    for (const ids of [[teachers.body.data.id], [elsewhere.body.data.id], [999_999]]) {
      const refused = await send('student', 'student', direct, { body: 'x', file_ids: ids });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.fields).toHaveProperty('file_ids');
    }
    expect(await count()).toBe(before);
    // Nothing at all is not a message; more files than one message carries are refused.
    expect((await send('teacher', 'teacher', direct, { body: '  ', file_ids: [] })).status).toBe(
      400,
    );
    const tooMany = await send('teacher', 'teacher', direct, {
      file_ids: Array.from({ length: CHAT_ATTACHMENTS_MAX + 1 }, (_, i) => i + 1),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toHaveProperty('file_ids');
    // A file already sent cannot be sent again.
    const once = await send('teacher', 'teacher', direct, { file_ids: [teachers.body.data.id] });
    expect(once.status).toBe(200);
    const twice = await send('teacher', 'teacher', direct, { file_ids: [teachers.body.data.id] });
    expect(twice.status).toBe(400);

    // The upload's own limits: size, programs, and how many may wait unsent.
    const big = await upload('student', 'student', direct, {
      name: 'μεγάλο.bin',
      bytes: Buffer.alloc(70_000, 1),
    });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('too_large');
    const program = await upload('student', 'student', direct, {
      name: 'setup.exe',
      bytes: Buffer.from('MZ\x90\x00'),
    });
    expect(program.status).toBe(400);
    expect(program.body.issues?.[0]?.code).toBe('file_type_refused');
    const waiting = await db()
      .selectFrom('files')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('chat_room_id', '=', lessonRoom)
      .where('entity', '=', 'chat')
      .where('uploaded_by_user_id', '=', users.student!)
      .executeTakeFirstOrThrow();
    for (let i = Number(waiting.n); i < CHAT_UNSENT_FILES_MAX; i++)
      expect((await upload('student', 'student', lessonRoom)).status).toBe(200);
    const full = await upload('student', 'student', lessonRoom);
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('conflict');
  });

  it('removes an unsent file for its uploader only, and a sent one only with its message', async () => {
    const unsent = await upload('teacher', 'teacher', direct);
    const remove = (who: string, role: string, id: number) =>
      api.call('DELETE', path(role, `/files/${id}`), { token: tokens[who] });
    expect((await remove('student', 'student', unsent.body.data.id)).status).toBe(404);
    expect((await remove('teacher', 'teacher', unsent.body.data.id)).status).toBe(200);
    expect(await fileRow(unsent.body.data.id)).toBeUndefined();

    const sentFile = await upload('teacher', 'teacher', direct);
    const sent = await send('teacher', 'teacher', direct, {
      body: 'Διάβασέ το',
      file_ids: [sentFile.body.data.id],
    });
    expect((await remove('teacher', 'teacher', sentFile.body.data.id)).status).toBe(403);

    // Deleting the message deletes its file: the row at once, the bytes by the job after it.
    const row = (await fileRow(sentFile.body.data.id))!;
    const bytes = uploadedFileKey(row.school_id, row.storage_key);
    expect(await stored(bytes)).toBe(true);
    const deleted = await api.call(
      'DELETE',
      path('teacher', `/chat/rooms/${direct}/messages/${sent.body.data.id}`),
      { token: tokens.teacher },
    );
    expect(deleted.status).toBe(200);
    expect(await fileRow(sentFile.body.data.id)).toBeUndefined();
    await expect.poll(() => stored(bytes), { timeout: 5_000 }).toBe(false);
    const after = await history('student', 'student', direct);
    const gone = after.body.data.messages.find((m: { id: number }) => m.id === sent.body.data.id);
    expect(gone).toMatchObject({ deleted: true, body: '', attachments: [] });
    expect((await download(linkFor(sentFile.body.data.id, users.student!))).status).toBe(404);
  });

  it('offers the office everyone of the school for a room’s members, and nobody else that list', async () => {
    const everyone = await api.get(path('admin', '/chat/contacts?for=room'), tokens.admin);
    expect(everyone.status).toBe(200);
    const ids = everyone.body.data.map((c: { user_id: number }) => c.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    // Families too, found by name: the office makes rooms with them.
    for (const who of ['parent', 'student', 'teacher'] as const) {
      const person = await db()
        .selectFrom('users')
        .select(['first_name', 'last_name'])
        .where('id', '=', users[who]!)
        .executeTakeFirstOrThrow();
      const found = await api.get(
        path('admin', `/chat/contacts?for=room&search=${encodeURIComponent(person.last_name)}`),
        tokens.admin,
      );
      expect(
        found.body.data.map((c: { user_id: number }) => c.user_id),
        who,
      ).toContain(users[who]);
    }
    // A conversation, as before, offers the office only staff.
    const conversation = await api.get(path('admin', '/chat/contacts'), tokens.admin);
    expect(
      conversation.body.data.every(
        (c: { role: string }) => c.role === 'admin' || c.role === 'teacher',
      ),
    ).toBe(true);
    expect((await api.get(path('teacher', '/chat/contacts?for=room'), tokens.teacher)).status).toBe(
      403,
    );
  });
  // Last: it moves the server's clock a day on, past every session.
  it('clears files left unsent after a day', async () => {
    const left = await upload('teacher', 'teacher', direct);
    const job = jobDefinition(PRUNE_UNSENT_FILES_JOB)!;
    const run = () =>
      job.handle({
        payload: null,
        deps: server.built.deps,
        signal: new AbortController().signal,
        job: {
          id: 0,
          kind: PRUNE_UNSENT_FILES_JOB,
          schoolId: null,
          attempt: 1,
          maxAttempts: 3,
          key: null,
        },
      });
    await run();
    expect(await fileRow(left.body.data.id)).toBeDefined();
    const row = (await fileRow(left.body.data.id))!;
    const bytes = uploadedFileKey(row.school_id, row.storage_key);
    const sentBefore = await db()
      .selectFrom('files')
      .select('id')
      .where('entity', '=', 'chat_message')
      .execute();
    server.advanceClock(CHAT_UNSENT_FILE_TTL_MS + 60_000);
    await run();
    expect(await fileRow(left.body.data.id)).toBeUndefined();
    await expect.poll(() => stored(bytes), { timeout: 5_000 }).toBe(false);
    // What was sent stays, however old.
    const sentAfter = await db()
      .selectFrom('files')
      .select('id')
      .where('entity', '=', 'chat_message')
      .execute();
    expect(sentAfter).toEqual(sentBefore);
    expect(sentAfter.length).toBeGreaterThan(0);
  });
});
