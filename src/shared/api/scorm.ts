import { z } from 'zod';
import { LEARNER_STATUSES, SCORM_VERSIONS } from '../scorm/cmi';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';
import { flag, teachingListQuery } from './teaching';

// SCORM packages of a lesson (docs/scorm.md): teachers upload and follow them, students play
// them in a sandboxed frame, parents see their children's standing.

const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** The multipart fields of an upload besides `file`. */
export const scormUploadFields = z.object({
  lesson_id: z.coerce
    .number({ error: 'Choose a lesson' })
    .int()
    .positive('Choose a lesson')
    .max(2_147_483_647),
  /** Optional: the manifest's title when left out. */
  title: z.string().trim().max(200).optional(),
});

/** A learner's standing in one package over all attempts. */
export const learnerStanding = z.object({
  status: z.enum(LEARNER_STATUSES),
  /** The best score of the attempts, 0–100; null when none was reported. */
  score_percent: z.number().nullable(),
  /** Time spent over every attempt, in seconds. */
  total_seconds: z.number().int(),
  attempts: z.number().int(),
  last_played_at: z.string().nullable(),
});
export type LearnerStanding = z.infer<typeof learnerStanding>;

export const scormPackage = z.object({
  id: z.number().int(),
  lesson_id: z.number().int(),
  lesson_name: z.string(),
  title: z.string(),
  version: z.enum(SCORM_VERSIONS),
  file_count: z.number().int(),
  unpacked_bytes: z.number().int(),
  /** Whether its best score is a grade item of the lesson's gradebook. */
  in_gradebook: z.boolean(),
  created_at: z.string(),
  /** The caller's own standing (students), or the child's asked for (parents); else null. */
  standing: learnerStanding.nullable(),
  /** For teachers and the office: how many of the lesson's students finished it. */
  finished_count: z.number().int().nullable(),
  student_count: z.number().int().nullable(),
  abilities: z.object({
    play: z.boolean(),
    preview: z.boolean(),
    report: z.boolean(),
    update: z.boolean(),
    delete: z.boolean(),
  }),
});
export type ScormPackage = z.infer<typeof scormPackage>;

export const scormListQuery = teachingListQuery(['created_at', 'title'], 'created_at').extend({
  /** Parents: which child's standing to show (required for them). */
  student_id: positiveId.optional(),
});
export type ScormListQuery = z.input<typeof scormListQuery>;

export const scormUpdateBody = z.object({
  title: z.string().trim().min(1, 'This field is required').max(200).optional(),
  in_gradebook: flag.optional(),
});

/** What the player needs to start: the data to resume from and the package's signed link. */
export const scormLaunch = z.object({
  version: z.enum(SCORM_VERSIONS),
  /** Null in a preview: nothing is stored. */
  attempt_id: z.number().int().nullable(),
  attempt_number: z.number().int().nullable(),
  /** The `cmi` object to load into scorm-again (loadFromJSON) before the package starts. */
  cmi: z.record(z.string(), z.unknown()),
  /** The launch file through a signed link that needs no Token (and carries none). */
  content_url: z.string(),
  content_expires_at: z.string(),
});
export type ScormLaunch = z.infer<typeof scormLaunch>;

/** The largest `cmi` object a commit may carry (suspend data of 2004 alone may be 64,000). */
export const SCORM_COMMIT_MAX_CHARS = 400_000;

export const scormCommitBody = z.object({
  cmi: z
    .record(z.string(), z.unknown())
    .refine((cmi) => JSON.stringify(cmi).length <= SCORM_COMMIT_MAX_CHARS, {
      message: 'The tracking data is too large',
    }),
});

export const learnerRow = learnerStanding.extend({
  student_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});
export type LearnerRow = z.infer<typeof learnerRow>;

const packageParams = schoolRoleParams.extend({ id: idParam });

export const scormEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/scorm',
    access: 'school-role',
    summary:
      "SCORM packages of the caller's lessons (a student: with their standing; a parent: their child's, by student_id).",
    params: schoolRoleParams,
    query: scormListQuery,
    response: z.array(scormPackage),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/scorm/:id',
    access: 'school-role',
    summary: 'One SCORM package, with the standing the caller may see.',
    params: packageParams,
    query: z.object({ student_id: positiveId.optional() }),
    response: scormPackage,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/scorm',
    access: 'school-role',
    summary:
      'Upload a SCORM 1.2 or 2004 package (multipart: file = the zip, lesson_id, optional title); checked and stored unpacked.',
    params: schoolRoleParams,
    response: scormPackage,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/schools/:school_id/:role/scorm/:id',
    access: 'school-role',
    summary: "Rename a package, or count its best score in the lesson's gradebook (in_gradebook).",
    params: packageParams,
    body: scormUpdateBody,
    response: scormPackage,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/scorm/:id',
    access: 'school-role',
    summary: 'Delete a package with its files and every attempt.',
    params: packageParams,
    response: z.null(),
  }),
  launch: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/scorm/:id/launch',
    access: 'school-role',
    summary:
      "Start playing: a student's attempt to resume (or a new one, docs/scorm.md), a teacher's preview; answers the data to load and a signed content link.",
    params: packageParams,
    response: scormLaunch,
  }),
  commit: endpoint({
    method: 'POST',
    path: '/schools/:school_id/:role/scorm/:id/scorm-attempts/:attempt_id/commit',
    access: 'school-role',
    summary: "Store a commit of the learner's own attempt: the whole cmi object.",
    params: packageParams.extend({ attempt_id: idParam }),
    body: scormCommitBody,
    response: learnerStanding,
  }),
  learners: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/scorm/:id/learners',
    access: 'school-role',
    summary:
      "Each student of the package's lesson: status, best score, time and attempts (teachers and the office).",
    params: packageParams,
    response: z.array(learnerRow),
    list: true,
  }),
  content: endpoint({
    method: 'GET',
    path: '/scorm-content/:id/:expires/:signature/*',
    access: 'public',
    summary:
      "A package's file through the player's signed link, sandboxed by its CSP (no Token: the package never sees one).",
    params: z.object({
      id: idParam,
      expires: z.coerce.number().int().positive().max(99_999_999_999),
      signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid'),
      '*': z.string().max(2048),
    }),
    response: z.null(),
  }),
};
