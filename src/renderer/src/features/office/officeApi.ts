import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, inboxEndpoints, officeEndpoints } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';
import { useEffect, useState } from 'react';
import { reloadOlderThan } from '../../api/areaOpening';
import { queryKeys } from '../../api/queryKeys';
import { homeOpened, homeOpening } from '../home/homeApi';

// The office's start calls, as method and path only (the home is an area's first screen and
// carries no zod); tests/renderer keep them equal to the shared endpoint table.
const route = <E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> => ({
  method,
  path,
});

type Office = typeof officeEndpoints;
type Inbox = typeof inboxEndpoints;

export const officeRoutes = {
  adminHome: route<Office['adminHome']>('GET', '/schools/:school_id/:role/admin-home'),
  firstSteps: route<Office['firstSteps']>('GET', '/schools/:school_id/:role/first-steps'),
  notification: route<Inbox['notification']>(
    'GET',
    '/schools/:school_id/:role/notifications/:notification_id',
  ),
  markNotificationSeen: route<Inbox['markNotificationSeen']>(
    'POST',
    '/schools/:school_id/:role/notifications/:notification_id/seen',
  ),
};

const officeKey = (schoolId: number) => ['schools', schoolId, 'admin', 'office'] as const;

/** The office home's one call; the start fetches it with the area's loads (homeApi.ts). */
export const adminHomeQuery = (schoolId: number) => ({
  queryKey: [...officeKey(schoolId), 'home'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (
      await callRoute(officeRoutes.adminHome, {
        params: { school_id: schoolId, role: 'admin' },
        signal,
      })
    ).data,
});

/**
 * Today's cards: asked again on every opening, since the day moves on, unless the start
 * fetched them for this opening.
 */
export function useAdminHome(schoolId: number) {
  const [openedAt] = useState(() => homeOpening(schoolId, 'admin', Date.now()));
  useEffect(() => homeOpened(schoolId, 'admin'), [schoolId]);
  return useQuery({
    ...adminHomeQuery(schoolId),
    staleTime: 0,
    refetchOnMount: reloadOlderThan(openedAt),
  });
}

/** The checklist: asked again on every opening, so a step done elsewhere shows ticked. */
export function useFirstSteps(schoolId: number) {
  return useQuery({
    queryKey: [...officeKey(schoolId), 'first-steps'],
    queryFn: async ({ signal }) =>
      (
        await callRoute(officeRoutes.firstSteps, {
          params: { school_id: schoolId, role: 'admin' },
          signal,
        })
      ).data,
    staleTime: 0,
  });
}

export function useNotification(schoolId: number, role: Role, id: number) {
  return useQuery({
    queryKey: ['schools', schoolId, role, 'notifications', 'one', id],
    queryFn: async ({ signal }) =>
      (
        await callRoute(officeRoutes.notification, {
          params: { school_id: schoolId, role, notification_id: id },
          signal,
        })
      ).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** Marks one notification seen on opening it; the badge and the list follow. */
export function useMarkNotificationSeen(schoolId: number, role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callRoute(officeRoutes.markNotificationSeen, {
        params: { school_id: schoolId, role, notification_id: id },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.unseenNotifications(schoolId, role) }),
        queryClient.invalidateQueries({ queryKey: ['schools', schoolId, role, 'notifications'] }),
      ]),
  });
}
