import {
  reportEndpoints,
  type ReportExportFormat,
  type ReportLocale,
} from '../../../../shared/api/reports';
import { callEndpoint } from '../../api/client';

// Calls of the reports screens; the query keys start with the school so that a school
// switch never shows another school's figures.

export interface ReportScope {
  schoolId: number;
  role: string;
}

const at = (scope: ReportScope) => ({ school_id: scope.schoolId, role: scope.role as 'admin' });

export const reportKeys = {
  all: (scope: ReportScope) => ['schools', scope.schoolId, scope.role, 'reports'] as const,
  list: (scope: ReportScope) => [...reportKeys.all(scope), 'list'] as const,
  report: (scope: ReportScope, id: string, filters: Record<string, string>) =>
    [...reportKeys.all(scope), 'report', id, filters] as const,
  export: (scope: ReportScope, id: string, exportId: number) =>
    [...reportKeys.all(scope), 'export', id, exportId] as const,
};

export const listReports = async (scope: ReportScope, signal?: AbortSignal) =>
  (await callEndpoint(reportEndpoints.listReports, { params: at(scope), signal })).data;

export const runReport = async (
  scope: ReportScope,
  reportId: string,
  filters: Record<string, string>,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(reportEndpoints.runReport, {
      params: { ...at(scope), report_id: reportId },
      query: filters,
      signal,
    })
  ).data;

export const startExport = async (
  scope: ReportScope,
  reportId: string,
  body: {
    format: ReportExportFormat;
    filters: Record<string, string>;
    labels: Record<string, string>;
    locale: ReportLocale;
  },
) =>
  (
    await callEndpoint(reportEndpoints.startReportExport, {
      params: { ...at(scope), report_id: reportId },
      body,
    })
  ).data;

export const exportStatus = async (
  scope: ReportScope,
  reportId: string,
  exportId: number,
  signal?: AbortSignal,
) =>
  (
    await callEndpoint(reportEndpoints.reportExport, {
      params: { ...at(scope), report_id: reportId, id: exportId },
      signal,
    })
  ).data;
