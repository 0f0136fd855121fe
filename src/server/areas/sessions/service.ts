import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  CreateMeetingBody,
  MeetingDetail,
  SessionRoom,
  SessionSummary,
  meetingsQuery,
} from '../../../shared/api/sessions';
import type { ServerDeps } from '../../deps';
import { ApiError, notFound, validationError } from '../../http/errors';
import { signJitsiToken } from '../../integrations/jitsi';
import { zonedInstant } from '../calendar/school-time';
import { notifyLessonFamilies } from '../lessons/notify';
import {
  abilitiesFor,
  assertMayJoin,
  assertMayPlan,
  assertMeetingReader,
  assertMeetingsReader,
  assertSeesSession,
  relationToSession,
  stateOf,
  type SessionCaller,
  type SessionRelation,
} from './policy';
import { attendanceOf, presentSessions } from './presenters';
import * as q from './queries';

// Live sessions: planning, the lists, joining with a signed token, presence and ending.

/** A session started now lasts this long unless its host ends it sooner or later. */
const DEFAULT_LENGTH_MS = 60 * 60_000;

/** The session with the caller's relation to it; 404 outside the school, 403 for outsiders. */
export async function loadSession(deps: ServerDeps, caller: SessionCaller, sessionId: number) {
  const session = await q.sessionById(deps.db, caller.schoolId, sessionId);
  if (!session) throw notFound('This session does not exist.');
  const relation = await relationToSession(deps.db, caller, session);
  return { session, relation };
}

export async function presentOne(
  deps: ServerDeps,
  caller: SessionCaller,
  session: q.SessionRecord,
  relation: SessionRelation | null,
): Promise<SessionSummary> {
  const [summary] = await presentSessions(
    deps.db,
    caller,
    [session],
    deps.now(),
    new Map([[session.id, relation]]),
  );
  return summary!;
}

export async function listMeetings(
  deps: ServerDeps,
  caller: SessionCaller,
  query: z.infer<typeof meetingsQuery>,
): Promise<{ data: SessionSummary[]; totalCount: number }> {
  assertMeetingsReader(caller);
  const { rows, total } = await q.listMeetings(deps.db, {
    schoolId: caller.schoolId,
    teacher: caller.role === 'teacher' ? caller.me : null,
    lessonId: query.lesson_id,
    list: query.list,
    nowIso: deps.now().toISOString(),
    page: query.page,
    perPage: query.per_page,
  });
  return { data: await presentSessions(deps.db, caller, rows, deps.now()), totalCount: total };
}

const sessionTitle = (notice: 'scheduled' | 'starting' | 'recording', title: string) =>
  ({
    scheduled: `Live session scheduled: ${title}`,
    starting: `Live session starting now: ${title}`,
    recording: `Recording ready: ${title}`,
  })[notice];

/** Tells the lesson's students and their guardians (entity `event`), after the commit. */
export async function noticeToFamilies(
  deps: ServerDeps,
  trx: ServerDeps['db'],
  schoolId: number,
  session: { id: number; lesson_id: number | null; title: string },
  notice: 'scheduled' | 'starting' | 'recording',
): Promise<() => void> {
  if (session.lesson_id === null) return () => {};
  return notifyLessonFamilies(trx, deps.realtime, schoolId, session.lesson_id, {
    title: sessionTitle(notice, session.title),
    entity: 'event',
    entityId: session.id,
    nowIso: deps.now().toISOString(),
  });
}

async function plannedTimes(
  deps: ServerDeps,
  caller: SessionCaller,
  body: CreateMeetingBody,
): Promise<{ start: Date; end: Date }> {
  const now = deps.now();
  if (body.when === 'now') return { start: now, end: new Date(now.getTime() + DEFAULT_LENGTH_MS) };
  const zone = deps.config.timeZone;
  const date = body.date!;
  let times: { start_time: string; end_time: string };
  if (body.when === 'timetable') {
    const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const slots = await q.slotsOn(deps.db, caller.schoolId, body.lesson_id!, weekday);
    if (slots.length === 0)
      throw validationError(
        { date: 'The lesson has no slot in its timetable on that day.' },
        'The lesson has no slot in its timetable on that day.',
      );
    times = slots[0]!;
  } else times = { start_time: body.start_time!, end_time: body.end_time! };
  const start = zonedInstant(date, times.start_time, zone);
  const end = zonedInstant(date, times.end_time, zone);
  if (end.getTime() <= now.getTime())
    throw validationError(
      { date: 'That time has passed; choose a later one.' },
      'That time has passed; choose a later one.',
    );
  return { start, end };
}

