import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEND_LIMIT } from '../../src/shared/chat/text';
import { CHAT_CLIENT_EVENTS, SERVER_EVENTS } from '../../src/shared/realtime';
import { ask, collect, nextEvent, openSocket } from './support/chatSockets';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

describe.each(databaseKinds)('chat on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const sockets: Socket[] = [];
  let lessonRoom: number;
  const path = (role: string, rest: string, school = fx.school) =>
    `/schools/${school}/${role}${rest}`;
  const db = () => server.built.deps.db;
  const userIdOf = async (email: string) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  const socketFor = async (who: string, school?: number, role?: string) => {
    const socket = await openSocket(server.url, {
      token: tokens[who],
      ...(school ? { school_id: school, role } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  const unread = async (who: string, role: string) =>
    (await api.get(path(role, '/messages/unseen'), tokens[who])).body.data.count as number;
  const send = (who: string, role: string, room: number, body: string) =>
    api.post(path(role, `/chat/rooms/${room}/messages`), { body }, tokens[who]);

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    const logins = {
      teacher: 'teacher@demo.school',
      student: 'student@demo.school',
      parent: 'parent@demo.school',
      admin: 'admin@demo.school',
      classmate: fx.classmate.email,
      otherParent: fx.otherParent.email,
    };
    for (const [who, email] of Object.entries(logins)) {
      tokens[who] = await api.login(email);
      users[who] = await userIdOf(email);
    }
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

  it('gives every lesson a room of its teachers and students, and lists it with the last message', async () => {
    const detail = await api.get(path('teacher', `/chat/rooms/${lessonRoom}`), tokens.teacher);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.data.kind).toBe('lesson');
    const memberIds = detail.body.data.members.map((m: { user_id: number }) => m.user_id);
    expect(memberIds).toEqual(
      expect.arrayContaining([users.teacher, users.student, users.classmate]),
    );
    expect(memberIds).not.toContain(users.parent);
    expect(detail.body.data.abilities).toEqual({
      send: true,
      moderate: true,
      manage_members: false,
    });
    const asStudent = await api.get(path('student', `/chat/rooms/${lessonRoom}`), tokens.student);
    expect(asStudent.body.data.abilities).toEqual({
      send: true,
      moderate: false,
      manage_members: false,
    });

    const list = await api.get(path('student', '/messages/chatrooms?per_page=100'), tokens.student);
    expect(list.status).toBe(200);
    const row = list.body.data.find((r: { id: number }) => r.id === lessonRoom);
    expect(row).toMatchObject({ kind: 'lesson', lesson_id: fx.shared });
    // The direct conversation with the teacher is named after the teacher for the student.
    const direct = list.body.data.find((r: { kind: string }) => r.kind === 'direct');
    expect(direct.name).toBe('Νίκος Παπαδάκης');
    const directDetail = await api.get(path('student', `/chat/rooms/${direct.id}`), tokens.student);
    expect(directDetail.body.data.name).toBe('Νίκος Παπαδάκης');
    const searched = await api.get(
      path('student', `/messages/chatrooms?search=${encodeURIComponent(row.name)}`),
      tokens.student,
    );
    expect(searched.body.data.map((r: { id: number }) => r.id)).toContain(lessonRoom);
  });

  it('pages history backwards by cursor, oldest first within a page', async () => {
    for (let i = 0; i < 5; i++)
      expect((await send('teacher', 'teacher', lessonRoom, `page ${i}`)).status).toBe(200);
    const newest = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?limit=3`),
      tokens.student,
    );
    expect(newest.body.data.messages.map((m: { body: string }) => m.body)).toEqual([
      'page 2',
      'page 3',
      'page 4',
    ]);
    const before = newest.body.data.next_before;
    expect(before).toBe(newest.body.data.messages[0].id);
    const older = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?limit=2&before=${before}`),
      tokens.student,
    );
    expect(older.body.data.messages.map((m: { body: string }) => m.body)).toEqual([
      'page 0',
      'page 1',
    ]);
    expect(older.body.data.messages[1].id).toBeLessThan(before);
  });

  it('stores, then broadcasts to the room; unread counts rise for the others and fall when read', async () => {
    const studentSocket = await socketFor('student');
    const outsider = await socketFor('parent');
    const joined = await ask(studentSocket, CHAT_CLIENT_EVENTS.join, {
      room_id: lessonRoom,
      after: 0,
    });
    expect(joined.ok).toBe(true);
    // A parent is no member: refused, and hears nothing of the room.
    expect(await ask(outsider, CHAT_CLIENT_EVENTS.join, { room_id: lessonRoom })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
    const overheard = collect(outsider, SERVER_EVENTS.chatMessage);

    const studentRead = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?limit=1`),
      tokens.student,
    );
    await api.post(
      path('student', `/chat/rooms/${lessonRoom}/read`),
      { message_id: studentRead.body.data.messages[0].id },
      tokens.student,
    );
    const before = await unread('student', 'student');
    const live = nextEvent(
      studentSocket,
      SERVER_EVENTS.chatMessage,
      (e) => e.room_id === lessonRoom,
    );
    const sent = await send('teacher', 'teacher', lessonRoom, 'Αύριο διαγώνισμα!');
    expect(sent.status).toBe(200);
    const event = await live;
    expect(event.message).toMatchObject({
      id: sent.body.data.id,
      body: 'Αύριο διαγώνισμα!',
      user_id: users.teacher,
    });
    // Stored before it was announced: the history has it.
    const history = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?limit=1`),
      tokens.student,
    );
    expect(history.body.data.messages[0].id).toBe(sent.body.data.id);
    expect(await unread('student', 'student')).toBe(before + 1);
    // The sender has read their own message.
    const teacherRow = (
      await api.get(path('teacher', '/messages/chatrooms?per_page=100'), tokens.teacher)
    ).body.data.find((r: { id: number }) => r.id === lessonRoom);
    expect(teacherRow.unread_messages_count).toBe(0);
    expect(teacherRow.last_message).toMatchObject({ body: 'Αύριο διαγώνισμα!' });

    const readEvent = nextEvent(
      studentSocket,
      SERVER_EVENTS.chatRead,
      (e) => e.user_id === users.student,
    );
    const read = await api.post(
      path('student', `/chat/rooms/${lessonRoom}/read`),
      { message_id: sent.body.data.id },
      tokens.student,
    );
    expect(read.body.data.last_read_message_id).toBe(sent.body.data.id);
    expect((await readEvent).last_read_message_id).toBe(sent.body.data.id);
    expect(await unread('student', 'student')).toBe(before);
    // Read positions never go back.
    await api.post(
      path('student', `/chat/rooms/${lessonRoom}/read`),
      { message_id: 1 },
      tokens.student,
    );
    const members = (await api.get(path('teacher', `/chat/rooms/${lessonRoom}`), tokens.teacher))
      .body.data.members;
    expect(
      members.find((m: { user_id: number }) => m.user_id === users.student).last_read_message_id,
    ).toBe(sent.body.data.id);
    expect(overheard).toEqual([]);
  });

  it("puts the role area's socket in all its rooms, for the live badge", async () => {
    const area = await socketFor('student', fx.school, 'student');
    // Entering the rooms follows the connection; a send until one arrives proves it happened.
    const arrived = nextEvent(area, SERVER_EVENTS.chatMessage, (e) => e.room_id === lessonRoom);
    await new Promise((r) => setTimeout(r, 300));
    await send('teacher', 'teacher', lessonRoom, 'για το σήμα');
    expect((await arrived).school_id).toBe(fx.school);
  });

  it('sends over the socket with an acknowledgement carrying the stored message, and shows typing', async () => {
    const teacherSocket = await socketFor('teacher');
    const studentSocket = await socketFor('student');
    for (const s of [teacherSocket, studentSocket])
      expect((await ask(s, CHAT_CLIENT_EVENTS.join, { room_id: lessonRoom })).ok).toBe(true);
    const typing = nextEvent(studentSocket, SERVER_EVENTS.typing);
    teacherSocket.emit(CHAT_CLIENT_EVENTS.typing, { room_id: lessonRoom });
    expect(await typing).toMatchObject({
      room_id: lessonRoom,
      user_id: users.teacher,
      name: 'Νίκος Παπαδάκης',
    });

    const live = nextEvent(
      studentSocket,
      SERVER_EVENTS.chatMessage,
      (e) => e.message.body === 'μέσω socket',
    );
    const ack = await ask(teacherSocket, CHAT_CLIENT_EVENTS.send, {
      room_id: lessonRoom,
      body: 'μέσω socket',
    });
    expect(ack.ok).toBe(true);
    const stored = await db()
      .selectFrom('chat_messages')
      .select('body')
      .where('id', '=', (ack as { data: { id: number } }).data.id)
      .executeTakeFirst();
    expect(stored?.body).toBe('μέσω socket');
    expect((await live).message.id).toBe((ack as { data: { id: number } }).data.id);

    // A parent's socket cannot send into the room.
    const parentSocket = await socketFor('parent');
    expect(
      await ask(parentSocket, CHAT_CLIENT_EVENTS.send, { room_id: lessonRoom, body: 'x' }),
    ).toMatchObject({
      ok: false,
      error: 'not_found',
    });
  });

  it('gives a reconnecting client what it missed since its last message, and what was deleted', async () => {
    const first = await socketFor('student');
    const joined = await ask(first, CHAT_CLIENT_EVENTS.join, { room_id: lessonRoom });
    expect(joined.ok).toBe(true);
    const last = (
      await api.get(path('student', `/chat/rooms/${lessonRoom}/messages?limit=1`), tokens.student)
    ).body.data.messages[0].id as number;
    first.close();
    const missed1 = await send('teacher', 'teacher', lessonRoom, 'όσο έλειπες 1');
    await send('teacher', 'teacher', lessonRoom, 'όσο έλειπες 2');
    await api.call(
      'DELETE',
      path('teacher', `/chat/rooms/${lessonRoom}/messages/${missed1.body.data.id}`),
      {
        token: tokens.teacher,
      },
    );
    await api.call('DELETE', path('teacher', `/chat/rooms/${lessonRoom}/messages/${last}`), {
      token: tokens.teacher,
    });

    const again = await socketFor('student');
    const caughtUp = await ask<{
      messages: { body: string; deleted: boolean }[];
      complete: boolean;
    }>(again, CHAT_CLIENT_EVENTS.join, { room_id: lessonRoom, after: last });
    expect(caughtUp.ok).toBe(true);
    if (!caughtUp.ok) return;
    expect(caughtUp.data.complete).toBe(true);
    expect(caughtUp.data.messages.map((m) => [m.body, m.deleted])).toEqual([
      ['', true],
      ['όσο έλειπες 2', false],
    ]);
    const overHttp = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?after=${last}&from=${last}`),
      tokens.student,
    );
    expect(overHttp.body.data.messages).toHaveLength(2);
    expect(overHttp.body.data.deleted_ids).toEqual([last]);
  });

  it('keeps the text plain and within its limit', async () => {
    const tagged = await send(
      'student',
      'student',
      lessonRoom,
      '  <b>λύση</b> <script>alert(1)</script>: 2 < 3\u202e ',
    );
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.body).toBe('λύση alert(1): 2 < 3');
    const empty = await send('student', 'student', lessonRoom, ' <p></p> ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('validation');
    const long = await send('student', 'student', lessonRoom, 'α'.repeat(2001));
    expect(long.status).toBe(400);
  });

  it('deletes one’s own message; the lesson’s teacher and the office delete any; a student not another’s', async () => {
    const own = await send('student', 'student', lessonRoom, 'λάθος μήνυμα');
    const byClassmate = await send('classmate', 'student', lessonRoom, 'του συμμαθητή');
    const del = (who: string, role: string, id: number) =>
      api.call('DELETE', path(role, `/chat/rooms/${lessonRoom}/messages/${id}`), {
        token: tokens[who],
      });
    expect((await del('student', 'student', byClassmate.body.data.id)).status).toBe(403);
    expect((await del('student', 'student', own.body.data.id)).status).toBe(200);
    expect((await del('teacher', 'teacher', byClassmate.body.data.id)).status).toBe(200);
    const again = await send('classmate', 'student', lessonRoom, 'ξανά');
    expect((await del('admin', 'admin', again.body.data.id)).status).toBe(200);
    const rows = await db()
      .selectFrom('chat_messages')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [own.body.data.id, byClassmate.body.data.id, again.body.data.id])
      .execute();
    expect(rows.every((r) => r.deleted_at !== null)).toBe(true);
    const page = await api.get(
      path('student', `/chat/rooms/${lessonRoom}/messages?limit=5`),
      tokens.student,
    );
    const shown = page.body.data.messages.find((m: { id: number }) => m.id === own.body.data.id);
    expect(shown).toMatchObject({ deleted: true, body: '' });
  });

  it('opens conversations only as the policy allows, and finds the same room again', async () => {
    const open = (who: string, role: string, target: string, targetRole: string) =>
      api.post(
        path(role, '/chat/direct'),
        { user_id: users[target], role: targetRole },
        tokens[who],
      );
    const contacts = await api.get(
      path('teacher', '/chat/contacts?search=Γεωργίου'),
      tokens.teacher,
    );
    expect(contacts.status).toBe(200);
    expect(contacts.body.data.map((c: { user_id: number }) => c.user_id)).toEqual(
      expect.arrayContaining([users.student, users.parent]),
    );
    const withParent = await open('teacher', 'teacher', 'parent', 'client');
    expect(withParent.status).toBe(200);
    expect((await open('parent', 'client', 'teacher', 'teacher')).body.data.id).toBe(
      withParent.body.data.id,
    );
    // A parent does not write to another parent, nor to a student.
    expect((await open('parent', 'client', 'otherParent', 'client')).status).toBe(403);
    expect((await open('parent', 'client', 'student', 'student')).status).toBe(403);
    // Staff with staff.
    expect((await open('admin', 'admin', 'teacher', 'teacher')).status).toBe(200);
    // Students with each other only once the school allows it.
    expect((await open('student', 'student', 'classmate', 'student')).status).toBe(403);
    const setting = await api.call('PUT', path('admin', '/settings'), {
      token: tokens.admin,
      body: { settings: { chat_students_may_message: 'true' } },
    });
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    expect((await open('student', 'student', 'classmate', 'student')).status).toBe(200);
    const classmateName = (
      await db()
        .selectFrom('users')
        .select('last_name')
        .where('id', '=', users.classmate!)
        .executeTakeFirstOrThrow()
    ).last_name;
    const studentContacts = await api.get(
      path('student', `/chat/contacts?search=${encodeURIComponent(classmateName)}`),
      tokens.student,
    );
    expect(studentContacts.body.data.map((c: { user_id: number }) => c.user_id)).toContain(
      users.classmate,
    );
    // A person of another school is not found.
    const other = await api.post(
      path('teacher', '/chat/direct'),
      { user_id: 999_999, role: 'client' },
      tokens.teacher,
    );
    expect(other.status).toBe(404);
    // Nobody else reads a direct conversation, not even the office.
    expect(
      (await api.get(path('admin', `/chat/rooms/${withParent.body.data.id}`), tokens.admin)).status,
    ).toBe(404);
    expect(
      (await api.get(path('student', `/chat/rooms/${withParent.body.data.id}`), tokens.student))
        .status,
    ).toBe(404);
  });

  it('lets only the office make rooms, with people of its school', async () => {
    const made = await api.post(
      path('admin', '/chat/rooms'),
      { name: 'Σύλλογος γονέων', user_ids: [users.parent, users.otherParent] },
      tokens.admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const parentRooms = await api.get(
      path('client', '/messages/chatrooms?per_page=100'),
      tokens.parent,
    );
    expect(parentRooms.body.data.map((r: { id: number }) => r.id)).toContain(made.body.data.id);
    expect(
      (
        await api.post(
          path('teacher', '/chat/rooms'),
          { name: 'x', user_ids: [users.student] },
          tokens.teacher,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.post(
          path('admin', '/chat/rooms'),
          { name: 'x', user_ids: [999_999] },
          tokens.admin,
        )
      ).status,
    ).toBe(400);
  });

  it('refuses another school: its rooms are not found, its paths are forbidden', async () => {
    // admin@demo.school teaches in the other school: an Athens room is not there.
    const otherSchool = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', fx.school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const crossed = await api.get(
      path('teacher', `/chat/rooms/${lessonRoom}`, otherSchool),
      tokens.admin,
    );
    expect(crossed.status).toBe(404);
    const crossedSend = await api.post(
      path('teacher', `/chat/rooms/${lessonRoom}/messages`, otherSchool),
      { body: 'x' },
      tokens.admin,
    );
    expect(crossedSend.status).toBe(404);
    // The demo teacher holds no role in the other school.
    expect(
      (await api.get(path('teacher', '/messages/chatrooms', otherSchool), tokens.teacher)).status,
    ).toBe(403);
  });

  it('keeps the lesson room in step with enrolment', async () => {
    const lesson = await api.get(path('admin', `/lessons/${fx.shared}`), tokens.admin);
    expect(lesson.status).toBe(200);
    const students: number[] = lesson.body.data.student_ids;
    const without = students.filter((id) => id !== fx.classmate.id);
    const roomsChanged = await socketFor('classmate', fx.school, 'student');
    const told = nextEvent(roomsChanged, SERVER_EVENTS.chatRooms);
    const put = await api.call('PUT', path('admin', `/lessons/${fx.shared}`), {
      token: tokens.admin,
      body: { student_ids: without },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await told;
    expect(
      (await api.get(path('student', `/chat/rooms/${lessonRoom}`), tokens.classmate)).status,
    ).toBe(404);
    await api.call('PUT', path('admin', `/lessons/${fx.shared}`), {
      token: tokens.admin,
      body: { student_ids: students },
    });
    expect(
      (await api.get(path('student', `/chat/rooms/${lessonRoom}`), tokens.classmate)).status,
    ).toBe(200);
  });

  it('limits sending per person', async () => {
    const results: number[] = [];
    for (let i = 0; i < CHAT_SEND_LIMIT + 2; i++)
      results.push((await send('parent', 'client', await parentRoom(), `μήνυμα ${i}`)).status);
    expect(results.filter((s) => s === 200).length).toBeLessThanOrEqual(CHAT_SEND_LIMIT);
    expect(results.at(-1)).toBe(429);
    server.advanceClock(11_000);
    expect((await send('parent', 'client', await parentRoom(), 'μετά την αναμονή')).status).toBe(
      200,
    );
  });

  const parentRoom = async () =>
    (
      await api.post(
        path('client', '/chat/direct'),
        { user_id: users.teacher, role: 'teacher' },
        tokens.parent,
      )
    ).body.data.id as number;
});
