import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { REALTIME_PATH, realtimeAuth, schoolRoleRoom, userRoom } from '../../shared/realtime';
import { findActiveSession } from '../areas/account/queries';
import { hashToken } from '../areas/account/tokens';
import type { ServerDeps } from '../deps';
import { sessionRoom } from './hub';
import { DESKTOP_ORIGIN } from '../http/security-headers';

/**
 * socket.io on the API's own HTTP server. A socket authenticates with its session token
 * and joins its user room, and its school-role room when it names a school and role it
 * holds. With REDIS_URL, the Redis adapter carries events to sockets on every node.
 */
export function attachRealtime(app: FastifyInstance, deps: ServerDeps): Server {
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: [deps.config.publicUrl, DESKTOP_ORIGIN, ...deps.config.corsOrigins] },
  });

  const redisClients: Redis[] = [];
  if (deps.config.redisUrl) {
    const pub = new Redis(deps.config.redisUrl);
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.redisPrefix}socket.io` }));
  }

  io.use(async (socket, next) => {
    const parsed = realtimeAuth.safeParse(socket.handshake.auth);
    if (!parsed.success) return next(new Error('login_required'));
    try {
      const user = await findActiveSession(
        deps.db,
        hashToken(parsed.data.token),
        deps.now().toISOString(),
      );
      if (!user) return next(new Error('login_required'));
      // The session room lets a logout close exactly this session's sockets.
      socket.data.rooms = [userRoom(user.id), sessionRoom(user.sessionId)];
      socket.data.userId = user.id;
      const { school_id, role } = parsed.data;
      if (school_id && role) {
        const membership = await deps.db
          .selectFrom('memberships')
          .select('id')
          .where('school_id', '=', school_id)
          .where('user_id', '=', user.id)
          .where('role', '=', role)
          .executeTakeFirst();
        if (membership) {
          socket.data.rooms.push(schoolRoleRoom(school_id, role));
          // Areas with rooms of their own (chat) join this school's when the socket connects.
          socket.data.schoolId = school_id;
        }
      }
      next();
    } catch {
      next(new Error('internal'));
    }
  });

  // Rooms are joined once the socket is connected; the handshake only decides which.
  io.on('connection', (socket) => {
    void socket.join(socket.data.rooms as string[]);
  });

  // Open websockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
    // A client still connecting has the adapter's subscriptions queued: quitting then rejects
    // them where nobody listens. Let it finish connecting (briefly) before quitting.
    await Promise.all(redisClients.map(connectionSettled));
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });
  return io;
}

/** Resolves once a Redis client is connected or has given up (at most two seconds). */
function connectionSettled(client: Redis): Promise<void> {
  if (client.status === 'ready' || client.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    client.once('ready', done);
    client.once('end', done);
    setTimeout(done, 2_000).unref();
  });
}
