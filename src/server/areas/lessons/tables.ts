import type { ColumnType } from 'kysely';
import type { Flag, Id, LinkTable, SchoolRecord, TableColumns } from '../../db/column-types';

// Table types of lessons with their teachers, students, timetable and templates. db/schema.ts
// joins every area's tables into Database.

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

/** A template's chapter, copied into each lesson made from the template. */
export interface LessonTemplateChaptersTable {
  id: Id;
  school_id: number;
  template_id: number;
  title: string;
  /** The Lexical editor state as JSON text. */
  content: string;
  content_text: string;
  sort_order: number;
}

/** A template's task; its times are days after the new lesson's start. */
export interface LessonTemplateTasksTable {
  id: Id;
  school_id: number;
  template_id: number;
  title: string;
  /** The Lexical editor state as JSON text. */
  description: string;
  description_text: string;
  points: number;
  accept_late: Flag;
  open_offset_days: number;
  due_offset_days: number;
  sort_order: number;
}

export interface LessonTeachersTable extends LinkTable {
  lesson_id: number;
  teacher_id: number;
}

export interface LessonStudentsTable extends LinkTable {
  lesson_id: number;
  student_id: number;
}

export interface LessonTables {
  lessons: LessonsTable;
  lesson_schedules: LessonSchedulesTable;
  lesson_templates: LessonTemplatesTable;
  lesson_template_chapters: LessonTemplateChaptersTable;
  lesson_template_tasks: LessonTemplateTasksTable;
  lesson_teachers: LessonTeachersTable;
  lesson_students: LessonStudentsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const LESSONS_COLUMNS: TableColumns<LessonTables> = {
  lessons: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    course_id: true,
    period_id: true,
    room_id: true,
    level_id: true,
    color: true,
    description: true,
    active: true,
  },
  lesson_schedules: {
    id: true,
    school_id: true,
    search_text: true,
    lesson_id: true,
    weekday: true,
    start_time: true,
    end_time: true,
    room_id: true,
  },
  lesson_templates: {
    id: true,
    school_id: true,
    search_text: true,
    name: true,
    course_id: true,
    duration_minutes: true,
    description: true,
  },
  lesson_template_chapters: {
    id: true,
    school_id: true,
    template_id: true,
    title: true,
    content: true,
    content_text: true,
    sort_order: true,
  },
  lesson_template_tasks: {
    id: true,
    school_id: true,
    template_id: true,
    title: true,
    description: true,
    description_text: true,
    points: true,
    accept_late: true,
    open_offset_days: true,
    due_offset_days: true,
    sort_order: true,
  },
  lesson_teachers: {
    id: true,
    school_id: true,
    lesson_id: true,
    teacher_id: true,
  },
  lesson_students: {
    id: true,
    school_id: true,
    lesson_id: true,
    student_id: true,
  },
};
