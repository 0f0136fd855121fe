import type { Socket } from 'socket.io-client';
import type { ChatMessage } from '../../../../shared/api/chat';
import {
  CHAT_CLIENT_EVENTS,
  REALTIME_PATH,
  SERVER_EVENTS,
  type ChatAck,
} from '../../../../shared/realtime';
import { getApiBaseUrl } from '../../api/client';

export interface ChatRoomListeners {
  onMessage(message: ChatMessage): void;
  onDeleted(messageId: number): void;
  onRead(userId: number, lastReadMessageId: number): void;
  onTyping(userId: number, name: string): void;
  /** After each (re)connection: what came after the newest message the page held. */
  onCatchUp(messages: ChatMessage[], complete: boolean): void;
  onConnection(connected: boolean): void;
  /** The room's members changed, or the user's rooms did (they may have been taken out). */
  onMembersChanged(): void;
}

export interface ChatRoomConnection {
  typing(): void;
  close(): void;
}

/**
 * The open room's live events: a socket of its own that enters this one room (the server checks
 * membership first) and enters it again after every reconnect, asking for what it missed since
 * `newestId()`. socket.io-client is fetched on first use.
 */
export function connectChatRoom(
  token: string,
  roomId: number,
  newestId: () => number,
  listeners: ChatRoomListeners,
): ChatRoomConnection {
  let socket: Socket | null = null;
  let closed = false;
  void import('socket.io-client').then(
    ({ io }) => {
      if (closed) return;
      socket = io(new URL(getApiBaseUrl(), window.location.href).origin, {
        path: REALTIME_PATH,
        auth: { token },
        withCredentials: false,
      });
      const s = socket;
      s.on('connect', () => {
        void (
          s.timeout(10_000).emitWithAck(CHAT_CLIENT_EVENTS.join, {
            room_id: roomId,
            after: newestId(),
          }) as Promise<ChatAck<{ messages: ChatMessage[]; complete: boolean }>>
        ).then(
          (answer) => {
            if (!answer.ok) return;
            listeners.onConnection(true);
            listeners.onCatchUp(answer.data.messages, answer.data.complete);
          },
          () => undefined,
        );
      });
      s.on('disconnect', () => listeners.onConnection(false));
      s.on(SERVER_EVENTS.chatMessage, (event: { room_id: number; message: ChatMessage }) => {
        if (event.room_id === roomId) listeners.onMessage(event.message);
      });
      s.on(SERVER_EVENTS.chatDeleted, (event: { room_id: number; message_id: number }) => {
        if (event.room_id === roomId) listeners.onDeleted(event.message_id);
      });
      s.on(
        SERVER_EVENTS.chatRead,
        (event: { room_id: number; user_id: number; last_read_message_id: number }) => {
          if (event.room_id === roomId) listeners.onRead(event.user_id, event.last_read_message_id);
        },
      );
      s.on(SERVER_EVENTS.chatMembers, (event: { room_id: number }) => {
        if (event.room_id === roomId) listeners.onMembersChanged();
      });
      // Sent to the user's own sockets (this one too) when they join or leave a room.
      s.on(SERVER_EVENTS.chatRooms, () => listeners.onMembersChanged());
      s.on(SERVER_EVENTS.typing, (event: { room_id: number; user_id: number; name: string }) => {
        if (event.room_id === roomId) listeners.onTyping(event.user_id, event.name);
      });
    },
    () => undefined,
  );
  return {
    typing() {
      socket?.emit(CHAT_CLIENT_EVENTS.typing, { room_id: roomId });
    },
    close() {
      closed = true;
      socket?.removeAllListeners();
      socket?.disconnect();
    },
  };
}
