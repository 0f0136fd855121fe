import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chatEndpoints, type ChatHistory } from '../../../../shared/api/chat';
import { fileEndpoints } from '../../../../shared/api/files';
import { inboxEndpoints } from '../../../../shared/api/inbox';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';
import { uploadAttachment } from '../files/filesApi';

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
    // Members and abilities change (the office adds and removes people): read on every opening,
    // never only the offline copy.
    refetchOnMount: 'always',
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
  query: { before?: number; after?: number; from?: number; limit?: number },
): Promise<ChatHistory> =>
  (
    await callEndpoint(chatEndpoints.history, {
      params: { ...at(scope), id: roomId },
      query,
    })
  ).data;

/** Sends text, files uploaded to the room (their ids), or both. */
export const sendChatMessage = async (
  scope: ChatScope,
  roomId: number,
  body: string,
  fileIds: number[] = [],
) =>
  (
    await callEndpoint(chatEndpoints.send, {
      params: { ...at(scope), id: roomId },
      body: { body, file_ids: fileIds },
    })
  ).data;

/** Uploads a file to the room (through the files endpoint); it waits there until sent. */
export const uploadChatFile = (
  scope: ChatScope,
  roomId: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) => uploadAttachment(scope, { type: 'chat', entityId: roomId }, file, onProgress, signal);

/** Removes a file attached in the composer and not sent. */
export const removeUnsentChatFile = (scope: ChatScope, fileId: number) =>
  callEndpoint(fileEndpoints.remove, { params: { ...at(scope), id: fileId } });

/**
 * People of the school for a room's members (the office); with `roomId`, those not in it yet.
 */
export function useRoomCandidates(
  scope: ChatScope,
  search: string,
  enabled: boolean,
  roomId?: number,
) {
  return useQuery({
    queryKey: [...chatKeys.contacts(scope, search), 'room', roomId ?? null] as const,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(chatEndpoints.contacts, {
          params: at(scope),
          query: { search: search || undefined, for: 'room', room_id: roomId },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The office makes a room with the people it chose; answers the room's id. */
export const createChatRoom = async (scope: ChatScope, name: string, userIds: number[]) =>
  (
    await callEndpoint(chatEndpoints.createRoom, {
      params: at(scope),
      body: { name, user_ids: userIds },
    })
  ).data.id;

/** The office adds people to a group room; answers its members. */
export const addChatMembers = async (scope: ChatScope, roomId: number, userIds: number[]) =>
  (
    await callEndpoint(chatEndpoints.addMembers, {
      params: { ...at(scope), id: roomId },
      body: { user_ids: userIds },
    })
  ).data;

/** The office takes a person out of a group room; answers its members. */
export const removeChatMember = async (scope: ChatScope, roomId: number, userId: number) =>
  (
    await callEndpoint(chatEndpoints.removeMember, {
      params: { ...at(scope), id: roomId, user_id: userId },
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
