import { z } from 'zod';
import { endpoint } from './endpoint';
import { schoolRoleParams } from './school';
import { day, instant } from './teaching';

/** The longest range one calendar or study-guide request may ask for. */
export const CALENDAR_MAX_DAYS = 93;

/**
 * Something in a user's calendar: a lesson's meeting from the timetable, a task due, or a
 * quiz closing.
 */
export const calendarEvent = z.object({
  /** Stable across requests: `lesson-<schedule>-<date>`, `task-<id>` or `quiz-<id>`. */
  uid: z.string(),
  kind: z.enum(['lesson', 'task', 'quiz']),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  /** The task's id, for kind task. */
  task_id: z.number().int().nullable(),
  /** The quiz's id, for kind quiz. */
  quiz_id: z.number().int().nullable(),
  room: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

const range = z
  .object({ from: day, to: day })
  .refine((r) => r.from <= r.to, { message: 'The end must not be before the start', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < CALENDAR_MAX_DAYS, {
    message: `Ask for at most ${CALENDAR_MAX_DAYS} days at a time`,
    path: ['to'],
  });

/** One entry of the student's study guide (spec: duties). */
export const duty = z.object({
  /**
   * The day it belongs to (school time): a task's due day, a quiz's closing day, a chapter's
   * publication day.
   */
  date: z.string(),
  kind: z.enum(['task', 'chapter', 'quiz']),
  id: z.number().int(),
  title: z.string(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  due_at: z.string().nullable(),
  done: z.boolean(),
});
export type Duty = z.infer<typeof duty>;

/** What is new for the caller since their last visit. */
export const homeNewItem = z.object({
  kind: z.enum(['graded', 'chapter', 'announcement', 'submission']),
  id: z.number().int(),
  title: z.string(),
  at: z.string(),
  lesson_id: z.number().int().nullable(),
  /** For a parent with several children: which child it is about. */
  student_id: z.number().int().nullable(),
  /** A teacher's new hand-ins come one line per task: how many students handed it in. */
  count: z.number().int().optional(),
});

export const homeDueTask = z.object({
  task_id: z.number().int(),
  title: z.string(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  due_at: z.string(),
  /** Students and parents: the work's state; teachers: null. */
  state: z.string().nullable(),
  student_id: z.number().int().nullable(),
});

export const home = z.object({
  today: z.array(calendarEvent),
  next_due: z.array(homeDueTask),
  new_items: z.array(homeNewItem),
});
export type Home = z.infer<typeof home>;

export const calendarFeed = z.object({
  /** The private link: anyone holding it reads the calendar, so it is shown once. */
  url: z.string(),
});

export const calendarEndpoints = {
  events: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/calendar',
    access: 'school-role',
    summary:
      "The caller's events from `from` to `to` (days, at most 93): timetable meetings of the current period and tasks due.",
    params: schoolRoleParams,
    query: range,
    response: z.array(calendarEvent),
  }),
  createFeed: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/calendar/feed',
    access: 'school-role',
    summary: 'Create (or replace) your private iCalendar link; the previous link stops working.',
    params: schoolRoleParams,
    response: calendarFeed,
  }),
  revokeFeed: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/calendar/feed',
    access: 'school-role',
    summary: 'Revoke your private iCalendar link.',
    params: schoolRoleParams,
    response: z.null(),
  }),
  feed: endpoint({
    method: 'GET',
    path: '/calendar/:token.ics',
    access: 'public',
    summary: 'A private iCalendar feed (text/calendar) by the secret of its link.',
    params: z.object({ token: z.string().regex(/^[0-9a-f]{64}$/, 'This link is not valid') }),
    response: z.null(),
  }),
  duties: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/duties',
    access: 'school-role',
    summary:
      "A student's study guide from `from` to `to`: tasks due and chapters to read, done or not.",
    params: schoolRoleParams,
    query: range,
    response: z.array(duty),
  }),
  home: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/home',
    access: 'school-role',
    summary:
      "A role's home: today's timetable, the next tasks due and what is new since `since` (grades, chapters, announcements, submissions).",
    params: schoolRoleParams,
    query: z.object({ since: instant.optional() }),
    response: home,
  }),
};
