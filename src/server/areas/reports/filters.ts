import type { Kysely } from 'kysely';
import type { ReportFilterOption } from '../../../shared/api/reports';
import type {
  ReportFilterDeclaration,
  ReportFilterKind,
} from '../../../shared/reports/declaration';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/errors';
import type { AppliedFilterValue } from './definition';

// A report's filters: the query string checked against the declaration (ids of the school's
// own records, real dates), defaults filled in, and the choices each chooser offers.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;

const TABLE_OF: Record<
  Exclude<ReportFilterKind, 'date'>,
  'periods' | 'sub_periods' | 'levels' | 'lessons' | 'courses'
> = {
  period: 'periods',
  sub_period: 'sub_periods',
  level: 'levels',
  lesson: 'lessons',
  course: 'courses',
};

const isRealDate = (text: string) =>
  DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** The current period: the one marked current, else the one holding today, else the latest. */
async function currentPeriodId(db: Kysely<Database>, schoolId: number, today: string) {
  const rows = await db
    .selectFrom('periods')
    .select(['id', 'is_current', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .orderBy('start_date', 'desc')
    .execute();
  const chosen =
    rows.find((r) => r.is_current === 1) ??
    rows.find((r) => r.start_date <= today && today <= r.end_date) ??
    rows[0];
  return chosen?.id ?? null;
}

/** The sub-period holding today (within `periodId` when given), else the latest begun, else the first. */
async function currentSubPeriodId(
  db: Kysely<Database>,
  schoolId: number,
  periodId: number | null,
  today: string,
) {
  let query = db
    .selectFrom('sub_periods')
    .select(['id', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId);
  if (periodId !== null) query = query.where('period_id', '=', periodId);
  const rows = await query.orderBy('start_date').orderBy('id').execute();
  const chosen =
    rows.find((r) => r.start_date <= today && today <= r.end_date) ??
    [...rows].reverse().find((r) => r.start_date <= today) ??
    rows[0];
  return chosen?.id ?? null;
}

async function belongsToSchool(
  db: Kysely<Database>,
  schoolId: number,
  kind: Exclude<ReportFilterKind, 'date'>,
  id: number,
) {
  const row = await db
    .selectFrom(TABLE_OF[kind])
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Checks the query string against the declared filters; unknown keys are ignored. */
export async function applyFilters(
  db: Kysely<Database>,
  schoolId: number,
  declared: ReportFilterDeclaration[],
  query: Record<string, string>,
  today: string,
): Promise<Record<string, AppliedFilterValue>> {
  const applied: Record<string, AppliedFilterValue> = {};
  const problems: Record<string, string> = {};
  for (const filter of declared) {
    const raw = query[filter.key]?.trim() ?? '';
    if (raw === '') {
      applied[filter.key] = null;
      continue;
    }
    if (filter.kind === 'date') {
      if (isRealDate(raw)) applied[filter.key] = raw;
      else problems[filter.key] = 'Enter a date as YYYY-MM-DD';
      continue;
    }
    if (!ID.test(raw) || !(await belongsToSchool(db, schoolId, filter.kind, Number(raw)))) {
      problems[filter.key] = `Choose a ${filter.kind.replace('_', '-')} of this school`;
      continue;
    }
    applied[filter.key] = Number(raw);
  }
  if (Object.keys(problems).length > 0)
    throw validationError(problems, 'Some filters of the report are not valid.');
  // Defaults after the checks: a sub-period's default follows the chosen period.
  const periodKey = declared.find((f) => f.kind === 'period')?.key;
  for (const filter of declared) {
    if (applied[filter.key] !== null || filter.defaultsTo !== 'current') continue;
    if (filter.kind === 'period') applied[filter.key] = await currentPeriodId(db, schoolId, today);
    if (filter.kind === 'sub_period') {
      const period = periodKey ? (applied[periodKey] as number | null) : null;
      applied[filter.key] = await currentSubPeriodId(db, schoolId, period, today);
    }
  }
  const from = declared.find((f) => f.kind === 'date' && f.key === 'from');
  const to = declared.find((f) => f.kind === 'date' && f.key === 'to');
  if (from && to && applied.from && applied.to && String(applied.from) > String(applied.to))
    throw validationError(
      { to: 'The end is before the start' },
      'The dates are the wrong way round.',
    );
  return applied;
}

/** The choices of each chooser filter of a report, by filter key. */
export async function filterOptions(
  db: Kysely<Database>,
  schoolId: number,
  declared: ReportFilterDeclaration[],
): Promise<Record<string, ReportFilterOption[]>> {
  const options: Record<string, ReportFilterOption[]> = {};
  for (const filter of declared) {
    switch (filter.kind) {
      case 'period':
        options[filter.key] = (
          await db
            .selectFrom('periods')
            .select(['id', 'name'])
            .where('school_id', '=', schoolId)
            .orderBy('start_date', 'desc')
            .execute()
        ).map((r) => ({ value: r.id, label: r.name, parent: null }));
        break;
      case 'sub_period':
        options[filter.key] = (
          await db
            .selectFrom('sub_periods')
            .select(['id', 'name', 'period_id'])
            .where('school_id', '=', schoolId)
            .orderBy('start_date')
            .orderBy('id')
            .execute()
        ).map((r) => ({ value: r.id, label: r.name, parent: r.period_id }));
        break;
      case 'level':
        options[filter.key] = (
          await db
            .selectFrom('levels')
            .select(['id', 'name'])
            .where('school_id', '=', schoolId)
            .orderBy('sort_order')
            .orderBy('name')
            .execute()
        ).map((r) => ({ value: r.id, label: r.name, parent: null }));
        break;
      case 'lesson':
        // A lesson names its period so that choosing a period narrows the lessons.
        options[filter.key] = (
          await db
            .selectFrom('lessons')
            .select(['id', 'name', 'period_id'])
            .where('school_id', '=', schoolId)
            .orderBy('name')
            .orderBy('id')
            .execute()
        ).map((r) => ({ value: r.id, label: r.name, parent: r.period_id }));
        break;
      case 'course':
        options[filter.key] = (
          await db
            .selectFrom('courses')
            .select(['id', 'name'])
            .where('school_id', '=', schoolId)
            .orderBy('name')
            .execute()
        ).map((r) => ({ value: r.id, label: r.name, parent: null }));
        break;
      case 'date':
        break;
    }
  }
  return options;
}
