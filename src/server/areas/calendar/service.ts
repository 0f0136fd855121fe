import crypto from 'node:crypto';
import type { CalendarEvent, Duty, Home } from '../../../shared/api/calendar';
import type { Role } from '../../../shared/constants';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit-log';
import { callerMembershipId } from '../../resources/access';
import { hashToken } from '../account/tokens';
import { effectivePermissions } from '../permissions/effective';
import type { TeachingCaller } from '../lessons/teaching-access';
import { icalendar } from './icalendar';
import { assertMayReadDuties } from './policy';
import {
  announcementsSince,
  chaptersPublishedBetween,
  currentPeriod,
  deleteFeed,
  feedOwner,
  followedStudents,
  gradedSince,
  handedInSince,
  nextDueForStudents,
  nextDueForTeacher,
  quizzesClosingBetween,
  replaceFeed,
  studentDone,
  tasksDueBetween,
  timetableOf,
} from './queries';
import { addDays, daysBetween, localDate, zonedInstant } from './school-time';

/** The caller's events from one local date to another, both included. */
export async function eventsBetween(
  deps: ServerDeps,
  caller: TeachingCaller,
  from: string,
  to: string,
): Promise<CalendarEvent[]> {
  const zone = deps.config.timeZone;
  const events: CalendarEvent[] = [];
  const period = await currentPeriod(deps.db, caller.schoolId);
  if (period) {
    const first = from > period.start_date ? from : period.start_date;
    const last = to < period.end_date ? to : period.end_date;
    const slots = first <= last ? await timetableOf(deps.db, caller, period.id) : [];
    for (const day of first <= last ? daysBetween(first, last) : []) {
      for (const slot of slots.filter((s) => s.weekday === day.weekday)) {
        events.push({
          uid: `lesson-${slot.id}-${day.date}`,
          kind: 'lesson',
          title: slot.lesson_name,
          start: zonedInstant(day.date, slot.start_time, zone).toISOString(),
          end: zonedInstant(day.date, slot.end_time, zone).toISOString(),
          lesson_id: slot.lesson_id,
          lesson_name: slot.lesson_name,
          task_id: null,
          quiz_id: null,
          room: slot.room,
        });
      }
    }
  }
  const fromIso = zonedInstant(from, '00:00', zone).toISOString();
  const toIso = zonedInstant(addDays(to, 1), '00:00', zone).toISOString();
  for (const task of await tasksDueBetween(deps.db, caller, fromIso, toIso)) {
    events.push({
      uid: `task-${task.id}`,
      kind: 'task',
      title: task.title,
      start: task.due_at,
      end: task.due_at,
      lesson_id: task.lesson_id,
      lesson_name: task.lesson_name,
      task_id: task.id,
      quiz_id: null,
      room: null,
    });
  }
  // A quiz is shown at its closing instant: the moment a student must have taken it by.
  for (const quiz of await quizzesClosingBetween(deps.db, caller, fromIso, toIso)) {
    events.push({
      uid: `quiz-${quiz.id}`,
      kind: 'quiz',
      title: quiz.title,
      start: quiz.closes_at,
      end: quiz.closes_at,
      lesson_id: quiz.lesson_id,
      lesson_name: quiz.lesson_name,
      task_id: null,
      quiz_id: quiz.id,
      room: null,
    });
  }
  // One stated order: by start, then kind and uid.
  return events.sort(
    (a, b) =>
      a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind) || a.uid.localeCompare(b.uid),
  );
}

