import type { ReportDefinition } from './definition';
import { attendanceByLessonMonth } from './definitions/attendance-by-lesson-month';
import { enrolmentByLevelCourse } from './definitions/enrolment-by-level-course';
import { fundBalancesReport } from './definitions/fund-balances';
import { gradesDistribution } from './definitions/grades-distribution';
import { incomeExpenseByMonth } from './definitions/income-expense-by-month';
import { liveSessionsByLesson } from './definitions/live-sessions-by-lesson';
import { mydataNotAccepted } from './definitions/mydata-not-accepted';
import { outstandingBalances } from './definitions/outstanding-balances';
import { studentsAtRisk } from './definitions/students-at-risk';
import { studentsOverAbsenceThreshold } from './definitions/students-over-absence-threshold';

/** Every report, in the order the list shows them. Adding a report is adding it here. */
export const REPORTS: readonly ReportDefinition[] = [
  attendanceByLessonMonth,
  studentsOverAbsenceThreshold,
  gradesDistribution,
  studentsAtRisk,
  enrolmentByLevelCourse,
  liveSessionsByLesson,
  incomeExpenseByMonth,
  outstandingBalances,
  fundBalancesReport,
  mydataNotAccepted,
];

export const reportById = (id: string) => REPORTS.find((r) => r.id === id);
