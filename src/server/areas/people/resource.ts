import { sql } from 'kysely';
import type { ResourceHooks } from '../../resources/hooks';
import { myChildrenLessons, myStudentLessons, myTeacherLessons } from '../lessons/scopes';

// Which people each role sees, and of each person's lessons only those both share: a student
// reading a teacher sees the lessons that teacher teaches them, not the teacher's timetable.

export const studentHooks: ResourceHooks = {
  scopes: {
    teacher: (me, s) =>
      sql<boolean>`r.id in (select ls.student_id from lesson_students ls where ls.school_id = ${s} and ls.lesson_id in (${myTeacherLessons(me, s)}))`,
    client: (me, s) =>
      sql<boolean>`r.id in (select g.student_id from student_guardians g where g.school_id = ${s} and g.client_id = ${me})`,
  },
  linkScopes: {
    teacher: { lesson_ids: myTeacherLessons },
    client: { lesson_ids: myChildrenLessons },
  },
};

export const teacherHooks: ResourceHooks = {
  scopes: {
    student: (me, s) =>
      sql<boolean>`r.id in (select lt.teacher_id from lesson_teachers lt where lt.school_id = ${s} and lt.lesson_id in (${myStudentLessons(me, s)}))`,
  },
  linkScopes: { student: { lesson_ids: myStudentLessons } },
};
