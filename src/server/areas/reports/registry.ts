import type { ReportDefinition } from './definition';
import { attendanceByLessonMonth } from './definitions/attendance-by-lesson-month';
import { enrolmentByLevelCourse } from './definitions/enrolment-by-level-course';
import { gradesDistribution } from './definitions/grades-distribution';
import { studentsAtRisk } from './definitions/students-at-risk';
import { studentsOverAbsenceThreshold } from './definitions/students-over-absence-threshold';

/** Every report, in the order the list shows them. Adding a report is adding it here. */
export const REPORTS: readonly ReportDefinition[] = [
  attendanceByLessonMonth,
  studentsOverAbsenceThreshold,
  gradesDistribution,
  studentsAtRisk,
  enrolmentByLevelCourse,
];

export const reportById = (id: string) => REPORTS.find((r) => r.id === id);
