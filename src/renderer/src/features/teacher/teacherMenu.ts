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
import type { MenuItem } from '../../app/area/areaTypes';
import { msg } from '../../i18n/msg';

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
