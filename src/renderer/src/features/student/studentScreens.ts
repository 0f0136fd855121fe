import {
  BookOpen24Regular,
  BookSearch24Regular,
  CalendarMonth24Regular,
  Chat24Regular,
  Home24Regular,
  Notebook24Regular,
  PersonBoard24Regular,
  QuestionCircle24Regular,
  Ribbon24Regular,
  TaskListSquareLtr24Regular,
} from '@fluentui/react-icons';
import { msg } from '../../i18n/msg';
import type { AreaRoute, MenuItem } from '../area/areaTypes';
import { WelcomeHome } from '../area/WelcomeHome';
import MessagesPage from '../inbox/MessagesPage';
import { AnnouncementView } from '../resources/AnnouncementView';
import { studentResourcePages } from '../resources/resourcePages';

/** The student side menu, in the order of spec §2. */
export const studentMenu: MenuItem[] = [
  { id: 'home', title: msg('Home'), icon: Home24Regular, path: 'home' },
  {
    id: 'lessons',
    title: msg('Lessons'),
    icon: BookOpen24Regular,
    path: 'lessons',
    resource: 'lessons',
  },
  { id: 'calendar', title: msg('Calendar'), icon: CalendarMonth24Regular, path: 'calendar' },
  { id: 'duties', title: msg('Study guide'), icon: Notebook24Regular, path: 'duties' },
  { id: 'tasks', title: msg('Tasks'), icon: TaskListSquareLtr24Regular, path: 'tasks' },
  { id: 'quizs', title: msg('Quiz'), icon: QuestionCircle24Regular, path: 'quizs' },
  {
    id: 'teachers',
    title: msg('Teachers'),
    icon: PersonBoard24Regular,
    path: 'teachers',
    resource: 'teachers',
  },
  { id: 'messages', title: msg('Messages'), icon: Chat24Regular, path: 'messages' },
  { id: 'chapters', title: msg('Chapters'), icon: BookSearch24Regular, path: 'chapters' },
  { id: 'grades', title: msg('Grades'), icon: Ribbon24Regular, path: 'grades' },
];

/** Every student sub-route of spec §2. */
export const studentRoutes: AreaRoute[] = [
  { path: 'calendar', title: msg('Calendar') },
  { path: 'messages', title: msg('Messages'), page: MessagesPage },
  { path: 'message/:chat_room_id', title: msg('Chat') },
  { path: 'lessons', title: msg('Lessons'), page: studentResourcePages.lessons.list },
  { path: 'home', title: msg('Home'), page: WelcomeHome },
  { path: 'tasks', title: msg('Tasks') },
  { path: 'task/:task_id', title: msg('Task') },
  { path: 'lesson/:lesson_id', title: msg('Lesson'), page: studentResourcePages.lessons.detail },
  { path: 'quizs', title: msg('Quiz') },
  { path: 'lesson/:lesson_id/quiz/:quiz_id', title: msg('Quiz') },
  { path: 'duties', title: msg('Study guide') },
  { path: 'school', title: msg('School') },
  { path: 'teachers', title: msg('Teachers'), page: studentResourcePages.teachers.list },
  {
    path: 'teachers/:teacher_id',
    title: msg('Teacher'),
    page: studentResourcePages.teachers.detail,
  },
  { path: 'session/:session_id', title: msg('Session') },
  { path: 'announcement/:announcement_id', title: msg('Announcement'), page: AnnouncementView },
  { path: 'chapters', title: msg('Chapters') },
  { path: 'chapters/:chapter_id', title: msg('Chapter') },
  { path: 'scorm/:scorm_id', title: msg('SCORM package') },
  { path: 'grades', title: msg('Grades') },
];
