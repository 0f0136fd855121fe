import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { activeCallAtom } from './callState';

// The call window's code (and Jitsi's) loads only once a call is opened.
const CallWindow = lazy(() => import('./CallWindow'));

/** Mounted once per role area: nothing until a room is set (spec §2). */
export function CallWindowHost() {
  const call = useAtomValue(activeCallAtom);
  if (!call) return null;
  return (
    <Suspense fallback={null}>
      {/* A new call is a new window (fresh position, mode and meeting). */}
      <CallWindow key={`${call.sessionId}:${call.room.room}`} call={call} />
    </Suspense>
  );
}
