import type { SessionDashboard } from '../../../shared/api/sessions';
import type { ServerDeps } from '../../deps';
import { assertDashboardReader, type SessionCaller } from './policy';
import * as q from './queries';
import { loadSession, presentOne } from './service';

/**
 * The office's live view of a session (admin `session-dashboard/{session_id}`): who is in and
 * since when, every join and leave (newest first), the recording's state and links.
 */
export async function sessionDashboard(
  deps: ServerDeps,
  caller: SessionCaller,
  sessionId: number,
): Promise<SessionDashboard> {
  const { session, relation } = await loadSession(deps, caller, sessionId);
  assertDashboardReader(caller, relation);
  const stays = await q.presenceOf(deps.db, caller.schoolId, sessionId);
  const who = (s: q.PresenceRow) => ({
    user_id: s.user_id,
    first_name: s.first_name,
    last_name: s.last_name,
    role: s.role,
  });
  const events = stays
    .flatMap((s) => [
      { at: s.joined_at, event: 'joined' as const, ...who(s) },
      ...(s.left_at ? [{ at: s.left_at, event: 'left' as const, ...who(s) }] : []),
    ])
    .sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return {
    session: await presentOne(deps, caller, session, relation),
    present: stays
      .filter((s) => s.left_at === null && session.ended_at === null)
      .map((s) => ({ ...who(s), since: s.joined_at })),
    events,
  };
}
