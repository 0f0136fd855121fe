// What a learner's SCORM data says, read from the CMI data model as scorm-again renders it
// (the `cmi` object of a commit). The server derives the report's columns from it with these
// rules, so that a package cannot claim a status by any other way than its own data.

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** A learner's standing in a package, as the reports show it. */
export const LEARNER_STATUSES = [
  'not_attempted',
  'incomplete',
  'completed',
  'passed',
  'failed',
] as const;
export type LearnerStatus = (typeof LEARNER_STATUSES)[number];

export interface CmiSummary {
  status: Exclude<LearnerStatus, 'not_attempted'>;
  completion_status: string | null;
  success_status: string | null;
  score_raw: number | null;
  score_min: number | null;
  score_max: number | null;
  score_scaled: number | null;
  session_seconds: number;
  suspend_data: string | null;
  location: string | null;
  exit: string | null;
}

type Json = Record<string, unknown>;
const objectAt = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const textAt = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;
const numberAt = (value: unknown): number | null => {
  const text = textAt(value);
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Seconds of a SCORM 1.2 CMITimespan (`HHHH:MM:SS.SS`); 0 when not one. */
export function seconds12(value: string | null): number {
  const match = value ? /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/.exec(value) : null;
  if (!match) return 0;
  return Math.round(Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]));
}

/** Seconds of a SCORM 2004 timeinterval (ISO 8601 duration, `P1DT2H3M4.5S`); 0 when not one. */
export function seconds2004(value: string | null): number {
  const match = value
    ? /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
        value,
      )
    : null;
  if (!match || value === 'P' || value?.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = match.map((part) => Number(part ?? 0));
  return Math.round(
    (y ?? 0) * 31_536_000 +
      (mo ?? 0) * 2_592_000 +
      (d ?? 0) * 86_400 +
      (h ?? 0) * 3600 +
      (mi ?? 0) * 60 +
      (s ?? 0),
  );
}

/** Seconds as a SCORM 1.2 CMITimespan. */
export function timespan12(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(4, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Seconds as a SCORM 2004 timeinterval. */
export function interval2004(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h}H${m}M${s}S`;
}

/** The report's columns from a commit's `cmi` object. */
export function summarizeCmi(version: ScormVersion, cmi: Json): CmiSummary {
  if (version === '1.2') {
    const core = objectAt(cmi.core);
    const score = objectAt(core.score);
    const lessonStatus = textAt(core.lesson_status);
    const status =
      lessonStatus === 'passed' || lessonStatus === 'failed' || lessonStatus === 'completed'
        ? lessonStatus
        : 'incomplete';
    return {
      status,
      completion_status: lessonStatus,
      success_status: lessonStatus === 'passed' || lessonStatus === 'failed' ? lessonStatus : null,
      score_raw: numberAt(score.raw),
      score_min: numberAt(score.min),
      score_max: numberAt(score.max),
      score_scaled: null,
      session_seconds: seconds12(textAt(core.session_time)),
      suspend_data: textAt(cmi.suspend_data),
      location: textAt(core.lesson_location),
      exit: textAt(core.exit),
    };
  }
  const score = objectAt(cmi.score);
  const completion = textAt(cmi.completion_status);
  const success = textAt(cmi.success_status);
  const status =
    success === 'passed' || success === 'failed'
      ? success
      : completion === 'completed'
        ? 'completed'
        : 'incomplete';
  return {
    status,
    completion_status: completion,
    success_status: success,
    score_raw: numberAt(score.raw),
    score_min: numberAt(score.min),
    score_max: numberAt(score.max),
    score_scaled: numberAt(score.scaled),
    session_seconds: seconds2004(textAt(cmi.session_time)),
    suspend_data: textAt(cmi.suspend_data),
    location: textAt(cmi.location),
    exit: textAt(cmi.exit),
  };
}

/**
 * A score as a percentage (0–100, two decimals): the scaled score when the package gives one,
 * else the raw score within its min and max (0 and 100 when not given); null without a score.
 */
export function scorePercent(score: {
  score_raw: number | null;
  score_min: number | null;
  score_max: number | null;
  score_scaled: number | null;
}): number | null {
  let share: number | null = null;
  if (score.score_scaled !== null) share = score.score_scaled;
  else if (score.score_raw !== null) {
    const min = score.score_min ?? 0;
    const max = score.score_max ?? 100;
    share = max > min ? (score.score_raw - min) / (max - min) : null;
  }
  if (share === null) return null;
  return Math.round(Math.min(1, Math.max(0, share)) * 10_000) / 100;
}

/** Whether an attempt is over: it reached an end and the learner did not leave it suspended. */
export const attemptIsFinished = (attempt: { status: string; exit: string | null }) =>
  attempt.status !== 'incomplete' && attempt.exit !== 'suspend';

const RANK: Record<LearnerStatus, number> = {
  not_attempted: 0,
  incomplete: 1,
  failed: 2,
  completed: 3,
  passed: 4,
};

/** The better of two statuses, for a learner's standing over several attempts. */
export const betterStatus = (a: LearnerStatus, b: LearnerStatus): LearnerStatus =>
  RANK[b] > RANK[a] ? b : a;
