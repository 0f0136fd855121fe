import { AbsencesPage } from './AbsencesPage';
import { ChildAbsencesSection } from './ChildAbsencesSection';
import { StudentAbsencesPage } from './StudentAbsencesPage';

// The office's absences and a parent's view of a child's absences (a section of the child's
// page); the teacher's roll call is a tab of the lesson page (AttendancePanel).
export const attendanceScreens = {
  admin: { list: AbsencesPage, student: StudentAbsencesPage },
  client: { childSection: ChildAbsencesSection },
};
