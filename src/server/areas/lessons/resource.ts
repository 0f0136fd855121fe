import { sql } from 'kysely';
import type { ResourceHooks } from '../../resources/hooks';
import { removeFiles } from '../files/service';
import { removePackages } from '../scorm/service';
import { myStudentLessons, myTeacherLessons } from './scopes';

/** A teacher sees the lessons they teach, a student those they attend. */
export const lessonHooks: ResourceHooks = {
  scopes: {
    teacher: (me, s) => sql<boolean>`r.id in (${myTeacherLessons(me, s)})`,
    student: (me, s) => sql<boolean>`r.id in (${myStudentLessons(me, s)})`,
  },
  // The rows of the lesson's files and SCORM packages go by cascade; their bytes need the
  // removal jobs.
  beforeDelete: async (save, id) => {
    await removeFiles(save.trx, save.ctx.schoolId!, { lessonId: id }, new Date(save.nowIso));
    await removePackages(save.trx, save.ctx.schoolId!, { lessonId: id }, new Date(save.nowIso));
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
