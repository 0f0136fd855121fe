import type { ColumnType } from 'kysely';
import type { Flag, LinkTable, SchoolRecord, TableColumns } from '../../db/column-types';

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
