import { msg } from '../../i18n/msg';
import type { AreaRoute } from '../../app/area/areaTypes';
import { attendanceScreens } from '../attendance/attendanceScreens';
import { chatScreens } from '../chat/chatScreens';
import { clientStudentsScreen } from '../people/peopleScreens';
import { screenPages } from '../../resources/screenPages';
import { taskScreens } from '../tasks/taskScreens';
import { taskBookScreens } from '../taskbooks/taskBookScreens';
import { ChildAnnouncementsSection } from './ChildAnnouncements';
import { ChildWeekSection } from './ChildSections';
import { gradeScreens } from '../grades/gradeScreens';
import { scormScreens } from '../scorm/scormScreens';
import { ClientHome } from './ClientHome';

// A parent's view of a child shows, under the child's record, the child's week of lessons,
// absences, tasks, task books, grades, interactive material and the announcements the family is told.
const pages = {
  students: screenPages({
    ...clientStudentsScreen,
    sections: [
      ChildWeekSection,
      attendanceScreens.client.childSection,
      taskScreens.client.childSection,
      taskBookScreens.client.childSection,
      gradeScreens.client.childSection,
      scormScreens.client.childSection,
      ChildAnnouncementsSection,
    ],
  }),
};

/** Every client sub-route of spec §2. */
export const clientRoutes: AreaRoute[] = [
  { path: 'home', title: msg('Home'), page: ClientHome },
  { path: 'students', title: msg('Students'), page: pages.students.list },
  { path: 'student/:student_id', title: msg('Student'), page: pages.students.detail },
  { path: 'messages', title: msg('Messages'), page: chatScreens.rooms },
  { path: 'message/:chat_room_id', title: msg('Chat'), page: chatScreens.room },
];

// The menu lives apart so that the area's first screen loads without these screens.
export { clientMenu } from './clientMenu';
