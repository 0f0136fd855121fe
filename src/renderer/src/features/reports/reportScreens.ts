import { ReportPage } from './ReportPage';
import { ReportsListPage } from './ReportsListPage';

// The office's reports: the list and one report, both built from the server's declarations.
export const reportScreens = { admin: { list: ReportsListPage, report: ReportPage } };
