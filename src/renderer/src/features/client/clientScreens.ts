import { msg } from '../../i18n/msg';
import type { AreaRoute } from '../../app/area/areaTypes';
import { RoleHome } from '../home/RoleHome';
import MessagesPage from '../inbox/MessagesPage';
import { clientStudentsScreen } from '../people/peopleScreens';
import { screenPages } from '../../resources/screenPages';
import { taskScreens } from '../tasks/taskScreens';
import { taskBookScreens } from '../taskbooks/taskBookScreens';
import { ChildWeekSection } from './ChildSections';

// A parent's view of a child shows, under the child's record, the child's week of lessons, tasks
// and task books.
const pages = {
  students: screenPages({
    ...clientStudentsScreen,
    sections: [
      ChildWeekSection,
      taskScreens.client.childSection,
      taskBookScreens.client.childSection,
    ],
  }),
};

/** Every client sub-route of spec §2. */
export const clientRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: RoleHome },
  { path: 'students', title: msg('Students'), page: pages.students.list },
  { path: 'student/:student_id', title: msg('Student'), page: pages.students.detail },
  { path: 'messages', title: msg('Messages'), page: MessagesPage },
  { path: 'message/:chat_room_id', title: msg('Chat') },
];

// The menu lives apart so that the area's first screen loads without these screens.
export { clientMenu } from './clientMenu';