/** Plans a session (or starts it now) and tells the lesson's families. */
export async function createMeeting(
  deps: ServerDeps,
  caller: SessionCaller,
  body: CreateMeetingBody,
): Promise<SessionSummary> {
  const lessonId = body.lesson_id ?? null;
  await assertMayPlan(deps.db, caller, lessonId);
  const lesson = lessonId === null ? null : await q.lessonName(deps.db, caller.schoolId, lessonId);
  const { start, end } = await plannedTimes(deps, caller, body);
  const nowIso = deps.now().toISOString();
  const title = body.title || lesson?.name || 'Staff meeting';
  const startsNow = body.when === 'now';
  const { id, tell } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('live_sessions')
      .values({
        school_id: caller.schoolId,
        lesson_id: lessonId,
        title,
        room_name: `mathema-${caller.schoolId}-${randomBytes(12).toString('hex')}`,
        scheduled_start: start.toISOString(),
        scheduled_end: end.toISOString(),
        started_at: startsNow ? nowIso : null,
        ended_at: null,
        host_user_id: caller.user.id,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = { id: row.id, lesson_id: lessonId, title };
    return {
      id: row.id,
      tell: await noticeToFamilies(
        deps,
        trx,
        caller.schoolId,
        session,
        startsNow ? 'starting' : 'scheduled',
      ),
    };
  });
  tell();
  const { session, relation } = await loadSession(deps, caller, id);
  return presentOne(deps, caller, session, relation);
}

export async function getMeeting(
  deps: ServerDeps,
  caller: SessionCaller,
  meetingId: number,
): Promise<MeetingDetail> {
  assertMeetingsReader(caller);
  const { session, relation } = await loadSession(deps, caller, meetingId);
  assertMeetingReader(relation);
  const stays = await q.presenceOf(deps.db, caller.schoolId, meetingId);
  return {
    ...(await presentOne(deps, caller, session, relation)),
    attendance: attendanceOf(stays, session.ended_at, deps.now()),
  };
}

/** Any participant's view of a session (without the room: that comes with a token). */
export async function getSession(
  deps: ServerDeps,
  caller: SessionCaller,
  sessionId: number,
): Promise<SessionSummary> {
  const { session, relation } = await loadSession(deps, caller, sessionId);
  assertSeesSession(relation);
  return presentOne(deps, caller, session, relation);
}

export async function lessonSessions(
  deps: ServerDeps,
  caller: SessionCaller,
  lessonId: number,
): Promise<SessionSummary[]> {
  const rows = await q.sessionsOfLesson(deps.db, caller.schoolId, lessonId);
  const probe = rows[0] ?? {
    id: 0,
    lesson_id: lessonId,
    host_user_id: null,
    scheduled_start: '',
    scheduled_end: '',
    started_at: null,
    ended_at: null,
  };
  // One relation for the whole lesson: every row shares it.
  const relation = await relationToSession(deps.db, caller, probe);
  assertSeesSession(relation);
  return presentSessions(
    deps.db,
    caller,
    rows,
    deps.now(),
    new Map(rows.map((r) => [r.id, relation])),
  );
}

