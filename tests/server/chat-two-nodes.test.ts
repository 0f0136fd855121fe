import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_CLIENT_EVENTS, SERVER_EVENTS } from '../../src/shared/realtime';
import { ask, collect, nextEvent, openSocket } from './support/chatSockets';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// Two API nodes on one database and one Redis: the adapter must carry every chat event from the
// node that stored a message to the sockets held by the other.
const kind = process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';

describe.skipIf(!process.env.REDIS_URL)(`chat across two API nodes (Redis, ${kind})`, () => {
  let a: TestServer;
  let b: TestServer;
  let fx: TeachingFixture;
  let lessonRoom: number;
  const tokens: Record<string, string> = {};
  const sockets: Socket[] = [];
  const open = async (node: TestServer, who: string, school?: number, role?: string) => {
    const socket = await openSocket(node.url, {
      token: tokens[who],
      ...(school ? { school_id: school, role } : {}),
    });
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    a = await startServer(kind);
    const config = a.built.deps.config;
    // The second node: the first one's database (file or schema) and Redis prefix.
    b = await startServer(kind, {
      env: {
        DATA_DIR: config.dataDir,
        REDIS_PREFIX: config.redisPrefix,
        ...(config.database.kind === 'postgres' ? { DATABASE_SCHEMA: config.database.schema } : {}),
      },
    });
    fx = await teachingFixture(a.built.deps.db);
    const api = apiClient(a.url);
    tokens.teacher = await api.login('teacher@demo.school');
    tokens.student = await api.login('student@demo.school');
    tokens.parent = await api.login('parent@demo.school');
    lessonRoom = (
      await a.built.deps.db
        .selectFrom('chat_rooms')
        .select('id')
        .where('lesson_id', '=', fx.shared)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await b?.close();
    await a?.close();
  });

  it('shares one database: a token from node A works on node B', async () => {
    const onB = await apiClient(b.url).get(
      `/schools/${fx.school}/student/messages/chatrooms`,
      tokens.student,
    );
    expect(onB.status).toBe(200);
  });

  it('delivers a message sent on one node to a client on the other, both ways', async () => {
    const teacherOnA = await open(a, 'teacher');
    const studentOnB = await open(b, 'student');
    for (const s of [teacherOnA, studentOnB])
      expect((await ask(s, CHAT_CLIENT_EVENTS.join, { room_id: lessonRoom })).ok).toBe(true);
    // The adapter's subscription to the room is asynchronous: let it settle.
    await new Promise((r) => setTimeout(r, 300));

    const onB = nextEvent(
      studentOnB,
      SERVER_EVENTS.chatMessage,
      (e) => e.message.body === 'από τον κόμβο Α',
    );
    const ack = await ask(teacherOnA, CHAT_CLIENT_EVENTS.send, {
      room_id: lessonRoom,
      body: 'από τον κόμβο Α',
    });
    expect(ack.ok).toBe(true);
    expect((await onB).message.id).toBe((ack as { data: { id: number } }).data.id);

    const onA = nextEvent(
      teacherOnA,
      SERVER_EVENTS.chatMessage,
      (e) => e.message.body === 'από τον κόμβο Β',
    );
    const sent = await apiClient(b.url).post(
      `/schools/${fx.school}/student/chat/rooms/${lessonRoom}/messages`,
      { body: 'από τον κόμβο Β' },
      tokens.student,
    );
    expect(sent.status).toBe(200);
    expect((await onA).message.id).toBe(sent.body.data.id);

    const typing = nextEvent(teacherOnA, SERVER_EVENTS.typing);
    studentOnB.emit(CHAT_CLIENT_EVENTS.typing, { room_id: lessonRoom });
    expect((await typing).room_id).toBe(lessonRoom);
  });

  it('moves sockets on the other node into a new room (a conversation opened on A, heard on B)', async () => {
    const parentAreaOnB = await open(b, 'parent', fx.school, 'client');
    await new Promise((r) => setTimeout(r, 300));
    const told = nextEvent(parentAreaOnB, SERVER_EVENTS.chatRooms);
    const api = apiClient(a.url);
    const parentUser = await a.built.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'parent@demo.school')
      .executeTakeFirstOrThrow();
    const admin = await api.login('admin@demo.school');
    const made = await api.post(
      `/schools/${fx.school}/admin/chat/rooms`,
      { name: 'Δύο κόμβοι', user_ids: [parentUser.id] },
      admin,
    );
    expect(made.status).toBe(200);
    await told;
    await new Promise((r) => setTimeout(r, 200));
    const heard = nextEvent(
      parentAreaOnB,
      SERVER_EVENTS.chatMessage,
      (e) => e.room_id === made.body.data.id,
    );
    await api.post(
      `/schools/${fx.school}/admin/chat/rooms/${made.body.data.id}/messages`,
      { body: 'γεια' },
      admin,
    );
    expect((await heard).message.body).toBe('γεια');
  });

  it('adds and removes a member on A: the sockets on B enter and leave the room at once', async () => {
    const api = apiClient(a.url);
    const admin = await api.login('admin@demo.school');
    const idOf = async (email: string) =>
      (
        await a.built.deps.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const [teacherId, parentId] = [
      await idOf('teacher@demo.school'),
      await idOf('parent@demo.school'),
    ];
    const made = await api.post(
      `/schools/${fx.school}/admin/chat/rooms`,
      { name: 'Μέλη σε δύο κόμβους', user_ids: [teacherId] },
      admin,
    );
    const room = made.body.data.id as number;
    const teacherOnB = await open(b, 'teacher');
    expect((await ask(teacherOnB, CHAT_CLIENT_EVENTS.join, { room_id: room })).ok).toBe(true);
    const parentOnB = await open(b, 'parent', fx.school, 'client');
    await new Promise((r) => setTimeout(r, 300));

    const joined = nextEvent(parentOnB, SERVER_EVENTS.chatRooms);
    const members = `/schools/${fx.school}/admin/chat/rooms/${room}/members`;
    expect((await api.post(members, { user_ids: [parentId] }, admin)).status).toBe(200);
    await joined;
    const heard = nextEvent(parentOnB, SERVER_EVENTS.chatMessage, (e) => e.room_id === room);
    await api.post(
      `/schools/${fx.school}/admin/chat/rooms/${room}/messages`,
      { body: 'καλώς ήρθατε' },
      admin,
    );
    expect((await heard).message.body).toBe('καλώς ήρθατε');

    const left = nextEvent(parentOnB, SERVER_EVENTS.chatRooms);
    const removed = await api.call('DELETE', `${members}/${parentId}`, { token: admin });
    expect(removed.status).toBe(200);
    await left;
    const overheard = collect(parentOnB, SERVER_EVENTS.chatMessage);
    const toTeacher = nextEvent(
      teacherOnB,
      SERVER_EVENTS.chatMessage,
      (e) => e.message.body === 'μόνο για τα μέλη',
    );
    await api.post(
      `/schools/${fx.school}/admin/chat/rooms/${room}/messages`,
      { body: 'μόνο για τα μέλη' },
      admin,
    );
    await toTeacher;
    expect(overheard).toEqual([]);
  });
});
