import {
  BookOpen24Regular,
  BookSearch24Regular,
  CalendarMonth24Regular,
  Chat24Regular,
  DocumentCopy24Regular,
  Home24Regular,
  Notebook24Regular,
  PeopleTeam24Regular,
  PersonInfo24Regular,
  QuestionCircle24Regular,
  Ribbon24Regular,
  TaskListSquareLtr24Regular,
} from '@fluentui/react-icons';
import { msg } from '../../i18n/msg';
import type { AreaRoute, MenuItem } from '../area/areaTypes';
import { WelcomeHome } from '../area/WelcomeHome';
import MessagesPage from '../inbox/MessagesPage';
import { teacherResourcePages } from '../resources/resourcePages';

/** The teacher side menu, in the order of spec §2. */
export const teacherMenu: MenuItem[] = [
  { id: 'home', title: msg('Home'), icon: Home24Regular, path: 'home' },
  {
    id: 'lessons',
    title: msg('Lessons'),
    icon: BookOpen24Regular,
    path: 'lessons',
    resource: 'lessons',
  },
  {
    id: 'lessons-templates',
    title: msg('Lesson templates'),
    icon: DocumentCopy24Regular,
    path: 'lessons-templates',
    resource: 'lessons',
  },
  {
    id: 'students',
    title: msg('Students'),
    icon: PeopleTeam24Regular,
    path: 'students',
    resource: 'students',
  },
  { id: 'tasks', title: msg('Tasks'), icon: TaskListSquareLtr24Regular, path: 'tasks' },
  { id: 'taskbooks', title: msg('Study guide'), icon: Notebook24Regular, path: 'taskbooks' },
  { id: 'quizs', title: msg('Quiz'), icon: QuestionCircle24Regular, path: 'quizs' },
  { id: 'calendar', title: msg('Calendar'), icon: CalendarMonth24Regular, path: 'calendar' },
  { id: 'profile', title: msg('Profile'), icon: PersonInfo24Regular, path: 'profile' },
  { id: 'messages', title: msg('Messages'), icon: Chat24Regular, path: 'messages' },
  { id: 'chapters', title: msg('Chapters'), icon: BookSearch24Regular, path: 'chapters' },
  { id: 'grades', title: msg('Grades'), icon: Ribbon24Regular, path: 'grades' },
];

/** Every teacher sub-route of spec §2. */
export const teacherRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: WelcomeHome },
  { path: 'lesson/:lesson_id', title: msg('Lesson'), page: teacherResourcePages.lessons.detail },
  { path: 'lesson/:lesson_id/quiz/new', title: msg('New quiz') },
  { path: 'lesson/:lesson_id/quiz/:quiz_id', title: msg('Quiz') },
  { path: 'quizs', title: msg('Quiz') },
  { path: 'quizanswers/:quiz_id', title: msg('Quiz answers') },
  { path: 'students', title: msg('Students'), page: teacherResourcePages.students.list },
  { path: 'lesson/:lesson_id/student/:student_id', title: msg('Student') },
  { path: 'lesson/:lesson_id/student/:student_id/grades/:sub_period_id', title: msg('Grades') },
  { path: 'lessons', title: msg('Lessons'), page: teacherResourcePages.lessons.list },
  { path: 'lessons-templates', title: msg('Lesson templates') },
  { path: 'calendar', title: msg('Calendar') },
  { path: 'tasks/:task_id', title: msg('Task') },
  { path: 'tasks', title: msg('Tasks') },
  { path: 'taskbooks', title: msg('Study guide') },
  { path: 'taskbooks/:task_book_id', title: msg('Task book') },
  { path: 'files', title: msg('Files') },
  { path: 'school/:id', title: msg('School') },
  { path: 'session/:session_id', title: msg('Session') },
  { path: 'profile', title: msg('Profile') },
  { path: 'messages', title: msg('Messages'), page: MessagesPage },
  { path: 'message/:chat_room_id', title: msg('Chat') },
  { path: 'chapters', title: msg('Chapters') },
  { path: 'chapters/:chapter_id', title: msg('Chapter') },
  { path: 'scorm', title: msg('SCORM packages') },
  { path: 'scorm/:scorm_id', title: msg('SCORM package') },
  { path: 'meetings', title: msg('Meetings') },
  { path: 'meetings/:meeting_id', title: msg('Meeting') },
  { path: 'grades', title: msg('Grades') },
  { path: 'grades/:lesson_id', title: msg('Grades') },
  {
    path: 'announcements',
    title: msg('Announcements'),
    page: teacherResourcePages.announcements.list,
  },
  {
    path: 'announcements/:announcement_id',
    title: msg('Announcement'),
    page: teacherResourcePages.announcements.detail,
  },
];
