import { Chat24Regular, Home24Regular, PeopleTeam24Regular } from '@fluentui/react-icons';
import type { MenuItem } from '../../app/area/areaTypes';
import { msg } from '../../i18n/msg';

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