/** A student's study guide: tasks due, quizzes to take and chapters to read, by day, done or not. */
export async function dutiesBetween(
  deps: ServerDeps,
  caller: TeachingCaller,
  from: string,
  to: string,
): Promise<Duty[]> {
  assertMayReadDuties(caller);
  const zone = deps.config.timeZone;
  const fromIso = zonedInstant(from, '00:00', zone).toISOString();
  const toIso = zonedInstant(addDays(to, 1), '00:00', zone).toISOString();
  const tasks = await tasksDueBetween(deps.db, caller, fromIso, toIso);
  const chapters = await chaptersPublishedBetween(deps.db, caller, fromIso, toIso, 2000);
  const quizzes = await quizzesClosingBetween(deps.db, caller, fromIso, toIso);
  const done = await studentDone(
    deps.db,
    caller.schoolId,
    caller.me!,
    tasks.map((t) => t.id),
    chapters.map((c) => c.id),
    quizzes.map((q) => q.id),
  );
  const duties: Duty[] = [
    ...tasks.map((t) => ({
      date: localDate(new Date(t.due_at), zone),
      kind: 'task' as const,
      id: t.id,
      title: t.title,
      lesson_id: t.lesson_id,
      lesson_name: t.lesson_name,
      due_at: t.due_at,
      done: ['submitted', 'graded'].includes(done.submissions.get(t.id) ?? ''),
    })),
    ...chapters.map((c) => ({
      date: localDate(new Date(c.published_at!), zone),
      kind: 'chapter' as const,
      id: c.id,
      title: c.title,
      lesson_id: c.lesson_id,
      lesson_name: c.lesson_name,
      due_at: null,
      done: done.reads.has(c.id),
    })),
    ...quizzes.map((q) => ({
      date: localDate(new Date(q.closes_at), zone),
      kind: 'quiz' as const,
      id: q.id,
      title: q.title,
      lesson_id: q.lesson_id,
      lesson_name: q.lesson_name,
      due_at: q.closes_at,
      done: done.quizzesTaken.has(q.id),
    })),
  ];
  return duties.sort(
    (a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.id - b.id,
  );
}

const NEW_ITEMS_LIMIT = 30;
const NEXT_DUE_LIMIT = 5;
/** Without a `since`, "new" means the last week. */
const DEFAULT_NEW_DAYS = 7;

/** A role's home: today's timetable, what is due next, what is new since the last visit. */
export async function homeOf(
  deps: ServerDeps,
  caller: TeachingCaller,
  since: string | undefined,
): Promise<Home> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const sinceIso = since ?? new Date(now.getTime() - DEFAULT_NEW_DAYS * 86_400_000).toISOString();
  const today = localDate(now, deps.config.timeZone);
  // Today's timetable: the lessons only (tasks and quizzes due are "next due"); the office's
  // home does not list every lesson of the school.
  const todayEvents =
    caller.role === 'admin'
      ? []
      : (await eventsBetween(deps, caller, today, today)).filter((e) => e.kind === 'lesson');
  const students = await followedStudents(deps.db, caller);
  const family = caller.role === 'student' || caller.role === 'client';

  const nextDue: Home['next_due'] = family
    ? (await nextDueForStudents(deps.db, caller.schoolId, students, nowIso, NEXT_DUE_LIMIT)).map(
        (t) => ({
          task_id: t.id,
          title: t.title,
          lesson_id: t.lesson_id,
          lesson_name: t.lesson_name,
          due_at: t.due_at,
          state:
            t.status === 'returned'
              ? 'returned'
              : caller.role === 'student' && t.status === 'draft'
                ? 'draft'
                : 'missing',
          student_id: caller.role === 'client' ? t.student_id : null,
        }),
      )
    : caller.role === 'teacher'
      ? (await nextDueForTeacher(deps.db, caller, nowIso, NEXT_DUE_LIMIT)).map((t) => ({
          task_id: t.id,
          title: t.title,
          lesson_id: t.lesson_id,
          lesson_name: t.lesson_name,
          due_at: t.due_at,
          state: null,
          student_id: null,
        }))
      : [];

  const items: Home['new_items'] = [];
  if (family) {
    for (const g of await gradedSince(
      deps.db,
      caller.schoolId,
      students,
      sinceIso,
      NEW_ITEMS_LIMIT,
    ))
      items.push({
        kind: 'graded',
        id: g.id,
        title: g.title,
        at: g.graded_at!,
        lesson_id: g.lesson_id,
        student_id: caller.role === 'client' ? g.student_id : null,
      });
    for (const c of await chaptersPublishedBetween(
      deps.db,
      caller,
      sinceIso,
      null,
      NEW_ITEMS_LIMIT,
    ))
      items.push({
        kind: 'chapter',
        id: c.id,
        title: c.title,
        at: c.published_at!,
        lesson_id: c.lesson_id,
        student_id: null,
      });
  }
  if (caller.role === 'teacher')
    for (const s of await handedInSince(deps.db, caller, sinceIso, NEW_ITEMS_LIMIT))
      items.push({
        kind: 'submission',
        id: s.id,
        title: s.title,
        at: String(s.submitted_at),
        lesson_id: s.lesson_id,
        student_id: null,
        count: Number(s.count),
      });
  for (const a of await announcementsSince(deps.db, caller, sinceIso, NEW_ITEMS_LIMIT))
    items.push({
      kind: 'announcement',
      id: a.id,
      title: a.title,
      at: a.created_at,
      lesson_id: a.lesson_id,
      student_id: null,
    });
  items.sort((a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind) || b.id - a.id);
  return { today: todayEvents, next_due: nextDue, new_items: items.slice(0, NEW_ITEMS_LIMIT) };
}

