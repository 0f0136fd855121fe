import type { Kysely } from 'kysely';
import {
  DEFAULT_GRADE_SCALE,
  GRADE_PUBLISHING,
  GRADE_ROUNDINGS,
  GRADE_SCALES,
  type GradePublishing,
  type GradeScale,
} from '../../../shared/grades/average';
import { runShaped } from '../../db/query-shapes';
import type { Database } from '../../db/schema';

// The school's assessment settings (admin settings screen), with the defaults a school that
// never set them gets. Attendance reads its own two from here too.

export interface AssessmentSettings {
  scale: GradeScale;
  publish: GradePublishing;
  absenceGraceMinutes: number;
  /** Unjustified absences per lesson that warn; 0 never. */
  absenceThreshold: number;
}

export const DEFAULT_ABSENCE_GRACE_MINUTES = 10;

const oneOf = <T extends string>(values: readonly T[], value: string | undefined, fallback: T) =>
  values.includes(value as T) ? (value as T) : fallback;

const wholeNumber = (value: string | undefined, fallback: number) =>
  value !== undefined && /^\d{1,4}$/.test(value) ? Number(value) : fallback;

const SETTING_NAMES = [
  'grade_scale',
  'grade_rounding',
  'grades_publish',
  'absence_notice_grace_minutes',
  'absence_threshold',
];

export async function assessmentSettings(
  db: Kysely<Database>,
  schoolId: number,
): Promise<AssessmentSettings> {
  // Read by every gradebook and attendance call: built once (query-shapes.ts).
  const rows = await runShaped(db, 'grades:settings', { schoolId, names: SETTING_NAMES }, (v) =>
    db
      .selectFrom('settings')
      .select(['name', 'data'])
      .where('school_id', '=', v.schoolId)
      .where('name', 'in', v.names),
  );
  const value = (name: string) => rows.find((r) => r.name === name)?.data;
  return {
    scale: {
      max: Number(oneOf(GRADE_SCALES, value('grade_scale'), '20')),
      rounding: oneOf(GRADE_ROUNDINGS, value('grade_rounding'), DEFAULT_GRADE_SCALE.rounding),
    },
    publish: oneOf(GRADE_PUBLISHING, value('grades_publish'), 'immediately'),
    absenceGraceMinutes: wholeNumber(
      value('absence_notice_grace_minutes'),
      DEFAULT_ABSENCE_GRACE_MINUTES,
    ),
    absenceThreshold: wholeNumber(value('absence_threshold'), 0),
  };
}
