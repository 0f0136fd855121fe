import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Endpoint, inboxEndpoints, officeEndpoints } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import { callRoute, type EndpointRoute } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';

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

/** Today's cards: asked again on every opening, since the day moves on. */
export function useAdminHome(schoolId: number) {
  return useQuery({
    queryKey: [...officeKey(schoolId), 'home'],
    queryFn: async ({ signal }) =>
      (
        await callRoute(officeRoutes.adminHome, {
          params: { school_id: schoolId, role: 'admin' },
          signal,
        })
      ).data,
    staleTime: 0,
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
