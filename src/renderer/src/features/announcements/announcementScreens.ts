import { screenPages } from '../../resources/screenPages';
import { AnnouncementView } from './AnnouncementView';

export const announcementScreens = {
  admin: {
    announcements: screenPages({
      resource: 'announcements',
      listPath: 'announcements',
      detailPath: 'announcements',
      idParam: 'announcement_id',
    }),
  },
  teacher: {
    announcements: screenPages({
      resource: 'announcements',
      listPath: 'announcements',
      detailPath: 'announcements',
      idParam: 'announcement_id',
      transfer: false,
    }),
  },
  // Readers get the announcement itself, not its form.
  student: { view: AnnouncementView },
};
