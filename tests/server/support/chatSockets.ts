import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ChatAck } from '../../../src/shared/realtime';

/** A socket.io client signed in with a token, connected (or refused) before it resolves. */
export async function openSocket(
  url: string,
  auth: Record<string, unknown>,
  options: { reconnection?: boolean } = {},
): Promise<Socket> {
  const socket = connect(url, {
    path: REALTIME_PATH,
    auth,
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

/** Emits with an acknowledgement and resolves with it. */
export function ask<T = any>(socket: Socket, event: string, payload: unknown): Promise<ChatAck<T>> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<ChatAck<T>>;
}

/** The next event of a name that matches, or a rejection after `ms`. */
export function nextEvent<T = any>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  ms = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** Collects every event of a name, to prove one did NOT arrive. */
export function collect<T = any>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}
