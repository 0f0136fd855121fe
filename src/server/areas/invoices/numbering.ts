import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The next number of a series in a year, inside the issuing transaction. One statement
 * inserts the year's first number or increments the last: on PostgreSQL the row lock makes a
 * second office issuing at the same instant wait for the first to commit and then take the
 * number after it; SQLite has one writer at a time. A rolled back issue rolls its number back
 * too, so numbers have no gaps and no repeats (the unique index on documents is the backstop).
 */
export async function takeNextNumber(
  trx: Kysely<Database>,
  schoolId: number,
  series: string,
  year: number,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_series')
    .values({ school_id: schoolId, series, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['school_id', 'series', 'year'])
        .doUpdateSet((eb) => ({ last_number: eb(eb.ref('invoice_series.last_number'), '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}
