import { useQueryClient } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { Platform } from '../../platform/types';
import { createCallReporter, createDesktopCallRouter } from './callReports';
import { desktopCallAtom, sessionQueryRoot } from './callState';

/**
 * The desktop call window's reports: each event main forwards (named by the call's room) goes to
 * the server as the web call window's would; the window's closing is the last leave.
 */
export function DesktopCallReports({ platform }: { platform: Platform }) {
  const queryClient = useQueryClient();
  const [call, setCall] = useAtom(desktopCallAtom);
  const [router] = useState(() =>
    createDesktopCallRouter((opened) =>
      createCallReporter(opened, {
        refresh: () =>
          void queryClient.invalidateQueries({
            queryKey: sessionQueryRoot(opened.schoolId, opened.role),
          }),
      }),
    ),
  );

  useEffect(() => {
    if (call) router.track(call);
  }, [call, router]);

  useEffect(
    () =>
      platform.onCallEvent((report) => {
        if (router.handle(report))
          setCall((current) => (current?.room.room === report.roomName ? null : current));
      }),
    [platform, router, setCall],
  );

  return null;
}
