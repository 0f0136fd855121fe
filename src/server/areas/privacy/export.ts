import type { Kysely } from 'kysely';
import type { ServerDeps } from '../../deps';
import { streamToBuffer, uploadedFileKey } from '../../files/object-store';
import { PERSON_REFERENCES, UNEXPORTED_COLUMNS } from './person-records';
import type { PersonTarget } from './policy';
import { zipArchive, type ZipEntry } from './zip-archive';

type Row = Record<string, unknown>;
// The tables are named by the declaration, not known to the compiler one by one.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const withoutSecrets = (row: Row): Row =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !UNEXPORTED_COLUMNS.has(column)));

/** Rows of `table` whose `column` is one of `ids`, in the school when the table has one. */
async function rowsWhere(
  db: AnyDb,
  table: string,
  column: string,
  ids: number[],
  schoolId: number | null,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom(table).selectAll().where(column, 'in', ids);
  if (schoolId !== null) query = query.where('school_id', '=', schoolId);
  return (await query.orderBy('id').execute()) as Row[];
}

/** Everything the school holds about a person, by table, each row once. */
export async function personRecords(
  deps: ServerDeps,
  schoolId: number,
  target: PersonTarget,
): Promise<Record<string, Row[]>> {
  const db = deps.db as unknown as AnyDb;
  const membershipIds = target.here.map((m) => m.id);
  const records: Record<string, Map<unknown, Row>> = {};
  const add = (table: string, rows: Row[]) => {
    const kept = (records[table] ??= new Map());
    for (const row of rows) kept.set(row.id ?? JSON.stringify(row), withoutSecrets(row));
  };
  for (const reference of PERSON_REFERENCES) {
    if (reference.export === false) continue;
    const ids = reference.points === 'user' ? [target.userId] : membershipIds;
    add(
      reference.table,
      await rowsWhere(
        db,
        reference.table,
        reference.column,
        ids,
        reference.school ? schoolId : null,
      ),
    );
  }
  // Rows that reach the person through one of their rows: answers of their quiz attempts,
  // messages of their assistant chats, and the audit entries about their account.
  const attemptIds = [...(records.quiz_attempts?.values() ?? [])].map((r) => Number(r.id));
  add('quiz_answers', await rowsWhere(db, 'quiz_answers', 'attempt_id', attemptIds, schoolId));
  const chatIds = [...(records.assistant_sessions?.values() ?? [])].map((r) => Number(r.id));
  add('assistant_messages', await rowsWhere(db, 'assistant_messages', 'session_id', chatIds, null));
  add(
    'audit_log',
    (await db
      .selectFrom('audit_log')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('entity', 'in', ['user', 'membership', 'person'])
      .where('entity_id', 'in', [target.userId, ...membershipIds].map(String))
      .execute()) as Row[],
  );
  return Object.fromEntries(
    Object.entries(records)
      .filter(([, rows]) => rows.size > 0)
      .map(([table, rows]) => [table, [...rows.values()]]),
  );
}

/** The zip an admin downloads: person.json, and each file the person uploaded. */
export async function exportPersonArchive(
  deps: ServerDeps,
  schoolId: number,
  target: PersonTarget,
): Promise<Buffer> {
  const now = deps.now();
  const account = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', target.userId)
    .executeTakeFirstOrThrow();
  const records = await personRecords(deps, schoolId, target);
  const entries: ZipEntry[] = [];
  for (const file of records.files ?? []) {
    const stored = await deps.storage.get(
      uploadedFileKey(Number(file.school_id), String(file.storage_key)),
    );
    const bytes = stored && (await streamToBuffer(stored.stream));
    // A file whose bytes are gone is listed in person.json but cannot be included.
    if (bytes) entries.push({ name: `files/${String(file.id)}-${String(file.name)}`, data: bytes });
  }
  const document = {
    exported_at: now.toISOString(),
    school_id: schoolId,
    account: withoutSecrets(account as unknown as Row),
    records,
  };
  entries.unshift({
    name: 'person.json',
    data: Buffer.from(JSON.stringify(document, null, 2), 'utf8'),
  });
  return zipArchive(entries, now);
}
