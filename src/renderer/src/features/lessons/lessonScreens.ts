import { screenPages } from '../../resources/screenPages';
import { LessonPage } from './LessonPage';
import { LessonTemplatesPage } from './LessonTemplatesPage';
import { LessonTimetable } from './LessonTimetable';
import { LessonSessionsSection } from '../sessions/LessonSessionsSection';
import { TemplateMaterialSection } from './TemplateMaterial';

// The office edits lessons on their record screen (with the weekly timetable); teachers and
// students open a lesson's page with its tabs (`page`), and teachers make lessons from templates.

export const lessonScreens = {
  admin: {
    lessons: screenPages({
      resource: 'lessons',
      listPath: 'lessons',
      detailPath: 'lessons',
      idParam: 'lesson_id',
      sections: [LessonTimetable, LessonSessionsSection],
    }),
    lessonTemplates: screenPages({
      resource: 'lessons-templates',
      listPath: 'lessons-templates',
      detailPath: 'lessons-templates',
      idParam: 'id',
      sections: [TemplateMaterialSection],
    }),
    courses: screenPages({
      resource: 'courses',
      listPath: 'courses',
      detailPath: 'courses',
      idParam: 'course_id',
    }),
  },
  teacher: {
    lessons: screenPages({
      resource: 'lessons',
      listPath: 'lessons',
      detailPath: 'lesson',
      idParam: 'lesson_id',
      selectable: false,
      transfer: false,
      sections: [LessonTimetable],
    }),
    page: LessonPage,
    templates: LessonTemplatesPage,
  },
  student: {
    lessons: screenPages({
      resource: 'lessons',
      listPath: 'lessons',
      detailPath: 'lesson',
      idParam: 'lesson_id',
      selectable: false,
      transfer: false,
      sections: [LessonTimetable],
    }),
    page: LessonPage,
  },
};
