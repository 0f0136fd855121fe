import type { Socket } from 'socket.io-client';
import type { Role } from '../../../shared/constants';
import { REALTIME_PATH, SERVER_EVENTS } from '../../../shared/realtimeEvents';
import { getApiBaseUrl } from './client';
import { readNotificationEvent, type RealtimeNotification } from './realtimeNotification';

export interface RealtimeOptions {
  token: string;
  schoolId: number;
  role: Role;
  onNotification: (notification: RealtimeNotification) => void;
  /** The area's unseen notifications, when another tab or device marked them seen. */
  onUnseenCount?: (count: number) => void;
  /** A message, deletion or read in one of the user's rooms here, or their rooms changed. */
  onChatActivity?: () => void;
  /** Connected or not; `true` again after a reconnect, when events may have been missed. */
  onConnectionChange: (connected: boolean, reconnected: boolean) => void;
}

/** The API's origin: the page's on the web, the configured server's on the desktop. */
function apiOrigin(): string {
  return new URL(getApiBaseUrl(), window.location.href).origin;
}

/**
 * Opens the real-time socket of a role area (spec: socket.io with the session token, the school
 * and the role) and returns the function that closes it. socket.io-client is fetched here, on
 * first use, so that it stays out of the sign-in screens' download.
 */
export function connectRealtime(options: RealtimeOptions): () => void {
  let socket: Socket | null = null;
  let closed = false;

  void import('socket.io-client').then(
    ({ io }) => {
      if (closed) return;
      let connectedBefore = false;
      socket = io(apiOrigin(), {
        path: REALTIME_PATH,
        auth: { token: options.token, school_id: options.schoolId, role: options.role },
        // The desktop app loads from app:// or file://; its cookies are not the server's anyway.
        withCredentials: false,
      });
      socket.on('connect', () => {
        options.onConnectionChange(true, connectedBefore);
        connectedBefore = true;
      });
      socket.on('disconnect', () => options.onConnectionChange(false, false));
      // A refused handshake ('login_required') is not retried by socket.io; polling goes on at
      // its normal pace, and the next HTTP call ends the session if the token is really gone.
      socket.on('connect_error', () => options.onConnectionChange(false, false));
      // The server puts this socket in every chat room of the user in this school.
      for (const event of [
        SERVER_EVENTS.chatMessage,
        SERVER_EVENTS.chatDeleted,
        SERVER_EVENTS.chatRead,
        SERVER_EVENTS.chatRooms,
      ])
        socket.on(event, (payload: { school_id?: unknown }) => {
          if (payload?.school_id === options.schoolId) options.onChatActivity?.();
        });
      socket.on(SERVER_EVENTS.notification, (payload: unknown) => {
        const notification = readNotificationEvent(payload);
        if (notification && notification.school_id === options.schoolId)
          options.onNotification(notification);
      });
      socket.on(SERVER_EVENTS.unseenCounts, (payload: unknown) => {
        const counts = payload as { school_id?: unknown; role?: unknown; notifications?: unknown };
        if (
          counts?.school_id === options.schoolId &&
          counts.role === options.role &&
          Number.isInteger(counts.notifications)
        )
          options.onUnseenCount?.(counts.notifications as number);
      });
    },
    // Without the chunk (offline start) the app still polls.
    () => undefined,
  );

  return () => {
    closed = true;
    socket?.removeAllListeners();
    socket?.disconnect();
    options.onConnectionChange(false, false);
  };
}