/** Creates or rotates the caller's private feed; the link is shown once. */
export async function createFeed(deps: ServerDeps, ctx: RequestContext): Promise<{ url: string }> {
  const membershipId = await callerMembershipId(deps, ctx);
  const token = crypto.randomBytes(32).toString('hex');
  const nowIso = deps.now().toISOString();
  await replaceFeed(deps.db, ctx.schoolId!, membershipId, hashToken(token), nowIso);
  await recordAudit(
    deps.db,
    ctx,
    { schoolId: ctx.schoolId, action: 'create', entity: 'calendar_feed', entityId: membershipId },
    nowIso,
  );
  return { url: `${deps.config.publicUrl}/api/calendar/${token}.ics` };
}

export async function revokeFeed(deps: ServerDeps, ctx: RequestContext): Promise<void> {
  const membershipId = await callerMembershipId(deps, ctx);
  await deleteFeed(deps.db, ctx.schoolId!, membershipId);
  await recordAudit(
    deps.db,
    ctx,
    { schoolId: ctx.schoolId, action: 'delete', entity: 'calendar_feed', entityId: membershipId },
    deps.now().toISOString(),
  );
}

/** Days of the feed around today: a month back, three ahead. */
const FEED_DAYS_BACK = 30;
const FEED_DAYS_AHEAD = 90;

/** The iCalendar text of a feed, by its token; 404 for an unknown or revoked one. */
export async function feedText(deps: ServerDeps, token: string): Promise<string> {
  const owner = await feedOwner(deps.db, hashToken(token));
  if (!owner) throw notFound('This calendar link does not work any more.');
  const role = owner.role as Role;
  let officeRead = false;
  if (role === 'admin') {
    const permissions = await effectivePermissions(
      deps.db,
      owner.school_id,
      owner.user_id,
      'admin',
      owner.full_access === 1,
    );
    officeRead = Boolean(permissions.find((p) => p.resource === 'lessons')?.read);
  }
  const caller: TeachingCaller = {
    schoolId: owner.school_id,
    role,
    userId: owner.user_id,
    me: role === 'admin' ? null : owner.membership_id,
    officeRead,
    officeWrite: false,
  };
  const now = deps.now();
  const today = localDate(now, deps.config.timeZone);
  const events =
    role === 'admin' && !officeRead
      ? []
      : await eventsBetween(
          deps,
          caller,
          addDays(today, -FEED_DAYS_BACK),
          addDays(today, FEED_DAYS_AHEAD),
        );
  return icalendar({
    name: `${owner.school_name}: ${owner.first_name} ${owner.last_name}`,
    now,
    events: events.map((e) => ({
      uid: `${e.uid}@${owner.school_id}.mathema`,
      start: new Date(e.start),
      end: new Date(e.end),
      summary: e.kind !== 'lesson' ? `${e.title} (${e.lesson_name})` : e.title,
      location: e.room,
    })),
  });
}
