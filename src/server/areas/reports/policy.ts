import type { PermissionEntry } from '../../../shared/permissions';
import { REPORT_CARD_RESOURCES } from '../../../shared/reports/report-cards';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { ApiError, forbidden } from '../../http/errors';
import { callerPermissions } from '../permissions/effective';
import type { ReportDefinition } from './definition';
import { reportById, REPORTS } from './registry';

// Who reads which report: admins only, holding read on `reporting` (the screen) and on the
// report's own resource (the data it shows: absences, lessons, students, transactions…).
// Permission groups decide both, as for every admin screen.

const mayRead = (permissions: PermissionEntry[], resource: string) =>
  permissions.find((p) => p.resource === resource)?.read === true;

async function readableBy(deps: ServerDeps, ctx: RequestContext) {
  if (ctx.role !== 'admin') throw forbidden('Only the school office reads reports.');
  const permissions = await callerPermissions(deps, ctx);
  if (!mayRead(permissions, 'reporting'))
    throw forbidden('Reading reports needs the reporting permission.');
  return permissions;
}

/** The reports the caller may read. */
export async function readableReports(
  deps: ServerDeps,
  ctx: RequestContext,
): Promise<ReportDefinition[]> {
  const permissions = await readableBy(deps, ctx);
  return REPORTS.filter((r) => mayRead(permissions, r.resource));
}

/** The report, if it exists and the caller may read it. */
export async function assertMayReadReport(
  deps: ServerDeps,
  ctx: RequestContext,
  reportId: string,
): Promise<ReportDefinition> {
  const permissions = await readableBy(deps, ctx);
  const report = reportById(reportId);
  if (!report) throw new ApiError('not_found', 'There is no such report.');
  if (!mayRead(permissions, report.resource))
    throw forbidden(`This report needs the permission to read ${report.resource}.`);
  return report;
}

/** Refuses unless the caller may make report cards (every resource a card shows). */
export async function assertMayMakeReportCards(deps: ServerDeps, ctx: RequestContext) {
  const permissions = await readableBy(deps, ctx);
  const missing = REPORT_CARD_RESOURCES.filter((r) => !mayRead(permissions, r));
  if (missing.length > 0)
    throw forbidden(`Report cards need the permission to read ${missing.join(', ')}.`);
}