const absoluteLink = (link: string | null) => (link && /^https?:\/\//i.test(link) ? link : '');

/**
 * The room, subject and a token for the caller. The host's first join starts the session
 * and tells the families it is starting.
 */
export async function joinSession(
  deps: ServerDeps,
  caller: SessionCaller,
  sessionId: number,
): Promise<SessionRoom> {
  const { session, relation } = await loadSession(deps, caller, sessionId);
  assertSeesSession(relation);
  const now = deps.now();
  const state = stateOf(session, now);
  const abilities = await abilitiesFor(deps.db, caller, relation, state, session, now);
  assertMayJoin(abilities, state);
  const domain = deps.config.jitsiDomain;
  if (!domain)
    throw new ApiError('conflict', 'Live sessions are not set up on this server (JITSI_DOMAIN).');
  if (abilities.host && !session.started_at) {
    const nowIso = now.toISOString();
    const tell = await deps.db.transaction().execute(async (trx) => {
      const started = await trx
        .updateTable('live_sessions')
        .set({ started_at: nowIso, updated_at: nowIso })
        .where('school_id', '=', caller.schoolId)
        .where('id', '=', session.id)
        .where('started_at', 'is', null)
        .executeTakeFirst();
      // Two tabs of the host at once: only the first tells the families.
      if (Number(started.numUpdatedRows) === 0) return () => {};
      return noticeToFamilies(deps, trx, caller.schoolId, session, 'starting');
    });
    tell();
  }
  const user = caller.user;
  const token = await signJitsiToken(
    { domain, appId: deps.config.jitsiAppId, appSecret: deps.config.jitsiAppSecret },
    {
      room: session.room_name,
      user: {
        id: String(user.id),
        name: `${user.first_name} ${user.last_name}`.trim(),
        email: user.email ?? '',
        avatar: absoluteLink(user.logo),
      },
      moderator: abilities.host,
      screenSharing: abilities.host || caller.role === 'admin' || caller.role === 'teacher',
      now,
    },
  );
  return {
    room: session.room_name,
    subject: session.title,
    token,
    domain,
    config_overwrite: await q.configOverwriteFor(deps.db, caller.schoolId, caller.role),
    can_record: abilities.host && caller.role === 'teacher',
  };
}

/**
 * The caller's call window joined or left. A join closes any stay the user left open (a
 * second tab, a crash); the last one out of a session past its planned end ends it.
 */
export async function reportPresence(
  deps: ServerDeps,
  caller: SessionCaller,
  sessionId: number,
  event: 'joined' | 'left',
): Promise<{ in_now: boolean }> {
  const { session, relation } = await loadSession(deps, caller, sessionId);
  assertSeesSession(relation);
  const now = deps.now();
  const nowIso = now.toISOString();
  const schoolId = caller.schoolId;
  if (event === 'joined') {
    const state = stateOf(session, now);
    assertMayJoin(await abilitiesFor(deps.db, caller, relation, state, session, now), state);
    await deps.db.transaction().execute(async (trx) => {
      await q.closeStays(trx, schoolId, sessionId, caller.user.id, nowIso);
      await trx
        .insertInto('live_session_presence')
        .values({
          school_id: schoolId,
          session_id: sessionId,
          user_id: caller.user.id,
          membership_id: caller.me,
          role: caller.role,
          joined_at: nowIso,
          left_at: null,
        })
        .execute();
    });
    return { in_now: true };
  }
  await deps.db.transaction().execute(async (trx) => {
    await q.closeStays(trx, schoolId, sessionId, caller.user.id, nowIso);
    const still = await q.inNowCounts(trx, schoolId, [sessionId]);
    if (
      !session.ended_at &&
      session.started_at &&
      (still.get(sessionId) ?? 0) === 0 &&
      Date.parse(session.scheduled_end) <= now.getTime()
    )
      await endRow(trx, schoolId, sessionId, nowIso);
  });
  return { in_now: false };
}

async function endRow(db: ServerDeps['db'], schoolId: number, sessionId: number, nowIso: string) {
  await q.closeStays(db, schoolId, sessionId, null, nowIso);
  await db
    .updateTable('live_sessions')
    .set((eb) => ({
      ended_at: nowIso,
      updated_at: nowIso,
      recording_state: eb
        .case()
        .when('recording_state', 'in', ['on', 'starting'])
        .then('stopped' as const)
        .else(eb.ref('recording_state'))
        .end(),
    }))
    .where('school_id', '=', schoolId)
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function endMeeting(
  deps: ServerDeps,
  caller: SessionCaller,
  meetingId: number,
): Promise<SessionSummary> {
  const { session, relation } = await loadSession(deps, caller, meetingId);
  assertSeesSession(relation);
  const now = deps.now();
  const abilities = await abilitiesFor(
    deps.db,
    caller,
    relation,
    stateOf(session, now),
    session,
    now,
  );
  if (!abilities.end)
    throw session.ended_at || !session.started_at
      ? new ApiError('conflict', 'This session is not live.')
      : new ApiError('forbidden', 'Only the host or the office ends a session.');
  await deps.db
    .transaction()
    .execute((trx) => endRow(trx, caller.schoolId, meetingId, now.toISOString()));
  const reloaded = await loadSession(deps, caller, meetingId);
  return presentOne(deps, caller, reloaded.session, reloaded.relation);
}
