import type { ResourceScreen } from '../../resources/resourceScreen';
import { screenPages } from '../../resources/screenPages';
import { PersonPrivacyActions } from '../privacy/PersonPrivacyActions';
import { StudentReportCardSection } from '../reports/StudentReportCardSection';

// Which people lists each role reaches, and how. What a role may see of a person is not
// decided here: the declaration's `hiddenFrom` is, on both ends.

/** A parent's children; the client route table adds the sections other areas give the child. */
export const clientStudentsScreen: ResourceScreen = {
  resource: 'students',
  listPath: 'students',
  detailPath: 'student',
  idParam: 'student_id',
  selectable: false,
  transfer: false,
};

/** The office's clients; the admin route table adds the account section finance gives a payer. */
export const adminClientsScreen: ResourceScreen = {
  resource: 'clients',
  listPath: 'clients',
  detailPath: 'clients',
  idParam: 'client_id',
};

export const peopleScreens = {
  admin: {
    students: screenPages({
      resource: 'students',
      listPath: 'students',
      detailPath: 'students',
      idParam: 'user_id',
      actions: PersonPrivacyActions,
      sections: [StudentReportCardSection],
    }),
    teachers: screenPages({
      resource: 'teachers',
      listPath: 'teachers',
      detailPath: 'teachers',
      idParam: 'user_id',
      actions: PersonPrivacyActions,
    }),
    clients: screenPages({ ...adminClientsScreen, actions: PersonPrivacyActions }),
  },
  teacher: {
    students: screenPages({
      resource: 'students',
      listPath: 'students',
      selectable: false,
      transfer: false,
    }),
  },
  // A student sees their own teachers.
  student: {
    teachers: screenPages({
      resource: 'teachers',
      listPath: 'teachers',
      detailPath: 'teachers',
      idParam: 'teacher_id',
      selectable: false,
      transfer: false,
    }),
  },
  client: {
    students: screenPages(clientStudentsScreen),
  },
};
