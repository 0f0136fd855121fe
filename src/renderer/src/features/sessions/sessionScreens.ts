import { MeetingPage } from './MeetingPage';
import { MeetingsPage } from './MeetingsPage';
import { SessionDashboardPage } from './SessionDashboardPage';
import { SessionPage } from './SessionPage';

// The live sessions' screens per role (spec §2): teacher `meetings`, `meetings/{meeting_id}`
// and `session/{session_id}`; student and admin `session/{session_id}`; admin
// `session-dashboard/{session_id}`.

export const sessionScreens = {
  teacher: { meetings: MeetingsPage, meeting: MeetingPage, session: SessionPage },
  student: { session: SessionPage },
  admin: { session: SessionPage, dashboard: SessionDashboardPage },
};
