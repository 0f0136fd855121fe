import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_CLIENT_EVENTS, SERVER_EVENTS } from '../../src/shared/realtime';
import { insertAccount } from './support/accounts';
import { ask, collect, nextEvent, openSocket } from './support/chatSockets';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// A group room's members after it was made: the office adds and removes them, and the sockets
// follow at once (with REDIS_URL set, through the Redis adapter).

describe.each(databaseKinds)('chat room members on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const sockets: Socket[] = [];
  let group: number;
  let lessonRoom: number;
  let otherSchool: number;
  const path = (role: string, rest: string, school = fx.school) =>
    `/schools/${school}/${role}${rest}`;
  const db = () => server.built.deps.db;
  const socketFor = async (who: string, school?: number, role?: string) => {
    const socket = await openSocket(server.url, {
      token: tokens[who],
      ...(school ? { school_id: school, role } : {}),
    });
    sockets.push(socket);
    return socket;
  };
  const send = (who: string, role: string, room: number, body: string) =>
    api.post(path(role, `/chat/rooms/${room}/messages`), { body }, tokens[who]);
  const addMembers = (who: string, role: string, room: number, body: unknown, school?: number) =>
    api.post(path(role, `/chat/rooms/${room}/members`, school), body, tokens[who]);
  const removeMember = (who: string, role: string, room: number, userId: number | string) =>
    api.call('DELETE', path(role, `/chat/rooms/${room}/members/${userId}`), {
      token: tokens[who],
    });
  const memberIds = (body: { data: { user_id: number }[] }) => body.data.map((m) => m.user_id);

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    fx = await teachingFixture(db());
    otherSchool = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', fx.school)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // The office of another school.
    await insertAccount(db(), 'office@other.school', [{ school: otherSchool, role: 'admin' }]);
    const logins = {
      admin: 'admin@demo.school',
      teacher: 'teacher@demo.school',
      student: 'student@demo.school',
      parent: 'parent@demo.school',
      otherOffice: 'office@other.school',
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
    const made = await api.post(
      path('admin', '/chat/rooms'),
      { name: 'Επιτροπή εκδρομής', user_ids: [users.teacher] },
      tokens.admin,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    group = made.body.data.id;
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

  it('tells the office, and only the office, that it may manage a group’s members', async () => {
    const asAdmin = await api.get(path('admin', `/chat/rooms/${group}`), tokens.admin);
    expect(asAdmin.body.data.abilities.manage_members).toBe(true);
    const asTeacher = await api.get(path('teacher', `/chat/rooms/${group}`), tokens.teacher);
    expect(asTeacher.body.data.abilities).toEqual({
      send: true,
      moderate: false,
      manage_members: false,
    });
    const lesson = await api.get(path('admin', `/chat/rooms/${lessonRoom}`), tokens.admin);
    expect(lesson.body.data.abilities.manage_members).toBe(false);
  });

  it('adds a member who then reads the room and its history and hears new messages live', async () => {
    await send('teacher', 'teacher', group, 'πριν έρθεις');
    expect((await api.get(path('student', `/chat/rooms/${group}`), tokens.student)).status).toBe(
      404,
    );
    const area = await socketFor('student', fx.school, 'student');
    const screen = await socketFor('student');
    expect(await ask(screen, CHAT_CLIENT_EVENTS.join, { room_id: group })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
    // The picker offers the student, and not the members already in.
    const offered = await api.get(
      path('admin', `/chat/contacts?for=room&room_id=${group}&search=Γεωργίου`),
      tokens.admin,
    );
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(memberIds(offered.body)).toContain(users.student);
    const notAgain = await api.get(
      path('admin', `/chat/contacts?for=room&room_id=${group}&search=Παπαδάκης`),
      tokens.admin,
    );
    expect(memberIds(notAgain.body)).not.toContain(users.teacher);

    const told = nextEvent(area, SERVER_EVENTS.chatRooms);
    const added = await addMembers('admin', 'admin', group, {
      user_ids: [users.student, users.student, users.teacher],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(memberIds(added.body).sort()).toEqual(
      [users.admin, users.teacher, users.student].sort(),
    );
    await told;

    const detail = await api.get(path('student', `/chat/rooms/${group}`), tokens.student);
    expect(detail.status).toBe(200);
    expect(detail.body.data.abilities).toEqual({
      send: true,
      moderate: false,
      manage_members: false,
    });
    const history = await api.get(path('student', `/chat/rooms/${group}/messages`), tokens.student);
    expect(history.body.data.messages.map((m: { body: string }) => m.body)).toContain(
      'πριν έρθεις',
    );
    // The room's past is there to read, not counted as unread.
    const row = () =>
      api
        .get(path('student', '/messages/chatrooms?per_page=100'), tokens.student)
        .then((r) => r.body.data.find((room: { id: number }) => room.id === group));
    expect((await row()).unread_messages_count).toBe(0);

    // The area's socket was put in the room by the server; no join of its own.
    const live = nextEvent(area, SERVER_EVENTS.chatMessage, (e) => e.room_id === group);
    const welcome = await send('teacher', 'teacher', group, 'καλώς ήρθες');
    expect(welcome.status).toBe(200);
    expect((await live).message.id).toBe(welcome.body.data.id);
    expect((await row()).unread_messages_count).toBe(1);
    // And the member writes there, over HTTP and over the socket.
    expect((await send('student', 'student', group, 'ευχαριστώ')).status).toBe(200);
    expect(await ask(screen, CHAT_CLIENT_EVENTS.join, { room_id: group })).toMatchObject({
      ok: true,
    });
    expect(
      await ask(screen, CHAT_CLIENT_EVENTS.send, { room_id: group, body: 'από το socket' }),
    ).toMatchObject({ ok: true });
  });

  it('removes a member: out of the socket.io room at once, no reading, no sending', async () => {
    const teacherSocket = await socketFor('teacher');
    expect((await ask(teacherSocket, CHAT_CLIENT_EVENTS.join, { room_id: group })).ok).toBe(true);
    const area = await socketFor('student', fx.school, 'student');
    const screen = await socketFor('student');
    expect((await ask(screen, CHAT_CLIENT_EVENTS.join, { room_id: group })).ok).toBe(true);
    // Both of the student's sockets hear the room before the removal.
    const before = [area, screen].map((s) =>
      nextEvent(s, SERVER_EVENTS.chatMessage, (e) => e.message.body === 'ακόμη εδώ'),
    );
    await send('teacher', 'teacher', group, 'ακόμη εδώ');
    await Promise.all(before);

    const overheard = [
      collect(area, SERVER_EVENTS.chatMessage),
      collect(screen, SERVER_EVENTS.chatMessage),
    ];
    const told = nextEvent(area, SERVER_EVENTS.chatRooms);
    const membersChanged = nextEvent(teacherSocket, SERVER_EVENTS.chatMembers);
    const removed = await removeMember('admin', 'admin', group, users.student!);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(memberIds(removed.body)).not.toContain(users.student);
    await told;
    expect(await membersChanged).toEqual({ school_id: fx.school, room_id: group });

    // Sent right after the answer: the teacher's socket hears it, the student's do not (one
    // broadcast reaches every socket of the room on a node at once).
    const heard = nextEvent(
      teacherSocket,
      SERVER_EVENTS.chatMessage,
      (e) => e.message.body === 'μετά την αποχώρηση',
    );
    expect((await send('teacher', 'teacher', group, 'μετά την αποχώρηση')).status).toBe(200);
    await heard;
    expect(overheard.flat()).toEqual([]);

    expect((await api.get(path('student', `/chat/rooms/${group}`), tokens.student)).status).toBe(
      404,
    );
    expect(
      (await api.get(path('student', `/chat/rooms/${group}/messages`), tokens.student)).status,
    ).toBe(404);
    expect((await send('student', 'student', group, 'με ακούτε;')).status).toBe(404);
    expect(
      await ask(screen, CHAT_CLIENT_EVENTS.send, { room_id: group, body: 'με ακούτε;' }),
    ).toMatchObject({ ok: false, error: 'not_found' });
    expect(await ask(screen, CHAT_CLIENT_EVENTS.join, { room_id: group })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
    const stored = await db()
      .selectFrom('chat_messages')
      .select('id')
      .where('room_id', '=', group)
      .where('body', '=', 'με ακούτε;')
      .execute();
    expect(stored).toEqual([]);
    const list = await api.get(path('student', '/messages/chatrooms?per_page=100'), tokens.student);
    expect(list.body.data.map((r: { id: number }) => r.id)).not.toContain(group);

    // Both changes are in the audit log, with who made them.
    const audited = await db()
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action', 'detail'])
      .where('school_id', '=', fx.school)
      .where('entity', '=', 'chat_room')
      .where('entity_id', '=', String(group))
      .orderBy('id')
      .execute();
    expect(audited.map((row) => JSON.parse(row.detail ?? '{}'))).toEqual(
      expect.arrayContaining([
        { members_added: [users.student] },
        { members_removed: [users.student] },
      ]),
    );
    expect(
      audited.every((row) => row.actor_user_id === users.admin && row.action === 'update'),
    ).toBe(true);
  });

  it('leaves lesson rooms to enrolment and direct conversations to their two people', async () => {
    const toLesson = await addMembers('admin', 'admin', lessonRoom, { user_ids: [users.parent] });
    expect(toLesson.status).toBe(409);
    expect(toLesson.body.error).toBe('conflict');
    expect((await removeMember('admin', 'admin', lessonRoom, users.student!)).status).toBe(409);
    expect((await removeMember('teacher', 'teacher', lessonRoom, users.student!)).status).toBe(403);
    const members = await db()
      .selectFrom('chat_room_members')
      .select('user_id')
      .where('room_id', '=', lessonRoom)
      .execute();
    expect(members.map((m) => m.user_id)).toContain(users.student);
    expect(members.map((m) => m.user_id)).not.toContain(users.parent);

    // Staff write to each other directly; even the office, a member there, adds nobody.
    const direct = await api.post(
      path('admin', '/chat/direct'),
      { user_id: users.teacher, role: 'teacher' },
      tokens.admin,
    );
    expect(direct.status).toBe(200);
    const third = await addMembers('admin', 'admin', direct.body.data.id, {
      user_ids: [users.student],
    });
    expect(third.status).toBe(403);
  });

  it('refuses a member who is not the office, and another school’s office', async () => {
    expect(
      (await addMembers('teacher', 'teacher', group, { user_ids: [users.parent] })).status,
    ).toBe(403);
    expect((await removeMember('teacher', 'teacher', group, users.admin!)).status).toBe(403);
    // Through its own school's path the room is not found; through this school's, no role.
    expect(
      (await addMembers('otherOffice', 'admin', group, { user_ids: [users.parent] }, otherSchool))
        .status,
    ).toBe(404);
    expect(
      (
        await api.call(
          'DELETE',
          path('admin', `/chat/rooms/${group}/members/${users.teacher}`, otherSchool),
          {
            token: tokens.otherOffice,
          },
        )
      ).status,
    ).toBe(404);
    expect(
      (await addMembers('otherOffice', 'admin', group, { user_ids: [users.parent] })).status,
    ).toBe(403);
    expect(
      (
        await api.get(
          path('admin', `/chat/contacts?for=room&room_id=${group}`, otherSchool),
          tokens.otherOffice,
        )
      ).status,
    ).toBe(404);
    // Someone of the other school cannot be added here.
    const outsider = await addMembers('admin', 'admin', group, { user_ids: [users.otherOffice] });
    expect(outsider.status).toBe(400);
    expect(outsider.body.fields).toHaveProperty('user_ids');
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const before = await db()
      .selectFrom('chat_room_members')
      .select('user_id')
      .where('room_id', '=', group)
      .orderBy('user_id')
      .execute();
    for (const body of [
      {},
      { user_ids: [] },
      { user_ids: ['x'] },
      { user_ids: [-1] },
      { user_ids: 5 },
    ]) {
      const answer = await addMembers('admin', 'admin', group, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toBe('validation');
    }
    expect((await addMembers('admin', 'admin', group, { user_ids: [999_999] })).status).toBe(400);
    expect((await addMembers('admin', 'admin', 999_999, { user_ids: [users.parent] })).status).toBe(
      404,
    );
    expect((await removeMember('admin', 'admin', group, 'abc')).status).toBe(400);
    const notIn = await removeMember('admin', 'admin', group, users.parent!);
    expect(notIn.status).toBe(404);
    // Down to one member, the last one stays.
    const members = before.map((m) => m.user_id);
    for (const id of members.slice(1))
      expect((await removeMember('admin', 'admin', group, id)).status).toBe(200);
    const last = await removeMember('admin', 'admin', group, members[0]!);
    expect(last.status).toBe(409);
    const after = await db()
      .selectFrom('chat_room_members')
      .select('user_id')
      .where('room_id', '=', group)
      .execute();
    expect(after.map((m) => m.user_id)).toEqual([members[0]]);
  });
});
