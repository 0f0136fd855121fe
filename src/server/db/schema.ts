import type { ColumnType, Generated } from 'kysely';

// Table types for kysely. Booleans are integers 0/1 and instants ISO-8601 text on both
// SQLite and PostgreSQL, so that one set of queries serves both.

type Flag = number;
type Instant = string;
type Day = string;
type Id = Generated<number>;

export interface UsersTable {
  id: Id;
  username: string;
  email: string | null;
  first_name: string;
  last_name: string;
  password_hash: string | null;
  language: string;
  logo: string | null;
  disabled: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: Instant;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  platform: string | null;
  remember_me: Flag;
  created_at: Instant;
  expires_at: Instant;
  last_used_at: Instant;
  revoked_at: Instant | null;
  ip: string | null;
}

export interface PasswordTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'create';
  created_at: Instant;
  expires_at: Instant;
  used_at: Instant | null;
}

export interface WhiteLabelsTable {
  id: string;
  host: string | null;
  name: string;
  logo: string | null;
  splash: string | null;
  login_img: string | null;
  colors: string;
}

export interface SchoolsTable {
  id: Id;
  name: string;
  logo: string | null;
  white_label_id: string | null;
  created_at: Instant;
}

export interface MembershipsTable {
  id: Id;
  school_id: number;
  user_id: number;
  role: string;
  created_at: Instant;
  search_text: ColumnType<string, string | undefined, string>;
  sort_name: ColumnType<string, string | undefined, string>;
  code: ColumnType<string | null, string | null | undefined, string | null>;
  phone: ColumnType<string | null, string | null | undefined, string | null>;
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  birth_date: ColumnType<Day | null, Day | null | undefined, Day | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  postal_code: ColumnType<string | null, string | null | undefined, string | null>;
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  tax_office: ColumnType<string | null, string | null | undefined, string | null>;
  subjects: ColumnType<string | null, string | null | undefined, string | null>;
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  level_id: ColumnType<number | null, number | null | undefined, number | null>;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}

export interface SettingsTable {
  id: Id;
  school_id: number;
  name: string;
  data: string;
  is_json: Flag;
}

export interface CategoriesTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  type: string;
  name: string;
  color: string | null;
}

export interface PeriodsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  name: string;
  start_date: Day;
  end_date: Day;
  is_current: Flag;
}

export interface SubPeriodsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  period_id: number;
  name: string;
  start_date: Day;
  end_date: Day;
}

export interface PermissionGroupsTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  name: string;
}

export interface PermissionRulesTable {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
  group_id: number;
  resource: string;
  can_read: Flag;
  can_write: Flag;
}

export interface PermissionGroupMembersTable {
  id: Id;
  school_id: number;
  group_id: number;
  user_id: number;
}

export interface AuditLogTable {
  id: Id;
  school_id: number | null;
  /** The signed-in user who made the request. */
  actor_user_id: number | null;
  /** The user the request acted as, when impersonating. */
  as_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: string | null;
  request_id: string | null;
  ip: string | null;
  created_at: Instant;
}

export interface NotificationsTable {
  id: Id;
  school_id: number;
  user_id: number;
  role: string;
  title: string;
  body: string | null;
  entity: string | null;
  entity_id: number | null;
  created_at: Instant;
  seen_at: Instant | null;
}

export interface ChatRoomsTable {
  id: Id;
  school_id: number;
  name: string;
  created_at: Instant;
}

export interface ChatRoomMembersTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  last_read_message_id: number;
}

export interface ChatMessagesTable {
  id: Id;
  school_id: number;
  room_id: number;
  user_id: number;
  body: string;
  created_at: Instant;
}

/** Columns every engine-managed table has besides its own. */
interface SchoolRecord {
  id: Id;
  school_id: number;
  search_text: ColumnType<string, string | undefined, string>;
}

export interface LevelsTable extends SchoolRecord {
  name: string;
  sort_order: ColumnType<number, number | undefined, number>;
  description: string | null;
}
export interface TagsTable extends SchoolRecord {
  name: string;
  color: string | null;
}
export interface SitesTable extends SchoolRecord {
  name: string;
  address: string | null;
  city: string | null;
  phone: string | null;
}
export interface RoomsTable extends SchoolRecord {
  site_id: number;
  name: string;
  capacity: number | null;
}
export interface CoursesTable extends SchoolRecord {
  name: string;
  code: string | null;
  level_id: number | null;
  category_id: number | null;
  color: string | null;
  description: string | null;
}
export interface LessonsTable extends SchoolRecord {
  name: string;
  course_id: number | null;
  period_id: number | null;
  room_id: number | null;
  level_id: number | null;
  color: string | null;
  description: string | null;
  active: ColumnType<Flag, Flag | undefined, Flag>;
}
export interface LessonSchedulesTable extends SchoolRecord {
  lesson_id: number;
  weekday: number;
  start_time: string;
  end_time: string;
  room_id: number | null;
}
export interface LessonTemplatesTable extends SchoolRecord {
  name: string;
  course_id: number | null;
  duration_minutes: number | null;
  description: string | null;
}
export interface AnnouncementsTable extends SchoolRecord {
  title: string;
  body: string;
  audience: string;
  lesson_id: number | null;
  category_id: number | null;
  author_user_id: number | null;
  created_at: Instant;
}
interface LinkTable {
  id: Id;
  school_id: number;
}
export interface LessonTeachersTable extends LinkTable {
  lesson_id: number;
  teacher_id: number;
}
export interface LessonStudentsTable extends LinkTable {
  lesson_id: number;
  student_id: number;
}
export interface StudentGuardiansTable extends LinkTable {
  student_id: number;
  client_id: number;
}
export interface MemberTagsTable extends LinkTable {
  membership_id: number;
  tag_id: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  white_labels: WhiteLabelsTable;
  schools: SchoolsTable;
  memberships: MembershipsTable;
  settings: SettingsTable;
  categories: CategoriesTable;
  periods: PeriodsTable;
  sub_periods: SubPeriodsTable;
  permission_groups: PermissionGroupsTable;
  permission_rules: PermissionRulesTable;
  permission_group_members: PermissionGroupMembersTable;
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  chat_rooms: ChatRoomsTable;
  chat_room_members: ChatRoomMembersTable;
  chat_messages: ChatMessagesTable;
  levels: LevelsTable;
  tags: TagsTable;
  sites: SitesTable;
  rooms: RoomsTable;
  courses: CoursesTable;
  lessons: LessonsTable;
  lesson_schedules: LessonSchedulesTable;
  lesson_templates: LessonTemplatesTable;
  announcements: AnnouncementsTable;
  lesson_teachers: LessonTeachersTable;
  lesson_students: LessonStudentsTable;
  student_guardians: StudentGuardiansTable;
  member_tags: MemberTagsTable;
}
