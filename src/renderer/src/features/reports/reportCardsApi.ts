import { useQuery } from '@tanstack/react-query';
import { reportEndpoints } from '../../../../shared/api/reports';
import { callEndpoint } from '../../api/client';
import { reportKeys, type ReportScope } from './reportsApi';

// Calls of the report cards: what can be made, a level's batch (started, then polled), and
// the address of one student's card.

const at = (scope: ReportScope) => ({ school_id: scope.schoolId, role: scope.role as 'admin' });

export const reportCardKeys = {
  choices: (scope: ReportScope) => [...reportKeys.all(scope), 'report-cards'] as const,
  batch: (scope: ReportScope, id: number) =>
    [...reportKeys.all(scope), 'report-cards', 'batch', id] as const,
};

export const reportCardChoices = async (scope: ReportScope, signal?: AbortSignal) =>
  (await callEndpoint(reportEndpoints.reportCardChoices, { params: at(scope), signal })).data;

/**
 * What report cards the caller can make. A 403 means the caller's permissions do not reach
 * every part of a card: the screens then offer none (no retry).
 */
export const useReportCardChoices = (scope: ReportScope) =>
  useQuery({
    queryKey: reportCardKeys.choices(scope),
    queryFn: ({ signal }) => reportCardChoices(scope, signal),
    retry: false,
    // The latest batches change as the server's job finishes them: read them on every visit.
    staleTime: 0,
  });

export const startReportCards = async (
  scope: ReportScope,
  body: { sub_period_id: number; level_id: number },
) => (await callEndpoint(reportEndpoints.startReportCards, { params: at(scope), body })).data;

export const reportCardBatch = async (scope: ReportScope, id: number, signal?: AbortSignal) =>
  (await callEndpoint(reportEndpoints.reportCardBatch, { params: { ...at(scope), id }, signal }))
    .data;

/** The API path of one student's card (with `sub_period_id` in the query). */
export const studentReportCardPath = (scope: ReportScope, studentId: number) =>
  `/schools/${scope.schoolId}/${scope.role}/report-cards/students/${studentId}`;
