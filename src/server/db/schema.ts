import { ACCOUNT_COLUMNS, type AccountTables } from '../areas/account/tables';
import { ANNOUNCEMENTS_COLUMNS, type AnnouncementTables } from '../areas/announcements/tables';
import { INBOX_COLUMNS, type InboxTables } from '../areas/inbox/tables';
import { CHAT_COLUMNS, type ChatTables } from '../areas/chat/tables';
import { LESSONS_COLUMNS, type LessonTables } from '../areas/lessons/tables';
import { PEOPLE_COLUMNS, type PeopleTables } from '../areas/people/tables';
import { PERMISSIONS_COLUMNS, type PermissionTables } from '../areas/permissions/tables';
import { SCHOOL_COLUMNS, type SchoolTables } from '../areas/school/tables';
import { STRUCTURE_COLUMNS, type StructureTables } from '../areas/structure/tables';
import { AUDIT_COLUMNS, type AuditTables } from '../audit/tables';
import { JOB_COLUMNS, type JobTables } from '../jobs/tables';
import { CALENDAR_COLUMNS, type CalendarTables } from '../areas/calendar/tables';
import { CHAPTERS_COLUMNS, type ChapterTables } from '../areas/chapters/tables';
import { FILES_COLUMNS, type FileTables } from '../areas/files/tables';
import { TASKBOOKS_COLUMNS, type TaskBookTables } from '../areas/taskbooks/tables';
import { TASKS_COLUMNS, type TaskTables } from '../areas/tasks/tables';
import { QUIZZES_COLUMNS, type QuizTables } from '../areas/quizzes/tables';
import { ATTENDANCE_COLUMNS, type AttendanceTables } from '../areas/attendance/tables';
import { GRADES_COLUMNS, type GradeTables } from '../areas/grades/tables';
import { ASSISTANT_COLUMNS, type AssistantTables } from '../areas/assistant/tables';
import {
  NOTIFICATION_DELIVERY_COLUMNS,
  type NotificationDeliveryTables,
} from '../areas/notifications/tables';
import { LIVE_SESSIONS_COLUMNS, type LiveSessionTables } from '../areas/sessions/tables';
import { INVOICES_COLUMNS, type InvoiceTables } from '../areas/invoices/tables';
import { FINANCE_COLUMNS, type FinanceTables } from '../areas/finance/tables';
import { SCORM_COLUMNS, type ScormTables } from '../areas/scorm/tables';
import { REPORTS_COLUMNS, type ReportTables } from '../areas/reports/tables';
import type { TableColumns } from './column-types';

// The database as kysely sees it: every area keeps its own tables' types (areas/<area>/tables.ts)
// and this joins them. Column types and conventions: column-types.ts.

export interface Database
  extends
    AccountTables,
    SchoolTables,
    PeopleTables,
    StructureTables,
    LessonTables,
    PermissionTables,
    AnnouncementTables,
    InboxTables,
    ChatTables,
    AuditTables,
    JobTables,
    ChapterTables,
    TaskTables,
    TaskBookTables,
    FileTables,
    CalendarTables,
    QuizTables,
    GradeTables,
    AttendanceTables,
    AssistantTables,
    NotificationDeliveryTables,
    LiveSessionTables,
    InvoiceTables,
    FinanceTables,
    ScormTables,
    ReportTables {}

/** Every table's columns; a table missing here does not compile. */
export const DATABASE_COLUMNS: TableColumns<Database> = {
  ...ACCOUNT_COLUMNS,
  ...SCHOOL_COLUMNS,
  ...PEOPLE_COLUMNS,
  ...STRUCTURE_COLUMNS,
  ...LESSONS_COLUMNS,
  ...PERMISSIONS_COLUMNS,
  ...ANNOUNCEMENTS_COLUMNS,
  ...INBOX_COLUMNS,
  ...CHAT_COLUMNS,
  ...AUDIT_COLUMNS,
  ...JOB_COLUMNS,
  ...CHAPTERS_COLUMNS,
  ...TASKS_COLUMNS,
  ...TASKBOOKS_COLUMNS,
  ...FILES_COLUMNS,
  ...CALENDAR_COLUMNS,
  ...QUIZZES_COLUMNS,
  ...GRADES_COLUMNS,
  ...ATTENDANCE_COLUMNS,
  ...ASSISTANT_COLUMNS,
  ...NOTIFICATION_DELIVERY_COLUMNS,
  ...LIVE_SESSIONS_COLUMNS,
  ...INVOICES_COLUMNS,
  ...FINANCE_COLUMNS,
  ...SCORM_COLUMNS,
  ...REPORTS_COLUMNS,
};
