import type { Kysely } from 'kysely';
import type { Attendee, SessionSummary } from '../../../shared/api/sessions';
import type { Database } from '../../db/schema';
import {
  abilitiesFor,
  relationToSession,
  stateOf,
  type SessionCaller,
  type SessionRelation,
} from './policy';
import { inNowCounts, recordingsOf, type PresenceRow, type SessionRecord } from './queries';

// Sessions as the API answers them: state from the clock, who is in now, recordings and the
// caller's abilities. A recording reaches students and parents only once the session is over.

export async function presentSessions(
  db: Kysely<Database>,
  caller: SessionCaller,
  rows: SessionRecord[],
  now: Date,
  known?: Map<number, SessionRelation | null>,
): Promise<SessionSummary[]> {
  const ids = rows.map((r) => r.id);
  const [counts, recordings] = await Promise.all([
    inNowCounts(db, caller.schoolId, ids),
    recordingsOf(db, caller.schoolId, ids),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const state = stateOf(row, now);
      const relation = known?.has(row.id)
        ? known.get(row.id)!
        : await relationToSession(db, caller, row);
      const abilities = await abilitiesFor(db, caller, relation, state, row, now);
      const staffSide = relation === 'host' || relation === 'office' || relation === 'staff';
      return {
        id: row.id,
        title: row.title,
        kind: row.lesson_id === null ? 'staff' : 'lesson',
        lesson_id: row.lesson_id,
        lesson_name: row.lesson_name,
        scheduled_start: row.scheduled_start,
        scheduled_end: row.scheduled_end,
        started_at: row.started_at,
        ended_at: row.ended_at,
        state,
        recording_state: row.recording_state,
        in_now: counts.get(row.id) ?? 0,
        recordings:
          staffSide || state === 'ended'
            ? recordings
                .filter((r) => r.session_id === row.id)
                .map((r) => ({ id: r.id, link: r.link, created_at: r.created_at }))
            : [],
        abilities,
      } satisfies SessionSummary;
    }),
  );
}

/** Seconds of a stay; an open one counts until the session ended, or now. */
export function staySeconds(
  stay: Pick<PresenceRow, 'joined_at' | 'left_at'>,
  endedAt: string | null,
  now: Date,
): number {
  const until = stay.left_at ?? endedAt ?? now.toISOString();
  return Math.max(0, Math.round((Date.parse(until) - Date.parse(stay.joined_at)) / 1000));
}

/** One line per person: first join, last leave, total time over every stay. */
export function attendanceOf(stays: PresenceRow[], endedAt: string | null, now: Date): Attendee[] {
  const people = new Map<number, Attendee>();
  for (const stay of stays) {
    const seconds = staySeconds(stay, endedAt, now);
    const open = stay.left_at === null && endedAt === null;
    const seen = people.get(stay.user_id);
    if (!seen) {
      people.set(stay.user_id, {
        user_id: stay.user_id,
        first_name: stay.first_name,
        last_name: stay.last_name,
        role: stay.role,
        first_joined_at: stay.joined_at,
        last_left_at: stay.left_at,
        total_seconds: seconds,
        joins: 1,
        in_now: open,
      });
      continue;
    }
    seen.total_seconds += seconds;
    seen.joins += 1;
    seen.in_now = seen.in_now || open;
    if (stay.left_at && (!seen.last_left_at || stay.left_at > seen.last_left_at))
      seen.last_left_at = stay.left_at;
  }
  return [...people.values()];
}
