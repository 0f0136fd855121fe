import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const listSettings = (db: Kysely<Database>, schoolId: number) =>
  db
    .selectFrom('settings')
    .select(['name', 'data', 'is_json'])
    .where('school_id', '=', schoolId)
    .orderBy('name')
    .execute();

export function listCategories(db: Kysely<Database>, schoolId: number, type: string | undefined) {
  let query = db
    .selectFrom('categories')
    .select(['id', 'type', 'name', 'color'])
    .where('school_id', '=', schoolId);
  if (type) query = query.where('type', '=', type);
  return query.orderBy('type').orderBy('name').execute();
}

export function listPeriods(db: Kysely<Database>, schoolId: number, periodId?: number) {
  let query = db
    .selectFrom('periods')
    .select(['id', 'name', 'start_date', 'end_date', 'is_current'])
    .where('school_id', '=', schoolId);
  if (periodId !== undefined) query = query.where('id', '=', periodId);
  return query.orderBy('start_date', 'desc').execute();
}

export function listSubPeriods(db: Kysely<Database>, schoolId: number, periodIds: number[]) {
  if (periodIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sub_periods')
    .select(['id', 'period_id', 'name', 'start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('period_id', 'in', periodIds)
    .orderBy('start_date')
    .execute();
}
