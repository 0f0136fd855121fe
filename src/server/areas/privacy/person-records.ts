import type { Database } from '../../db/schema';

// Where the database refers to a person: every column that points at their account (users)
// or at one of their memberships (a role in a school). The export reads these; a test checks
// this list against the foreign keys of the migrated database, so a new table that refers to
// people cannot be forgotten.

export interface PersonReference {
  table: keyof Database & string;
  column: string;
  /** `user`: the account's id; `membership`: the ids of its memberships in the school. */
  points: 'user' | 'membership';
  /** Whether the table has school_id (then only the school's rows are read). */
  school: boolean;
  /** Not exported: kept secrets and caches, not records about the person. */
  export?: false;
}

export const PERSON_REFERENCES: PersonReference[] = [
  { table: 'sessions', column: 'user_id', points: 'user', school: false },
  { table: 'password_tokens', column: 'user_id', points: 'user', school: false, export: false },
  { table: 'memberships', column: 'user_id', points: 'user', school: true },
  { table: 'permission_group_members', column: 'user_id', points: 'user', school: true },
  { table: 'audit_log', column: 'actor_user_id', points: 'user', school: true },
  { table: 'audit_log', column: 'as_user_id', points: 'user', school: true },
  { table: 'notifications', column: 'user_id', points: 'user', school: true },
  { table: 'chat_room_members', column: 'user_id', points: 'user', school: true },
  { table: 'chat_messages', column: 'user_id', points: 'user', school: true },
  { table: 'lesson_teachers', column: 'teacher_id', points: 'membership', school: true },
  { table: 'lesson_students', column: 'student_id', points: 'membership', school: true },
  { table: 'student_guardians', column: 'client_id', points: 'membership', school: true },
  { table: 'student_guardians', column: 'student_id', points: 'membership', school: true },
  { table: 'member_tags', column: 'membership_id', points: 'membership', school: true },
  { table: 'announcements', column: 'author_user_id', points: 'user', school: true },
  { table: 'school_invitations', column: 'invited_by_user_id', points: 'user', school: true },
  { table: 'school_invitations', column: 'placeholder_user_id', points: 'user', school: true },
  { table: 'idempotency_keys', column: 'user_id', points: 'user', school: false, export: false },
  { table: 'chapters', column: 'author_user_id', points: 'user', school: true },
  { table: 'tasks', column: 'author_user_id', points: 'user', school: true },
  { table: 'task_submissions', column: 'graded_by_user_id', points: 'user', school: true },
  { table: 'task_submissions', column: 'student_id', points: 'membership', school: true },
  { table: 'task_books', column: 'author_user_id', points: 'user', school: true },
  { table: 'chapter_reads', column: 'student_id', points: 'membership', school: true },
  { table: 'files', column: 'uploaded_by_user_id', points: 'user', school: true },
  { table: 'calendar_feeds', column: 'membership_id', points: 'membership', school: true },
  { table: 'quizzes', column: 'author_user_id', points: 'user', school: true },
  { table: 'quiz_attempts', column: 'student_id', points: 'membership', school: true },
  { table: 'quiz_answers', column: 'graded_by_user_id', points: 'user', school: true },
  { table: 'grade_entries', column: 'updated_by_user_id', points: 'user', school: true },
  { table: 'grade_entries', column: 'student_id', points: 'membership', school: true },
  { table: 'grade_sub_period_states', column: 'changed_by_user_id', points: 'user', school: true },
  { table: 'attendance_records', column: 'recorded_by_user_id', points: 'user', school: true },
  { table: 'attendance_records', column: 'justified_by_user_id', points: 'user', school: true },
  { table: 'attendance_records', column: 'student_id', points: 'membership', school: true },
  { table: 'absence_notices', column: 'student_id', points: 'membership', school: true },
  { table: 'grade_remarks', column: 'updated_by_user_id', points: 'user', school: true },
  { table: 'grade_remarks', column: 'student_id', points: 'membership', school: true },
  { table: 'live_sessions', column: 'host_user_id', points: 'user', school: true },
  { table: 'live_session_presence', column: 'membership_id', points: 'membership', school: true },
  { table: 'live_session_presence', column: 'user_id', points: 'user', school: true },
  { table: 'notification_preferences', column: 'user_id', points: 'user', school: false },
  { table: 'push_subscriptions', column: 'user_id', points: 'user', school: false, export: false },
  { table: 'assistant_sessions', column: 'user_id', points: 'user', school: true },
  { table: 'chat_rooms', column: 'created_by_user_id', points: 'user', school: true },
  { table: 'chat_messages', column: 'deleted_by_user_id', points: 'user', school: true },
  { table: 'charges', column: 'created_by_user_id', points: 'user', school: true },
  { table: 'charges', column: 'student_id', points: 'membership', school: true },
  { table: 'charges', column: 'client_id', points: 'membership', school: true },
  { table: 'installments', column: 'client_id', points: 'membership', school: true },
  { table: 'payments', column: 'created_by_user_id', points: 'user', school: true },
  { table: 'payments', column: 'client_id', points: 'membership', school: true },
  { table: 'transactions', column: 'created_by_user_id', points: 'user', school: true },
  { table: 'transactions', column: 'client_id', points: 'membership', school: true },
  { table: 'finance_reminders', column: 'client_id', points: 'membership', school: true },
  { table: 'invoice_documents', column: 'issued_by_user_id', points: 'user', school: true },
  { table: 'invoice_documents', column: 'payer_membership_id', points: 'membership', school: true },
  { table: 'scorm_packages', column: 'uploaded_by_user_id', points: 'user', school: true },
  { table: 'scorm_attempts', column: 'student_id', points: 'membership', school: true },
  { table: 'report_exports', column: 'user_id', points: 'user', school: true, export: false },
  { table: 'report_card_batches', column: 'user_id', points: 'user', school: true, export: false },
];

/** Columns never written into an export: secrets, not facts about the person. */
export const UNEXPORTED_COLUMNS = new Set(['password_hash', 'token_hash', 'p256dh', 'auth']);

/**
 * Free texts in the school's records that may name someone (a notification to a parent about
 * their child, an audit entry's detail, a teacher's comment). On erase, the person's old
 * name and e-mail are replaced in these, in the school's rows that hold them.
 */
export const FREE_TEXT_COLUMNS: { table: keyof Database & string; columns: string[] }[] = [
  { table: 'notifications', columns: ['title', 'body'] },
  { table: 'audit_log', columns: ['detail'] },
  { table: 'chat_messages', columns: ['body'] },
  { table: 'announcements', columns: ['title', 'body', 'search_text'] },
  { table: 'grade_entries', columns: ['comment'] },
  { table: 'grade_remarks', columns: ['comment'] },
  { table: 'attendance_records', columns: ['justification_note'] },
  { table: 'task_submissions', columns: ['feedback'] },
  { table: 'school_invitations', columns: ['email'] },
  // A direct conversation is named after the two people in it.
  { table: 'chat_rooms', columns: ['name'] },
];

/**
 * The financial records the law requires a school to keep (charges, payments, the ledger and
 * the documents sent to myDATA): erasing a person changes none of their rows, which go on
 * pointing at the anonymised account.
 */
export const KEPT_FINANCIAL_TABLES = [
  'charges',
  'installments',
  'payments',
  'payment_allocations',
  'transactions',
  'invoice_documents',
  'invoice_lines',
] as const;
