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
import type { MenuItem } from '../../app/area/areaTypes';
import { msg } from '../../i18n/msg';

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
