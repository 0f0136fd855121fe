import type { Category, Period, Setting } from '../../../shared/api/school';
import type { ServerDeps } from '../../deps';
import { notFound } from '../../http/errors';
import * as q from './queries';

export async function getSettings(deps: ServerDeps, schoolId: number): Promise<Setting[]> {
  const rows = await q.listSettings(deps.db, schoolId);
  return rows.map((row) => ({ name: row.name, data: row.data, isJSON: row.is_json === 1 }));
}

export const getCategories = (
  deps: ServerDeps,
  schoolId: number,
  type?: string,
): Promise<Category[]> => q.listCategories(deps.db, schoolId, type);

export async function getPeriods(
  deps: ServerDeps,
  schoolId: number,
  periodId?: number,
): Promise<Period[]> {
  const periods = await q.listPeriods(deps.db, schoolId, periodId);
  const subPeriods = await q.listSubPeriods(
    deps.db,
    schoolId,
    periods.map((p) => p.id),
  );
  return periods.map((p) => ({
    id: p.id,
    name: p.name,
    start_date: p.start_date,
    end_date: p.end_date,
    iscurrent: p.is_current === 1,
    sub_periods: subPeriods.filter((s) => s.period_id === p.id),
  }));
}

export async function getPeriod(
  deps: ServerDeps,
  schoolId: number,
  periodId: number,
): Promise<Period> {
  const [period] = await getPeriods(deps, schoolId, periodId);
  if (!period) throw notFound('This period does not exist.');
  return period;
}
