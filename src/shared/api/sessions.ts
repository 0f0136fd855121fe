import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import { attendanceBody, attendanceRegister, ATTENDANCE_STATUSES } from './attendance';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { day } from './teaching';

// Live sessions (docs/live-sessions.md): a lesson's video session or a staff meeting on
// Jitsi; the teacher's meetings, joining with a signed token, presence, recording, the
// office's dashboard and the attendance the joins suggest.

export const SESSION_STATES = ['upcoming', 'live', 'ended', 'missed'] as const;
export type SessionState = (typeof SESSION_STATES)[number];
export const RECORDING_STATES = ['off', 'starting', 'on', 'stopped', 'failed'] as const;
export type RecordingStateName = (typeof RECORDING_STATES)[number];
/** The teacher's meetings list: what has not begun, what runs now, what is over. */
export const MEETING_LISTS = ['upcoming', 'live', 'past'] as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);
const hourMinute = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time as HH:MM' });

export const sessionAbilities = z.object({
  /** May ask for a token and enter the meeting (only while it is not over). */
  join: z.boolean(),
  /** Moderates: starts cloud recording, ends the session. */
  host: z.boolean(),
  end: z.boolean(),
  /** The lesson's register from the joins (its teachers). */
  attendance: z.boolean(),
  /** The office's live dashboard. */
  dashboard: z.boolean(),
});
export type SessionAbilities = z.infer<typeof sessionAbilities>;

export const recording = z.object({
  id: z.number().int(),
  link: z.string(),
  created_at: z.string(),
});

export const sessionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(['lesson', 'staff']),
  lesson_id: z.number().int().nullable(),
  lesson_name: z.string().nullable(),
  scheduled_start: z.string(),
  scheduled_end: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  state: z.enum(SESSION_STATES),
  recording_state: z.enum(RECORDING_STATES),
  /** People in the meeting now. */
  in_now: z.number().int(),
  recordings: z.array(recording),
  abilities: sessionAbilities,
});
export type SessionSummary = z.infer<typeof sessionSummary>;

export const attendee = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  first_joined_at: z.string(),
  last_left_at: z.string().nullable(),
  /** Time in the meeting over every stay (an open stay counts until now or the end). */
  total_seconds: z.number().int(),
  joins: z.number().int(),
  in_now: z.boolean(),
});
export type Attendee = z.infer<typeof attendee>;

export const meetingDetail = sessionSummary.extend({ attendance: z.array(attendee) });
export type MeetingDetail = z.infer<typeof meetingDetail>;

export const meetingsQuery = z.object({
  list: z.enum(MEETING_LISTS, { error: 'Choose upcoming, live or past' }).default('upcoming'),
  lesson_id: id.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
});

export const createMeetingBody = z
  .object({
    /** Absent or null: a staff meeting. */
    lesson_id: id.nullable().optional(),
    title: z.string().trim().max(200, 'At most 200 characters').optional(),
    /** now: starts at once; timetable: the lesson's slot on `date`; at: `date` from start to end. */
    when: z.enum(['now', 'timetable', 'at'], { error: 'Choose now, timetable or at' }),
    date: day.optional(),
    start_time: hourMinute.optional(),
    end_time: hourMinute.optional(),
  })
  .superRefine((body, context) => {
    if (body.when !== 'now' && !body.date)
      context.addIssue({ code: 'custom', path: ['date'], message: 'Choose a day' });
    if (body.when === 'timetable' && !body.lesson_id)
      context.addIssue({
        code: 'custom',
        path: ['lesson_id'],
        message: 'Choose the lesson whose timetable to follow',
      });
    if (body.when === 'at') {
      if (!body.start_time)
        context.addIssue({ code: 'custom', path: ['start_time'], message: 'Enter a time' });
      if (!body.end_time)
        context.addIssue({ code: 'custom', path: ['end_time'], message: 'Enter a time' });
      if (body.start_time && body.end_time && body.end_time <= body.start_time)
        context.addIssue({
          code: 'custom',
          path: ['end_time'],
          message: 'The end must come after the start',
        });
    }
  });
export type CreateMeetingBody = z.infer<typeof createMeetingBody>;

/** What a call window needs (spec §3 "session room": room name, token, subject). */
export const sessionRoom = z.object({
  room: z.string(),
  subject: z.string(),
  /** The JWT for the meeting; null when the server's Jitsi asks for none. */
  token: z.string().nullable(),
  domain: z.string(),
  /** The caller's role's `jitsi_config_overwrite` from the school's settings. */
  config_overwrite: z.record(z.string(), z.unknown()),
  can_record: z.boolean(),
});
export type SessionRoom = z.infer<typeof sessionRoom>;

export const presenceBody = z.object({
  event: z.enum(['joined', 'left'], { error: 'Choose joined or left' }),
});

