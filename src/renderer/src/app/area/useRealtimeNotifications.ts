import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/constants';
import { queryKeys } from '../../api/queryKeys';
import { isSchoolNotificationQuery } from '../../api/realtimeNotification';
import type * as realtime from '../../api/realtime';
import { afterNextPaint } from '../shell/useAfterFirstPaint';
import { useServices } from '../services';
import { impersonationAtom, tokenAtom } from '../state/atoms';
import { realtimeConnectedAtom } from '../state/realtimeConnected';
import { notificationAppRoute } from '../../features/inbox/notificationRoute';
import { isChatCountQuery } from '../../features/chat/chatQueryKeys';

type RealtimeModule = typeof realtime;

/**
 * Live updates while a role area is open: a new notification refreshes the unseen count and the
 * lists at once and is shown by the platform (a browser notification when the page is hidden, a
 * native one on the desktop). Used once, by the role area; leaving it or logging out closes the
 * socket.
 */
export function useRealtimeNotifications(
  role: Role,
  schoolId: number,
  schoolName: string | undefined,
  enabled: boolean,
): void {
  const { t } = useTranslation();
  const { platform } = useServices();
  const queryClient = useQueryClient();
  const token = useAtomValue(tokenAtom);
  // The socket speaks for the signed-in account; while an admin acts as someone else, that
  // person's notifications come by polling.
  const impersonating = useAtomValue(impersonationAtom) !== null;
  const setConnected = useSetAtom(realtimeConnectedAtom);

  // The latest texts without reconnecting when the language or the school's name changes.
  const describe = useRef({ t, schoolName });
  describe.current = { t, schoolName };

  useEffect(() => {
    if (!enabled || !token || impersonating) return;
    const refresh = () =>
      queryClient.invalidateQueries({
        predicate: (query) => isSchoolNotificationQuery(query.queryKey, schoolId),
      });
    // The socket's code (and the event names' module, which brings zod) comes after the area's
    // first paint: nothing on that screen waits for a live event.
    let disconnect: (() => void) | undefined;
    let closed = false;
    const connect = ({ connectRealtime }: RealtimeModule) => {
      if (closed) return;
      disconnect = connectRealtime({
        token,
        schoolId,
        role,
        onConnectionChange(connected, reconnected) {
          setConnected(connected);
          if (reconnected) void refresh();
        },
        onUnseenCount(count) {
          queryClient.setQueryData(queryKeys.unseenNotifications(schoolId, role), count);
        },
        // The badge and the rooms list; the open room has its own socket.
        onChatActivity() {
          void queryClient.invalidateQueries({
            predicate: (query) => isChatCountQuery(query.queryKey, schoolId),
          });
        },
        onNotification(notification) {
          void refresh();
          const { t: translate, schoolName: school } = describe.current;
          void platform
            .notify({
              title: notification.title,
              body: school
                ? translate('New notification from {{school}}', { school })
                : translate('New notification'),
              // Written for another of the person's roles here: that area's screen.
              route: notificationAppRoute(
                notification.role ?? role,
                schoolId,
                notification.entity,
                notification.entity_id,
                notification.lesson_id,
              ),
            })
            .catch(() => undefined);
        },
      });
    };
    const cancelWait = afterNextPaint(() => void import('../../api/realtime').then(connect));
    return () => {
      closed = true;
      cancelWait();
      disconnect?.();
    };
  }, [enabled, token, impersonating, role, schoolId, queryClient, platform, setConnected]);
}
