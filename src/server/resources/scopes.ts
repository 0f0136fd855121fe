import { sql, type RawBuilder } from 'kysely';
import type { Role } from '../../shared/constants';

/**
 * Which rows a teacher, student or client sees of a resource: a condition on the record
 * alias `r`, given the caller's membership id. Admins see the whole school; a resource a
 * role may read but that has no scope here is school-wide for that role (periods, courses).
 */
type Scope = (me: number, schoolId: number) => RawBuilder<boolean>;

const myTeacherLessons = (me: number, schoolId: number) =>
  sql`select lt.lesson_id from lesson_teachers lt where lt.school_id = ${schoolId} and lt.teacher_id = ${me}`;
const myStudentLessons = (me: number, schoolId: number) =>
  sql`select ls.lesson_id from lesson_students ls where ls.school_id = ${schoolId} and ls.student_id = ${me}`;
const myChildrenLessons = (me: number, schoolId: number) =>
  sql`select ls.lesson_id from lesson_students ls
      join student_guardians g on g.student_id = ls.student_id and g.school_id = ls.school_id
      where ls.school_id = ${schoolId} and g.client_id = ${me}`;

const SCOPES: Partial<Record<Role, Record<string, Scope>>> = {
  teacher: {
    students: (me, s) =>
      sql<boolean>`r.id in (select ls.student_id from lesson_students ls where ls.school_id = ${s} and ls.lesson_id in (${myTeacherLessons(me, s)}))`,
    lessons: (me, s) => sql<boolean>`r.id in (${myTeacherLessons(me, s)})`,
    lesson_schedules: (me, s) => sql<boolean>`r.lesson_id in (${myTeacherLessons(me, s)})`,
    announcements: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'teachers') or (r.audience = 'lesson' and r.lesson_id in (${myTeacherLessons(me, s)})))`,
  },
  student: {
    lessons: (me, s) => sql<boolean>`r.id in (${myStudentLessons(me, s)})`,
    lesson_schedules: (me, s) => sql<boolean>`r.lesson_id in (${myStudentLessons(me, s)})`,
    teachers: (me, s) =>
      sql<boolean>`r.id in (select lt.teacher_id from lesson_teachers lt where lt.school_id = ${s} and lt.lesson_id in (${myStudentLessons(me, s)}))`,
    announcements: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'students') or (r.audience = 'lesson' and r.lesson_id in (${myStudentLessons(me, s)})))`,
  },
  client: {
    students: (me, s) =>
      sql<boolean>`r.id in (select g.student_id from student_guardians g where g.school_id = ${s} and g.client_id = ${me})`,
    announcements: (me, s) =>
      sql<boolean>`(r.audience in ('all', 'clients') or (r.audience = 'lesson' and r.lesson_id in (${myChildrenLessons(me, s)})))`,
  },
};

export const scopeFor = (role: Role, resource: string): Scope | undefined =>
  SCOPES[role]?.[resource];
