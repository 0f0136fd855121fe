import { Chat24Regular, Home24Regular, PeopleTeam24Regular } from '@fluentui/react-icons';
import { msg } from '../../i18n/msg';
import type { AreaRoute, MenuItem } from '../area/areaTypes';
import { WelcomeHome } from '../area/WelcomeHome';
import MessagesPage from '../inbox/MessagesPage';
import { clientResourcePages } from '../resources/resourcePages';

/** The client (parent, guardian, payer) side menu of spec §2. */
export const clientMenu: MenuItem[] = [
  { id: 'home', title: msg('Home'), icon: Home24Regular, path: 'home' },
  {
    id: 'students',
    title: msg('Students'),
    icon: PeopleTeam24Regular,
    path: 'students',
    resource: 'students',
  },
  { id: 'messages', title: msg('Messages'), icon: Chat24Regular, path: 'messages' },
];

/** Every client sub-route of spec §2. */
export const clientRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: WelcomeHome },
  { path: 'students', title: msg('Students'), page: clientResourcePages.students.list },
  { path: 'student/:student_id', title: msg('Student'), page: clientResourcePages.students.detail },
  { path: 'messages', title: msg('Messages'), page: MessagesPage },
  { path: 'message/:chat_room_id', title: msg('Chat') },
];
