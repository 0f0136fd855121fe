import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

const BOOKKEEPING_TABLES = new Set(['jobs']);

/**
 * A hash of every row a school owns (each table with a school_id, and the accounts of its
 * members): equal before and after means nothing of that school changed.
 */
export async function schoolHash(
  db: Kysely<any>,
  schoolId: number,
  kind: 'sqlite' | 'postgres',
): Promise<string> {
  // On PostgreSQL only the tables of the server's own schema (other tests have theirs).
  const schema =
    kind === 'postgres'
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
      : undefined;
  const tables = (await db.introspection.getTables()).filter(
    (t) => schema === undefined || t.schema === schema,
  );
  const hash = crypto.createHash('sha256');
  for (const table of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const columns = table.columns.map((c) => c.name);
    if (!columns.includes('school_id')) continue;
    // The job queue is the server's own bookkeeping, not the school's data: a job enqueued
    // earlier (a deleted file's bytes) may finish between two snapshots.
    if (BOOKKEEPING_TABLES.has(table.name)) continue;
    const rows = await db
      .selectFrom(table.name)
      .selectAll()
      .where('school_id', '=', schoolId)
      .orderBy(sql.raw(columns.includes('id') ? 'id' : columns.join(', ')))
      .execute();
    hash.update(`${table.name}:${JSON.stringify(rows)}`);
  }
  const accounts = await db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .select([
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.username',
      'users.language',
      'users.disabled',
      'users.password_hash',
    ])
    .where('memberships.school_id', '=', schoolId)
    .orderBy('users.id')
    .execute();
  hash.update(JSON.stringify(accounts));
  return hash.digest('hex');
}
