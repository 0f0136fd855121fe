import { sql } from 'kysely';

// The lessons a caller is part of, as subqueries the scopes of several areas share.

export const myTeacherLessons = (me: number, schoolId: number) =>
  sql`select lt.lesson_id from lesson_teachers lt where lt.school_id = ${schoolId} and lt.teacher_id = ${me}`;
export const myStudentLessons = (me: number, schoolId: number) =>
  sql`select ls.lesson_id from lesson_students ls where ls.school_id = ${schoolId} and ls.student_id = ${me}`;
export const myChildrenLessons = (me: number, schoolId: number) =>
  sql`select ls.lesson_id from lesson_students ls
      join student_guardians g on g.student_id = ls.student_id and g.school_id = ls.school_id
      where ls.school_id = ${schoolId} and g.client_id = ${me}`;