export const recordQuery = z.object({
  room: z.string().min(1, 'Give the room').max(200),
});

/** What the teacher's call window heard from the meeting about its recording. */
export const recordingReportBody = z
  .object({
    state: z.enum(['on', 'stopped', 'failed']).optional(),
    link: z
      .url({ protocol: /^https?$/, error: 'The link must be an http(s) address' })
      .max(2000)
      .optional(),
  })
  .refine((body) => body.state !== undefined || body.link !== undefined, {
    message: 'Report a state or a link',
  });

export const dashboardEvent = z.object({
  at: z.string(),
  event: z.enum(['joined', 'left']),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
});

export const sessionDashboard = z.object({
  session: sessionSummary,
  present: z.array(
    z.object({
      user_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      role: z.string(),
      since: z.string(),
    }),
  ),
  /** Newest first. */
  events: z.array(dashboardEvent),
});
export type SessionDashboard = z.infer<typeof sessionDashboard>;

export const attendanceSuggestion = z.object({
  lesson_id: z.number().int(),
  date: z.string(),
  register_taken: z.boolean(),
  entries: z.array(
    z.object({
      student_id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      seconds: z.number().int(),
      first_joined_at: z.string().nullable(),
      suggested: z.enum(ATTENDANCE_STATUSES),
      /** What the register holds now, if it was taken. */
      recorded: z.enum(ATTENDANCE_STATUSES).nullable(),
    }),
  ),
});
export type AttendanceSuggestion = z.infer<typeof attendanceSuggestion>;

const sessionParams = schoolRoleParams.extend({ session_id: idParam });
const meetingParams = schoolRoleParams.extend({ meeting_id: idParam });

export const sessionEndpoints = {
  meetings: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/meetings',
    access: 'school-role',
    summary:
      "A teacher's sessions (their lessons' and staff meetings) or, for the office, the school's: upcoming, live or past.",
    params: schoolRoleParams,
    query: meetingsQuery,
    response: z.array(sessionSummary),
    list: true,
  }),
  createMeeting: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/meetings',
    access: 'school-role',
    summary:
      "Plan a lesson's session from its timetable or at a time, start one now, or call a staff meeting; the families are told.",
    params: schoolRoleParams,
    body: createMeetingBody,
    response: sessionSummary,
  }),
  meeting: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/meetings/:meeting_id',
    access: 'school-role',
    summary: 'One session with who attended, when and for how long, and its recordings.',
    params: meetingParams,
    response: meetingDetail,
  }),
  endMeeting: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/meetings/:meeting_id/end',
    access: 'school-role',
    summary: 'End a live session: open stays close now.',
    params: meetingParams,
    response: sessionSummary,
  }),
  attendanceSuggestion: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/meetings/:meeting_id/attendance',
    access: 'school-role',
    summary:
      "The lesson's register as the session's joins and leaves suggest it, beside what the register holds.",
    params: meetingParams,
    response: attendanceSuggestion,
  }),
  confirmAttendance: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/meetings/:meeting_id/attendance',
    access: 'school-role',
    summary: "Save the (possibly corrected) suggestion as the lesson's register of the day.",
    params: meetingParams,
    body: attendanceBody,
    response: attendanceRegister,
  }),
  lessonSessions: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/lessons/:lesson_id/sessions',
    access: 'school-role',
    summary: "A lesson's sessions, newest first, with the recordings of those that are over.",
    params: schoolRoleParams.extend({ lesson_id: idParam }),
    response: z.array(sessionSummary),
  }),
  session: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/session/:session_id',
    access: 'school-role',
    summary: 'A session as its participant sees it, without its room.',
    params: sessionParams,
    response: sessionSummary,
  }),
  join: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/session/:session_id/join',
    access: 'school-role',
    summary:
      "The meeting's room, subject and a signed Jitsi token for the caller, with the role's settings.",
    params: sessionParams,
    response: sessionRoom,
  }),
  presence: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/session/:session_id/presence',
    access: 'school-role',
    summary: "The caller's call window joined or left the meeting.",
    params: sessionParams,
    body: presenceBody,
    response: z.object({ in_now: z.boolean() }),
  }),
  record: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/sessions/record',
    access: 'school-role',
    summary: "Start cloud recording of the teacher's live session in `room`.",
    params: schoolRoleParams,
    query: recordQuery,
    response: sessionSummary,
  }),
  recordingReport: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/session/:session_id/recording',
    access: 'school-role',
    summary:
      "The teacher's call window reports the recording's state, or the link the meeting made.",
    params: sessionParams,
    body: recordingReportBody,
    response: sessionSummary,
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/session-dashboard/:session_id',
    access: 'school-role',
    summary:
      "The office's live view of a session: who is in since when, joins and leaves, recording.",
    params: sessionParams,
    response: sessionDashboard,
  }),
};
