import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { useServices } from '../../app/services';
import { activeCallAtom } from './callState';
import { DesktopCallReports } from './DesktopCallReports';

// The call window's code (and Jitsi's) loads only once a call is opened.
const CallWindow = lazy(() => import('./CallWindow'));

/**
 * Mounted once per role area: nothing until a room is set (spec §2). In the desktop app the
 * call has a window of its own (src/main); here only its reports to the server.
 */
export function CallWindowHost() {
  const call = useAtomValue(activeCallAtom);
  const { platform } = useServices();
  if (platform.kind === 'desktop') return <DesktopCallReports platform={platform} />;
  if (!call) return null;
  return (
    <Suspense fallback={null}>
      {/* A new call is a new window (fresh position, mode and meeting). */}
      <CallWindow key={`${call.sessionId}:${call.room.room}`} call={call} />
    </Suspense>
  );
}
