import { validationError } from '../http/errors';
import { hooksOf, type SaveContext } from './hooks';

/**
 * Rules every resource shares (a range ends after it starts), then the area's own, inside the
 * write's transaction: values are the record's full values after the change; `created`
 * tells a create from an update.
 */
export async function beforeSave(
  save: SaveContext,
  values: Record<string, unknown>,
  created: boolean,
): Promise<void> {
  if (
    typeof values.start_date === 'string' &&
    typeof values.end_date === 'string' &&
    values.end_date < values.start_date
  ) {
    throw validationError({ end_date: 'The end date must be after the start date' });
  }
  if (
    typeof values.start_time === 'string' &&
    typeof values.end_time === 'string' &&
    values.end_time <= values.start_time
  ) {
    throw validationError({ end_time: 'The end must be after the start' });
  }
  await hooksOf(save.resource).beforeSave?.(save, values, created);
}

export async function afterSave(
  save: SaveContext,
  id: number,
  values: Record<string, unknown>,
  created: boolean,
): Promise<void> {
  await hooksOf(save.resource).afterSave?.(save, id, values, created);
}

export type { SaveContext };
