import { sql } from 'kysely';
import type { ResourceHooks } from '../../resources/hooks';
import { myStudentLessons, myTeacherLessons } from './scopes';

/** A teacher sees the lessons they teach, a student those they attend. */
export const lessonHooks: ResourceHooks = {
  scopes: {
    teacher: (me, s) => sql<boolean>`r.id in (${myTeacherLessons(me, s)})`,
    student: (me, s) => sql<boolean>`r.id in (${myStudentLessons(me, s)})`,
  },
};

export const lessonScheduleHooks: ResourceHooks = {
  scopes: {
    teacher: (me, s) => sql<boolean>`r.lesson_id in (${myTeacherLessons(me, s)})`,
    student: (me, s) => sql<boolean>`r.lesson_id in (${myStudentLessons(me, s)})`,
  },
};

/** Templates are the school's shared material for every teacher. */
export const lessonTemplateHooks: ResourceHooks = { scopes: { teacher: 'school' } };
