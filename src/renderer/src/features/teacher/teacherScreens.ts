import { msg } from '../../i18n/msg';
import type { AreaRoute } from '../../app/area/areaTypes';
import { RoleHome } from '../home/RoleHome';
import { chatScreens } from '../chat/chatScreens';
import { calendarScreens } from '../calendar/calendarScreens';
import { chapterScreens } from '../chapters/chapterScreens';
import { taskScreens } from '../tasks/taskScreens';
import { quizScreens } from '../quizzes/quizScreens';
import { scormScreens } from '../scorm/scormScreens';
import { gradeScreens } from '../grades/gradeScreens';
import { taskBookScreens } from '../taskbooks/taskBookScreens';
import { announcementScreens } from '../announcements/announcementScreens';
import { lessonScreens } from '../lessons/lessonScreens';
import { peopleScreens } from '../people/peopleScreens';
import { FilesPage } from '../files/FilesPage';
import { ProfilePage } from '../profile/ProfilePage';
import { SchoolPage } from '../school/SchoolPage';
import { sessionScreens } from '../sessions/sessionScreens';

const pages = {
  ...lessonScreens.teacher,
  ...peopleScreens.teacher,
  ...announcementScreens.teacher,
};

/** Every teacher sub-route of spec §2. */
export const teacherRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: RoleHome },
  { path: 'lesson/:lesson_id', title: msg('Lesson'), page: pages.page },
  { path: 'lesson/:lesson_id/quiz/new', title: msg('New quiz'), page: quizScreens.teacher.editor },
  {
    path: 'lesson/:lesson_id/quiz/:quiz_id',
    title: msg('Quiz'),
    page: quizScreens.teacher.editor,
  },
  { path: 'quizs', title: msg('Quiz'), page: quizScreens.teacher.list },
  {
    path: 'quizanswers/:quiz_id',
    title: msg('Quiz answers'),
    page: quizScreens.teacher.review,
  },
  { path: 'students', title: msg('Students'), page: pages.students.list },
  {
    path: 'lesson/:lesson_id/student/:student_id',
    title: msg('Student'),
    page: gradeScreens.teacher.student,
  },
  {
    path: 'lesson/:lesson_id/student/:student_id/grades/:sub_period_id',
    title: msg('Grades'),
    page: gradeScreens.teacher.studentSubPeriod,
  },
  { path: 'lessons', title: msg('Lessons'), page: pages.lessons.list },
  { path: 'lessons-templates', title: msg('Lesson templates'), page: pages.templates },
  { path: 'calendar', title: msg('Calendar'), page: calendarScreens.teacher.calendar },
  { path: 'tasks/:task_id', title: msg('Task'), page: taskScreens.teacher.detail },
  { path: 'tasks', title: msg('Tasks'), page: taskScreens.teacher.list },
  { path: 'taskbooks', title: msg('Study guide'), page: taskBookScreens.teacher.list },
  {
    path: 'taskbooks/:task_book_id',
    title: msg('Task book'),
    page: taskBookScreens.teacher.detail,
  },
  { path: 'files', title: msg('Files'), page: FilesPage },
  { path: 'school/:id', title: msg('School'), page: SchoolPage },
  { path: 'session/:session_id', title: msg('Session'), page: sessionScreens.teacher.session },
  { path: 'profile', title: msg('Profile'), page: ProfilePage },
  { path: 'messages', title: msg('Messages'), page: chatScreens.rooms },
  { path: 'message/:chat_room_id', title: msg('Chat'), page: chatScreens.room },
  { path: 'chapters', title: msg('Chapters'), page: chapterScreens.teacher.list },
  {
    path: 'chapters/:chapter_id',
    title: msg('Chapter'),
    page: chapterScreens.teacher.detail,
  },
  { path: 'scorm', title: msg('SCORM packages'), page: scormScreens.teacher.list },
  { path: 'scorm/:scorm_id', title: msg('SCORM package'), page: scormScreens.teacher.detail },
  { path: 'meetings', title: msg('Meetings'), page: sessionScreens.teacher.meetings },
  { path: 'meetings/:meeting_id', title: msg('Meeting'), page: sessionScreens.teacher.meeting },
  { path: 'grades', title: msg('Grades'), page: gradeScreens.teacher.list },
  { path: 'grades/:lesson_id', title: msg('Grades'), page: gradeScreens.teacher.grid },
  {
    path: 'announcements',
    title: msg('Announcements'),
    page: pages.announcements.list,
  },
  {
    path: 'announcements/:announcement_id',
    title: msg('Announcement'),
    page: pages.announcements.detail,
  },
];

// The menu lives apart so that the area's first screen loads without these screens.
export { teacherMenu } from './teacherMenu';
