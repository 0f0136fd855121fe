import type { z } from 'zod';
import type { SessionSummary, recordingReportBody } from '../../../shared/api/sessions';
import type { ServerDeps } from '../../deps';
import { ApiError, notFound } from '../../http/errors';
import { assertRecorder, relationToSession, stateOf, type SessionCaller } from './policy';
import * as q from './queries';
import { loadSession, noticeToFamilies, presentOne } from './service';

// Cloud recording (spec §2, §7): the teacher asks the server first (`sessions/record?room=`),
// then their call window tells the meeting to record. What the meeting reports back (state,
// then the recording's link) comes through the same teacher's window; the link is kept with
// the session and reaches the lesson's students once the session is over.

/** `POST teacher/sessions/record?room=…`: the live session in that room starts recording. */
export async function startRecording(
  deps: ServerDeps,
  caller: SessionCaller,
  room: string,
): Promise<SessionSummary> {
  const session = await q.sessionByRoom(deps.db, caller.schoolId, room);
  if (!session) throw notFound('There is no session in this room.');
  const relation = await relationToSession(deps.db, caller, session);
  assertRecorder(caller, relation);
  if (stateOf(session, deps.now()) !== 'live')
    throw new ApiError('conflict', 'Only a live session can be recorded.');
  const nowIso = deps.now().toISOString();
  await deps.db
    .updateTable('live_sessions')
    .set({ recording_state: 'starting', updated_at: nowIso })
    .where('school_id', '=', caller.schoolId)
    .where('id', '=', session.id)
    .execute();
  const reloaded = await loadSession(deps, caller, session.id);
  return presentOne(deps, caller, reloaded.session, reloaded.relation);
}

/** The recording's state as the meeting reported it, or its link (stored; families told). */
export async function reportRecording(
  deps: ServerDeps,
  caller: SessionCaller,
  sessionId: number,
  body: z.infer<typeof recordingReportBody>,
): Promise<SessionSummary> {
  const { session, relation } = await loadSession(deps, caller, sessionId);
  assertRecorder(caller, relation);
  const nowIso = deps.now().toISOString();
  const tell = await deps.db.transaction().execute(async (trx) => {
    if (body.state)
      await trx
        .updateTable('live_sessions')
        .set({ recording_state: body.state, updated_at: nowIso })
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', sessionId)
        .execute();
    if (!body.link) return () => {};
    const known = await trx
      .selectFrom('live_session_recordings')
      .select('id')
      .where('school_id', '=', caller.schoolId)
      .where('session_id', '=', sessionId)
      .where('link', '=', body.link)
      .executeTakeFirst();
    // The meeting may report one link more than once: keep it, and tell the families, once.
    if (known) return () => {};
    await trx
      .insertInto('live_session_recordings')
      .values({
        school_id: caller.schoolId,
        session_id: sessionId,
        link: body.link,
        created_at: nowIso,
      })
      .execute();
    return noticeToFamilies(deps, trx, caller.schoolId, session, 'recording');
  });
  tell();
  const reloaded = await loadSession(deps, caller, sessionId);
  return presentOne(deps, caller, reloaded.session, reloaded.relation);
}
