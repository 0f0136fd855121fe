import { ChildGradesSection } from './ChildGradesSection';
import { GradebooksPage } from './GradebooksPage';
import { GradeGridPage } from './GradeGridPage';
import { MyGradesPage } from './MyGradesPage';
import { StudentLessonPage } from './StudentLessonPage';
import { StudentSubPeriodPage } from './StudentSubPeriodPage';

// Teachers enter grades in a lesson's grid and read one student's record; students read their
// own grades, parents their child's on the child's page.
export const gradeScreens = {
  teacher: {
    list: GradebooksPage,
    grid: GradeGridPage,
    student: StudentLessonPage,
    studentSubPeriod: StudentSubPeriodPage,
  },
  student: { grades: MyGradesPage },
  client: { childSection: ChildGradesSection },
};
