import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of the gradebook; db/schema.ts adds them to Database.

/** Where an item's grades come from: the teacher's own items, or another area's records. */
export type GradeSourceKind = 'task' | 'quiz' | 'scorm';
export type GradeItemKind = 'oral' | 'test' | 'exam' | 'task' | 'quiz' | 'scorm';

export interface GradeCategoriesTable {
  id: Id;
  school_id: number;
  lesson_id: number;
  sub_period_id: number;
  name: string;
  /** Relative weight; the grade divides by the weights of the categories with grades. */
  weight: number;
  /** The kind of records it collects by itself (null: the teacher's items only). */
  source_kind: GradeSourceKind | null;
  sort_order: number;
  created_at: Instant;
  updated_at: Instant;
}

export interface GradeItemsTable {
  id: Id;
  school_id: number;
  lesson_id: number;
  sub_period_id: number;
  category_id: number | null;
  kind: GradeItemKind;
  /** Set when another area owns the item (a quiz): its kind and record id. */
  source_kind: GradeSourceKind | null;
  source_id: number | null;
  title: string;
  max_points: number;
  date: string | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface GradeEntriesTable {
  id: Id;
  school_id: number;
  item_id: number;
  /** The student's membership. */
  student_id: number;
  /** Points on the item's own scale, in hundredths (17.5 of 20 is 1750). */
  value_hundredths: number | null;
  comment: string | null;
  updated_by_user_id: number | null;
  updated_at: Instant;
}

export interface GradeSubPeriodStatesTable {
  id: Id;
  school_id: number;
  sub_period_id: number;
  closed: Flag;
  changed_by_user_id: number | null;
  changed_at: Instant;
}

/** The teacher's remark on a student's sub-period in a lesson (shown with the grade). */
export interface GradeRemarksTable {
  id: Id;
  school_id: number;
  lesson_id: number;
  sub_period_id: number;
  student_id: number;
  comment: string;
  updated_by_user_id: number | null;
  updated_at: Instant;
}

export interface GradeTables {
  grade_categories: GradeCategoriesTable;
  grade_items: GradeItemsTable;
  grade_entries: GradeEntriesTable;
  grade_sub_period_states: GradeSubPeriodStatesTable;
  grade_remarks: GradeRemarksTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const GRADES_COLUMNS: TableColumns<GradeTables> = {
  grade_categories: {
    id: true,
    school_id: true,
    lesson_id: true,
    sub_period_id: true,
    name: true,
    weight: true,
    source_kind: true,
    sort_order: true,
    created_at: true,
    updated_at: true,
  },
  grade_items: {
    id: true,
    school_id: true,
    lesson_id: true,
    sub_period_id: true,
    category_id: true,
    kind: true,
    source_kind: true,
    source_id: true,
    title: true,
    max_points: true,
    date: true,
    created_at: true,
    updated_at: true,
  },
  grade_entries: {
    id: true,
    school_id: true,
    item_id: true,
    student_id: true,
    value_hundredths: true,
    comment: true,
    updated_by_user_id: true,
    updated_at: true,
  },
  grade_sub_period_states: {
    id: true,
    school_id: true,
    sub_period_id: true,
    closed: true,
    changed_by_user_id: true,
    changed_at: true,
  },
  grade_remarks: {
    id: true,
    school_id: true,
    lesson_id: true,
    sub_period_id: true,
    student_id: true,
    comment: true,
    updated_by_user_id: true,
    updated_at: true,
  },
};
