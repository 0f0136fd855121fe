import { msg } from '../../i18n/msg';
import type { AreaRoute } from '../../app/area/areaTypes';
import { RoleHome } from '../home/RoleHome';
import { chatScreens } from '../chat/chatScreens';
import { calendarScreens } from '../calendar/calendarScreens';
import { chapterScreens } from '../chapters/chapterScreens';
import { taskScreens } from '../tasks/taskScreens';
import { dutyScreens } from '../duties/dutyScreens';
import { announcementScreens } from '../announcements/announcementScreens';
import { lessonScreens } from '../lessons/lessonScreens';
import { peopleScreens } from '../people/peopleScreens';
import { SchoolPage } from '../school/SchoolPage';
import { quizScreens } from '../quizzes/quizScreens';
import { scormScreens } from '../scorm/scormScreens';
import { gradeScreens } from '../grades/gradeScreens';
import { sessionScreens } from '../sessions/sessionScreens';

const pages = { ...lessonScreens.student, ...peopleScreens.student };

/** Every student sub-route of spec §2. */
export const studentRoutes: AreaRoute[] = [
  { path: 'calendar', title: msg('Calendar'), page: calendarScreens.student.calendar },
  { path: 'messages', title: msg('Messages'), page: chatScreens.rooms },
  { path: 'message/:chat_room_id', title: msg('Chat'), page: chatScreens.room },
  { path: 'lessons', title: msg('Lessons'), page: pages.lessons.list },
  { path: 'home', title: msg('Home'), page: RoleHome },
  { path: 'tasks', title: msg('Tasks'), page: taskScreens.student.list },
  { path: 'task/:task_id', title: msg('Task'), page: taskScreens.student.detail },
  { path: 'lesson/:lesson_id', title: msg('Lesson'), page: pages.page },
  { path: 'quizs', title: msg('Quiz'), page: quizScreens.student.list },
  {
    path: 'lesson/:lesson_id/quiz/:quiz_id',
    title: msg('Quiz'),
    page: quizScreens.student.take,
  },
  { path: 'duties', title: msg('Study guide'), page: dutyScreens.student.list },
  { path: 'school', title: msg('School'), page: SchoolPage },
  { path: 'teachers', title: msg('Teachers'), page: pages.teachers.list },
  {
    path: 'teachers/:teacher_id',
    title: msg('Teacher'),
    page: pages.teachers.detail,
  },
  { path: 'session/:session_id', title: msg('Session'), page: sessionScreens.student.session },
  {
    path: 'announcement/:announcement_id',
    title: msg('Announcement'),
    page: announcementScreens.student.view,
  },
  { path: 'chapters', title: msg('Chapters'), page: chapterScreens.student.list },
  {
    path: 'chapters/:chapter_id',
    title: msg('Chapter'),
    page: chapterScreens.student.detail,
  },
  { path: 'scorm/:scorm_id', title: msg('SCORM package'), page: scormScreens.student.play },
  { path: 'grades', title: msg('Grades'), page: gradeScreens.student.grades },
];

// The menu lives apart so that the area's first screen loads without these screens.
export { studentMenu } from './studentMenu';
