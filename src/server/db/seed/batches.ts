import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** The transaction every seed writes in. */
export type SeedDb = Kysely<Database>;

/**
 * Inserts rows a batch at a time (one statement per batch stays under both databases'
 * parameter limits) and returns their ids in order.
 */
export async function insertReturningIds<T extends keyof Database>(
  db: SeedDb,
  table: T,
  rows: object[],
  batchRows = 300,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batchRows) {
    const inserted = await db
      .insertInto(table)
      .values(rows.slice(i, i + batchRows) as never)
      .returning('id' as never)
      .execute();
    ids.push(...(inserted as unknown as { id: number }[]).map((r) => r.id));
  }
  return ids;
}
