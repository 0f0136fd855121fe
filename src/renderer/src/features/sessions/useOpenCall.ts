import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { DEFAULT_CALL_LANGUAGE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { useServices } from '../../app/services';
import { activeCallAtom, desktopCallAtom } from '../../components/callWindow/callState';
import { joinSession, sessionKeys } from './sessionsApi';

/**
 * Joins a session: asks the server for the room and token, then opens the call. The desktop
 * app has its own hardened call window (with native screen sharing), whose meeting events come
 * back over IPC; the web shows the floating call window of this page.
 */
export function useOpenCall() {
  const { schoolId, role } = useArea();
  const { platform } = useServices();
  const setActiveCall = useSetAtom(activeCallAtom);
  const setDesktopCall = useSetAtom(desktopCallAtom);
  const queryClient = useQueryClient();
  return useCallback(
    async (sessionId: number) => {
      const scope = { schoolId, role };
      const room = await joinSession(scope, sessionId);
      if (platform.kind === 'desktop') {
        // Set before the window opens, so that its first report finds the call; the same call
        // opened again (its window only comes to the front) keeps its reporter.
        setDesktopCall((current) =>
          current?.sessionId === sessionId && current.room.room === room.room
            ? current
            : { sessionId, schoolId, role, room },
        );
        try {
          await platform.openCall({
            domain: room.domain,
            roomName: room.room,
            jwt: room.token ?? '',
            subject: room.subject,
            language: DEFAULT_CALL_LANGUAGE,
            configOverwrite: room.config_overwrite,
            canRecord: room.can_record,
          });
        } catch (error) {
          // No window opened: nothing will report for this call.
          setDesktopCall((current) => (current?.room.room === room.room ? null : current));
          throw error;
        }
        // Its window reports the meeting's joins, leaves and recording (DesktopCallReports).
      } else setActiveCall({ sessionId, schoolId, role, room });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(scope) });
    },
    [platform, queryClient, role, schoolId, setActiveCall, setDesktopCall],
  );
}
