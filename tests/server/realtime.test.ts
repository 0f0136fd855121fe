import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, SERVER_EVENTS } from '../../src/shared/realtime';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';

describe('real-time socket handshake', () => {
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await server.close();
  });

  const open = (auth: Record<string, unknown>) =>
    new Promise<{ connected: boolean; error?: string }>((resolve) => {
      const socket = connect(server.url, {
        path: REALTIME_PATH,
        auth,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      socket.on('connect', () => resolve({ connected: true }));
      socket.on('connect_error', (error) => resolve({ connected: false, error: error.message }));
    });

  it('accepts a live session token', async () => {
    const token = await apiClient(server.url).login('teacher@demo.school');
    expect(await open({ token, school_id: 1, role: 'teacher' })).toEqual({ connected: true });
  });

  it('refuses a missing or unknown token with login_required', async () => {
    expect(await open({})).toEqual({ connected: false, error: 'login_required' });
    expect(await open({ token: 'forged' })).toEqual({ connected: false, error: 'login_required' });
  });

  it('tells the audience of a new announcement on their sockets, and no one else', async () => {
    const api = apiClient(server.url);
    const studentSocket = connect(server.url, {
      path: REALTIME_PATH,
      auth: { token: await api.login('student@demo.school') },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    const teacherSocket = connect(server.url, {
      path: REALTIME_PATH,
      auth: { token: await api.login('teacher@demo.school') },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(studentSocket, teacherSocket);
    // A socket may connect while the other signs in: wait only for those not yet connected.
    await Promise.all(
      [studentSocket, teacherSocket].map((s) =>
        s.connected
          ? undefined
          : new Promise<void>((resolve) => s.once('connect', () => resolve())),
      ),
    );
    const teacherEvents: unknown[] = [];
    teacherSocket.on(SERVER_EVENTS.notification, (event) => teacherEvents.push(event));
    const received = new Promise((resolve) =>
      studentSocket.once(SERVER_EVENTS.notification, resolve),
    );

    const admin = await api.login('admin@demo.school');
    const created = await api.post(
      '/schools/1/admin/announcements',
      { title: 'Exams moved to Monday', body: 'See the notice board.', audience: 'students' },
      admin,
    );
    expect(created.status).toBe(200);
    expect(await received).toEqual({
      school_id: 1,
      role: 'student',
      lesson_id: null,
      title: 'Exams moved to Monday',
      entity: 'announcements',
      entity_id: created.body.data.id,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(teacherEvents).toEqual([]);
  });
});
