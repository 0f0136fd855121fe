import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chatEndpoints, type ChatHistory } from '../../../../shared/api/chat';
import { inboxEndpoints } from '../../../../shared/api/inbox';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';

export interface ChatScope {
  schoolId: number;
  role: Role;
}

const at = (scope: ChatScope) => ({ school_id: scope.schoolId, role: scope.role });

/**
 * Chat's query keys sit under the inbox's `messages` (api/queryKeys.ts), so that one live event
 * refreshes the top bar's badge, the rooms list and the open room together.
 */
export const chatKeys = {
  all: (scope: ChatScope) => ['schools', scope.schoolId, scope.role, 'messages'] as const,
  rooms: (scope: ChatScope, search: string) =>
    [...chatKeys.all(scope), 'chatrooms', search] as const,
  room: (scope: ChatScope, id: number) => [...chatKeys.all(scope), 'room', id] as const,
  contacts: (scope: ChatScope, search: string) =>
    [...chatKeys.all(scope), 'contacts', search] as const,
};

export function useChatRoomList(scope: ChatScope, search: string) {
  return useQuery({
    queryKey: chatKeys.rooms(scope, search),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(inboxEndpoints.chatRooms, {
          params: at(scope),
          query: { search: search || undefined, per_page: 100 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

export function useChatRoom(scope: ChatScope, roomId: number) {
  return useQuery({
    queryKey: chatKeys.room(scope, roomId),
    queryFn: async ({ signal }) =>
      (await callEndpoint(chatEndpoints.room, { params: { ...at(scope), id: roomId }, signal }))
        .data,
  });
}

export function useChatContacts(scope: ChatScope, search: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.contacts(scope, search),
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(chatEndpoints.contacts, {
          params: at(scope),
          query: { search: search || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const loadHistory = async (
  scope: ChatScope,
  roomId: number,
  query: { before?: number; after?: number; from?: number },
): Promise<ChatHistory> =>
  (
    await callEndpoint(chatEndpoints.history, {
      params: { ...at(scope), id: roomId },
      query,
    })
  ).data;

export const sendChatMessage = async (scope: ChatScope, roomId: number, body: string) =>
  (
    await callEndpoint(chatEndpoints.send, {
      params: { ...at(scope), id: roomId },
      body: { body },
    })
  ).data;

export const deleteChatMessage = (scope: ChatScope, roomId: number, messageId: number) =>
  callEndpoint(chatEndpoints.deleteMessage, {
    params: { ...at(scope), id: roomId, message_id: messageId },
  });

export const markChatRead = (scope: ChatScope, roomId: number, messageId: number) =>
  callEndpoint(chatEndpoints.markRead, {
    params: { ...at(scope), id: roomId },
    body: { message_id: messageId },
  });

export const openConversation = async (scope: ChatScope, userId: number, role: Role) =>
  (
    await callEndpoint(chatEndpoints.openDirect, {
      params: at(scope),
      body: { user_id: userId, role },
    })
  ).data.id;
