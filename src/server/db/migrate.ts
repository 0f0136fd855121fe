import type { Kysely } from 'kysely';
import { Migrator, type Migration as KyselyMigration } from 'kysely/migration';
import type { DatabaseKind } from './database';
import { foundation } from './migrations/001_foundation';
import type { Migration } from './migrations/helpers';
import { resources } from './migrations/002_resources';
import { accountAuthority } from './migrations/003_account_authority';
import { jobs } from './migrations/004_jobs';
import { accountSecurity } from './migrations/005_account_security';
import { teaching } from './migrations/010_teaching';
import { lessonTemplateMaterial } from './migrations/011_lesson_template_material';
import { filesList } from './migrations/012_files_list';
import { quizzes } from './migrations/020_quizzes';
import { assessment } from './migrations/021_assessment';
import { gradeRemarks } from './migrations/022_grade_remarks';
import { assistantIndex } from './migrations/050_assistant_index';
import { assistantChats } from './migrations/051_assistant_chats';
import { reportExports } from './migrations/060_report_exports';
import { reportCardBatches } from './migrations/062_report_card_batches';
import { notificationDelivery } from './migrations/036_notification_delivery';
import { notificationLesson } from './migrations/037_notification_lesson';
import { liveSessions } from './migrations/030_live_sessions';
import { invoices } from './migrations/044_invoices';
import { finance } from './migrations/040_finance';
import { ledgerMonthTotals } from './migrations/041_ledger_month_totals';
import { financeEnrolment } from './migrations/061_finance_enrolment';
import { chat } from './migrations/033_chat';
import { scorm } from './migrations/052_scorm';
import { chatAttachments } from './migrations/064_chat_attachments';
import { ledgerTotalsRebuild } from './migrations/065_ledger_totals_rebuild';
import { ledgerDayTotals } from './migrations/068_ledger_day_totals';
import type { Database } from './schema';

/** Every migration (run in the order of their names). Names never change once released. */
export const MIGRATIONS: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_resources': resources,
  '003_account_authority': accountAuthority,
  '004_jobs': jobs,
  '005_account_security': accountSecurity,
  '010_teaching': teaching,
  '011_lesson_template_material': lessonTemplateMaterial,
  '012_files_list': filesList,
  '020_quizzes': quizzes,
  '021_assessment': assessment,
  '022_grade_remarks': gradeRemarks,
  '030_live_sessions': liveSessions,
  '033_chat': chat,
  '036_notification_delivery': notificationDelivery,
  '037_notification_lesson': notificationLesson,
  '040_finance': finance,
  '041_ledger_month_totals': ledgerMonthTotals,
  '044_invoices': invoices,
  '050_assistant_index': assistantIndex,
  '051_assistant_chats': assistantChats,
  '052_scorm': scorm,
  '060_report_exports': reportExports,
  '061_finance_enrolment': financeEnrolment,
  '062_report_card_batches': reportCardBatches,
  '064_chat_attachments': chatAttachments,
  '065_ledger_totals_rebuild': ledgerTotalsRebuild,
  '068_ledger_day_totals': ledgerDayTotals,
};

/** Brings the database up to date; runs on every start. */
export async function migrateToLatest(
  db: Kysely<Database>,
  kind: DatabaseKind,
  /** PostgreSQL schema the database lives in; kysely must keep its own tables there too. */
  schema?: string,
): Promise<void> {
  const migrations: Record<string, KyselyMigration> = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [
      name,
      { up: (d: Kysely<unknown>) => m.up(d, kind) },
    ]),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(kind === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
