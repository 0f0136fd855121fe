import { screenPages } from '../../resources/screenPages';
import { LessonTimetable } from './LessonTimetable';

// Lessons carry their weekly timetable on every role's record screen.

export const lessonScreens = {
  admin: {
    lessons: screenPages({
      resource: 'lessons',
      listPath: 'lessons',
      detailPath: 'lessons',
      idParam: 'lesson_id',
      sections: [LessonTimetable],
    }),
    lessonTemplates: screenPages({
      resource: 'lessons-templates',
      listPath: 'lessons-templates',
      detailPath: 'lessons-templates',
      idParam: 'id',
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
  },
};
