import { z } from 'zod';

/** Error codes of DESIGN.md, with the HTTP status each one travels with. */
export const ERROR_STATUS = {
  validation: 400,
  invalid_credentials: 401,
  login_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ApiSuccess<T> {
  status: 'ok';
  data: T;
  totalCount?: number;
}

/**
 * Why a rule refused a write, as a code the renderer words in the user's language (the
 * English `message` and `fields` stay for other clients). `field` names the input it is about.
 */
export const RULE_CODES = [
  /** Another record of the school already has this value (params: none). */
  'unique',
  /** A chosen reference does not exist in this school. */
  'unknown_choice',
  /** The person is already in this list of the school. */
  'already_member',
  /** The account is shared with another school or holds more than the caller may manage. */
  'account_not_yours',
  /** Another account already uses this e-mail. */
  'email_taken',
  /** Granting, changing or removing the admin role needs full access. */
  'admin_needs_full_access',
  /** The school would be left without an admin who has full access. */
  'last_full_admin',
  /** A new admin cannot get more than the granter holds. */
  'beyond_your_access',
  /** You cannot do this to your own account (remove yourself, drop your own admin role). */
  'not_on_yourself',
  /** Only the author (or the office) may change this. */
  'not_your_record',
  /** The record is used elsewhere and cannot be deleted. */
  'in_use',
  /** Teachers write chapters, tasks and task books only for lessons they teach. */
  'not_your_lesson',
  /** The task is not open yet (params: open_at). */
  'not_open_yet',
  /** The due date has passed: handed-in work can no longer change (params: due_at). */
  'past_due',
  /** The due date has passed and this task takes no late work (params: due_at). */
  'late_not_accepted',
  /** The work is graded; the teacher may return it for another try. */
  'already_graded',
  /** Only handed-in work can be graded or returned. */
  'not_handed_in',
  /** More points than the task is worth (params: max). */
  'points_over_max',
  /** A step of a task book must be a task or chapter of the book's lesson. */
  'not_in_lesson',
  /** This kind of file is not accepted (executables). */
  'file_type_refused',
  /** The quiz is not open yet (params: opens_at). */
  'quiz_not_open',
  /** The quiz has closed (params: closes_at). */
  'quiz_closed',
  /** Every attempt the quiz allows is used (params: allowed). */
  'no_attempts_left',
  /** The attempt is submitted or past its deadline (params: deadline_at). */
  'attempt_closed',
  /** Only a submitted attempt can be graded. */
  'attempt_not_submitted',
  /** Students have started the quiz: its questions can no longer change. */
  'quiz_attempted',
  /** The sub-period is closed: its grades are read-only until the office reopens it. */
  'sub_period_closed',
  /** The item is graded where it was set (its quiz or task). */
  'graded_elsewhere',
  /** A value outside the item's points (params: max). */
  'value_out_of_scale',
  /** A value with more than two decimals. */
  'too_many_decimals',
  /** Students already have more points than the new maximum. */
  'values_over_max',
  /** Another category already collects this kind of item (params: name). */
  'collector_exists',
  /** The student is not on the lesson's roster. */
  'not_in_roster',
  /** The upload is larger than the server accepts (params: max_mb). */
  'file_too_large',
  /** A SCORM upload that is not a zip archive, or a damaged one. */
  'scorm_not_zip',
  /** A SCORM package without imsmanifest.xml at its root. */
  'scorm_no_manifest',
  /** The manifest cannot be read, or names no launch file (params: reason). */
  'scorm_bad_manifest',
  /** The launch file the manifest names is not in the package (params: path). */
  'scorm_no_launch_file',
  /** A path that would leave the package: `..`, absolute, backslashes (params: path). */
  'scorm_unsafe_path',
  /** A symbolic link inside the package (params: path). */
  'scorm_symlink',
  /** Unpacked, the package (or one file, or the count of files) is over a limit (params: max_mb or max_files). */
  'scorm_too_large',
  /** Encrypted entries or compression the server cannot read (params: path). */
  'scorm_unreadable_entry',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

export interface RuleIssue {
  code: RuleCode;
  field?: string;
  params?: Record<string, string | number>;
}

export interface ApiFailure {
  status: 'error';
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  issues?: RuleIssue[];
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/** Schema of a success envelope around a data schema, for the OpenAPI document. */
export const okEnvelope = <T extends z.ZodType>(data: T, list = false) =>
  z.object({
    status: z.literal('ok'),
    data,
    ...(list ? { totalCount: z.number().int() } : {}),
  });

export const failureEnvelope = z.object({
  status: z.literal('error'),
  error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  issues: z
    .array(
      z.object({
        code: z.enum(RULE_CODES),
        field: z.string().optional(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      }),
    )
    .optional(),
});

/** Turns zod issues into {field: first message} for the `fields` of a validation error. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}
