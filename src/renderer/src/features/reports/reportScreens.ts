import { ReportCardsPage } from './ReportCardsPage';
import { ReportPage } from './ReportPage';
import { ReportsListPage } from './ReportsListPage';
import { StudentReportCardSection } from './StudentReportCardSection';

// The office's reports: the list and one report, both built from the server's declarations,
// and the report cards (a level's on their own screen, a student's on the student's page).
export const reportScreens = {
  admin: {
    list: ReportsListPage,
    report: ReportPage,
    reportCards: ReportCardsPage,
    studentReportCard: StudentReportCardSection,
  },
};
