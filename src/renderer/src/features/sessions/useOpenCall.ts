import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { DEFAULT_CALL_LANGUAGE } from '../../../../shared/constants';
import { useArea } from '../../app/area/AreaContext';
import { useServices } from '../../app/services';
import { activeCallAtom } from '../../components/callWindow/callState';
import { joinSession, reportJoined, sessionKeys } from './sessionsApi';

/**
 * Joins a session: asks the server for the room and token, then opens the call. The desktop
 * app has its own hardened call window (with native screen sharing); the web shows the
 * floating call window of this page.
 */
export function useOpenCall() {
  const { schoolId, role } = useArea();
  const { platform } = useServices();
  const setActiveCall = useSetAtom(activeCallAtom);
  const queryClient = useQueryClient();
  return useCallback(
    async (sessionId: number) => {
      const scope = { schoolId, role };
      const room = await joinSession(scope, sessionId);
      if (platform.kind === 'desktop') {
        await platform.openCall({
          domain: room.domain,
          roomName: room.room,
          jwt: room.token ?? '',
          subject: room.subject,
          language: DEFAULT_CALL_LANGUAGE,
          configOverwrite: room.config_overwrite,
          canRecord: room.can_record,
        });
        // The desktop window reports no events back; its opening counts as the join.
        await reportJoined(scope, sessionId);
      } else setActiveCall({ sessionId, schoolId, role, room });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all(scope) });
    },
    [platform, queryClient, role, schoolId, setActiveCall],
  );
}
