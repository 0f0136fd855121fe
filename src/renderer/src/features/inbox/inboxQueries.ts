import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { Role } from '../../../../shared/constants';
import { callRoute } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { realtimeConnectedAtom } from '../../app/state/realtimeConnected';
import { inboxRoutes } from './inboxRoutes';

// Counts refresh once a minute. While the real-time socket is connected it announces new
// notifications and chat activity, so both counts are polled only as a safety net (a dropped
// event).
const COUNT_REFRESH_MS = 60_000;
const NOTIFICATION_REFRESH_WITH_SOCKET_MS = 5 * 60_000;

export function useUnseenNotificationCount(schoolId: number, role: Role) {
  const socketConnected = useAtomValue(realtimeConnectedAtom);
  const refetchInterval = socketConnected ? NOTIFICATION_REFRESH_WITH_SOCKET_MS : COUNT_REFRESH_MS;
  return useQuery({
    queryKey: queryKeys.unseenNotifications(schoolId, role),
    queryFn: async ({ signal }) =>
      (
        await callRoute(inboxRoutes.unseenNotifications, {
          params: { school_id: schoolId, role },
          signal,
        })
      ).data.count,
    refetchInterval,
  });
}

export function useUnseenMessageCount(schoolId: number, role: Role) {
  const socketConnected = useAtomValue(realtimeConnectedAtom);
  return useQuery({
    queryKey: queryKeys.unseenMessages(schoolId, role),
    queryFn: async ({ signal }) =>
      (
        await callRoute(inboxRoutes.unseenMessages, {
          params: { school_id: schoolId, role },
          signal,
        })
      ).data.count,
    refetchInterval: socketConnected ? NOTIFICATION_REFRESH_WITH_SOCKET_MS : COUNT_REFRESH_MS,
  });
}

export function useNotifications(schoolId: number, role: Role, search: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.notifications(schoolId, role, search),
    queryFn: async ({ signal }) =>
      (
        await callRoute(inboxRoutes.notifications, {
          params: { school_id: schoolId, role },
          query: { search: search || undefined, per_page: 50 },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Marks everything seen when the list opens, then reloads the unseen count (spec §7). */
export function useMarkNotificationsSeen(schoolId: number, role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callRoute(inboxRoutes.markNotificationsSeen, { params: { school_id: schoolId, role } }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.unseenNotifications(schoolId, role) }),
  });
}
