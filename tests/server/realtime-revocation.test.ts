import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { insertPasswordToken } from '../../src/server/areas/account/queries';
import { hashToken, newSecretToken } from '../../src/server/areas/account/tokens';
import { REALTIME_PATH } from '../../src/shared/realtime';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';

const sockets: Socket[] = [];

/** Opens a socket with a session token and resolves once it is connected. */
function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves with the disconnect reason, or 'still connected' after the wait. */
const disconnection = (socket: Socket, waitMs = 3000) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) return resolve('already closed');
    const timer = setTimeout(() => resolve('still connected'), waitMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

afterAll(() => sockets.forEach((s) => s.close()));

describe('sockets end with their session (one node)', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('closes the socket of a session that logs out, and only that one', async () => {
    const server = await startServer('sqlite');
    servers.push(server);
    const api = apiClient(server.url);
    const loggingOut = await api.login('teacher@demo.school');
    const staying = await api.login('teacher@demo.school');
    const closed = await openSocket(server.url, loggingOut);
    const open = await openSocket(server.url, staying);
    const closing = disconnection(closed);
    expect((await api.post('/account/logout', {}, loggingOut)).status).toBe(200);
    expect(await closing).toBe('io server disconnect');
    expect(open.connected).toBe(true);
  });

  it('closes every socket of an account whose password is reset', async () => {
    const server = await startServer('sqlite');
    servers.push(server);
    const api = apiClient(server.url);
    const socket = await openSocket(server.url, await api.login('student@demo.school'));
    const db = server.built.deps.db;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'student@demo.school')
      .executeTakeFirstOrThrow();
    const token = newSecretToken();
    const now = new Date();
    await insertPasswordToken(db, {
      userId: user.id,
      email: 'student@demo.school',
      tokenHash: hashToken(token),
      purpose: 'reset',
      nowIso: now.toISOString(),
      expiresIso: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    const closing = disconnection(socket);
    const reset = await api.post('/account/reset-password', {
      token,
      password: 'a-new-long-password-2026',
      privacyChecked: true,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await closing).toBe('io server disconnect');
  });
});

const twoNodes = Boolean(process.env.DATABASE_URL?.startsWith('postgres') && process.env.REDIS_URL);

describe.runIf(twoNodes)('sockets end with their session across nodes (PostgreSQL + Redis)', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('closes a socket on node B when its session logs out through node A', async () => {
    nodeA = await startServer('postgres');
    const config = nodeA.built.deps.config;
    nodeB = await startServer('postgres', {
      env: {
        DATABASE_SCHEMA: config.database.kind === 'postgres' ? (config.database.schema ?? '') : '',
        REDIS_PREFIX: config.redisPrefix,
      },
    });
    const token = await apiClient(nodeA.url).login('parent@demo.school');
    const socket = await openSocket(nodeB.url, token);
    const closing = disconnection(socket);
    expect((await apiClient(nodeA.url).post('/account/logout', {}, token)).status).toBe(200);
    expect(await closing).toBe('io server disconnect');
  });
});
