import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH } from '../../src/shared/realtime';
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
});
