import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolFileKey, uploadedFileKey } from '../../src/server/files/object-store';
import { PERSON_REFERENCES } from '../../src/server/areas/privacy/person-records';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { readZip } from './support/zip';
import { insertFileRow, PNG_BYTES, teachingFixture, uploadForm } from './support/teaching';

describe.each(databaseKinds)('GDPR export and erase on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let athens: number;
  let thessaloniki: number;
  let studentId: number;
  let otherStudentEmail: string;
  const person = (userId: number, action: 'export' | 'erase', school = athens) =>
    `/schools/${school}/admin/people/${userId}/${action}`;
  const exportOf = (userId: number, token: string, school = athens) =>
    fetch(`${server.url}/api${person(userId, 'export', school)}`, { headers: { Token: token } });

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    const db = server.built.deps.db;
    const schools = await db.selectFrom('schools').select(['id', 'name']).execute();
    athens = schools.find((s) => s.name.includes('Athens'))!.id;
    thessaloniki = schools.find((s) => s.name.includes('Thessaloniki'))!.id;
    studentId = (await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'student@demo.school')
      .executeTakeFirstOrThrow())!.id;
    const other = await db
      .selectFrom('users')
      .innerJoin('memberships', 'memberships.user_id', 'users.id')
      .select('users.email')
      .where('memberships.school_id', '=', athens)
      .where('memberships.role', '=', 'student')
      .where('users.id', '!=', studentId)
      .where('users.email', 'is not', null)
      .executeTakeFirstOrThrow();
    otherStudentEmail = other.email!;
    // A file the student uploaded, with its bytes where the storage keeps them.
    const fx = await teachingFixture(db);
    const fileId = await insertFileRow(db, {
      school: athens,
      lessonId: fx.shared,
      entity: 'chapter',
      entityId: 1,
      uploaderUserId: studentId,
    });
    const file = await db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    await server.built.deps.storage.put(uploadedFileKey(athens, file.storage_key), PNG_BYTES);
  });
  afterAll(() => server.close());

  it('declares every column that refers to a person', async () => {
    // The foreign keys of the migrated database that point at an account or a membership.
    const foreign =
      kind === 'sqlite'
        ? await sql<{ ref: string }>`
            SELECT m.name || '.' || f."from" AS ref
            FROM sqlite_master m, pragma_foreign_key_list(m.name) f
            WHERE m.type = 'table' AND f."table" IN ('users', 'memberships')`.execute(
            server.built.deps.db,
          )
        : await sql<{ ref: string }>`
            SELECT tc.table_name || '.' || kcu.column_name AS ref
            FROM information_schema.table_constraints tc
            JOIN information_schema.key_column_usage kcu
              ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
            JOIN information_schema.constraint_column_usage ccu
              ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
            WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()
              AND ccu.table_name IN ('users', 'memberships')`.execute(server.built.deps.db);
    const declared = PERSON_REFERENCES.map((r) => `${r.table}.${r.column}`).sort();
    expect([...new Set(foreign.rows.map((r) => r.ref))].sort()).toEqual(declared);
  });

  it("exports the person's records and files as one zip, and no one else's", async () => {
    const response = await exportOf(studentId, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(Buffer.from(await response.arrayBuffer()));
    const document = JSON.parse(entries.get('person.json')!.toString('utf8'));
    expect(document.account.email).toBe('student@demo.school');
    expect(document.account.password_hash).toBeUndefined();
    const memberships = document.records.memberships as { user_id: number; school_id: number }[];
    expect(memberships.length).toBeGreaterThan(0);
    expect(memberships.every((m) => m.user_id === studentId && m.school_id === athens)).toBe(true);
    const text = entries.get('person.json')!.toString('utf8');
    expect(text).not.toContain(otherStudentEmail);
    const files = [...entries.keys()].filter((name) => name.startsWith('files/'));
    expect(files).toHaveLength(1);
    expect(entries.get(files[0]!)).toEqual(PNG_BYTES);
    const audit = await server.built.deps.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'export')
      .where('entity', '=', 'user')
      .execute();
    expect(audit).toContainEqual({ action: 'export', entity_id: String(studentId) });
  });

  it('refuses limited admins, other roles, other schools and people of other schools', async () => {
    const db = server.built.deps.db;
    // An admin whose group grants the students list but not the school's users.
    const limited = await insertAccount(db, `limited-${kind}@example.test`, [
      { school: athens, role: 'admin' },
    ]);
    await insertPermissionGroup(
      db,
      athens,
      'Students only',
      [{ resource: 'students', read: true, write: true }],
      [limited.userId],
    );
    const limitedToken = await api.login(`limited-${kind}@example.test`);
    expect((await exportOf(studentId, limitedToken)).status).toBe(403);
    const erase = await api.post(
      person(studentId, 'erase'),
      { confirmation: 'ERASE' },
      limitedToken,
    );
    expect(erase.status).toBe(403);
    const teacher = await api.login('teacher@demo.school');
    expect((await exportOf(studentId, teacher)).status).toBe(403);
    // admin@demo.school is a teacher in Thessaloniki, not an admin.
    expect((await exportOf(studentId, admin, thessaloniki)).status).toBe(403);
    const elsewhere = await insertAccount(db, `elsewhere-${kind}@example.test`, [
      { school: thessaloniki, role: 'student' },
    ]);
    expect((await exportOf(elsewhere.userId, admin)).status).toBe(404);
    const noConfirmation = await api.post(
      person(studentId, 'erase'),
      { confirmation: 'yes' },
      admin,
    );
    expect(noConfirmation.status).toBe(400);
    const self = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@demo.school')
      .executeTakeFirstOrThrow();
    // admin@demo.school also belongs to Thessaloniki: refused either way, never erased.
    const selfErase = await api.post(person(self.id, 'erase'), { confirmation: 'ERASE' }, admin);
    expect([403, 409]).toContain(selfErase.status);
  });

  it('erases a person: their name and e-mail appear in no text column of any table', async () => {
    const db = server.built.deps.db;
    const before = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    const needles = [
      `${before.first_name} ${before.last_name}`,
      `${before.last_name} ${before.first_name}`,
      before.email!,
    ];
    // The student's own photo, whose bytes go with the account's details.
    const photo = await fetch(`${server.url}/api/account/photo`, {
      method: 'POST',
      headers: { Token: await api.login('student@demo.school') },
      body: uploadForm({}, { name: 'me.png', bytes: PNG_BYTES, type: 'image/png' }),
    });
    expect(photo.status).toBe(200);
    const photoKey = schoolFileKey(((await photo.json()) as any).data.logo as string);
    expect(await server.built.deps.storage.size(photoKey)).not.toBeNull();

    const erased = await api.post(person(studentId, 'erase'), { confirmation: 'ERASE' }, admin);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.data.changed.users).toBe(1);
    expect(await server.built.deps.storage.size(photoKey)).toBeNull();
    const signIn = await api.call('POST', '/account/login', {
      body: { username: 'student@demo.school', password: 'demo-password', platform: 'test' },
    });
    expect(signIn.status).toBe(401);

    const columns =
      kind === 'sqlite'
        ? (
            await sql<{ table_name: string; column_name: string }>`
              SELECT m.name AS table_name, c.name AS column_name
              FROM sqlite_master m, pragma_table_info(m.name) c
              WHERE m.type = 'table' AND upper(c.type) LIKE '%TEXT%'`.execute(db)
          ).rows
        : (
            await sql<{ table_name: string; column_name: string }>`
              SELECT table_name, column_name FROM information_schema.columns
              WHERE table_schema = current_schema()
                AND data_type IN ('text', 'character varying', 'json', 'jsonb')`.execute(db)
          ).rows;
    expect(columns.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      for (const needle of needles) {
        const hits = await sql<{ n: number }>`
          SELECT count(*) AS n FROM ${sql.table(table)}
          WHERE CAST(${sql.ref(column)} AS TEXT) LIKE ${`%${needle}%`}`.execute(db);
        if (Number(hits.rows[0]!.n) > 0) found.push(`${table}.${column}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    // The name itself lives in two columns of the account, and lower-cased in search texts.
    const account = await db
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email', 'logo'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ first_name: 'Erased', last_name: 'person', email: null, logo: null });
    const searchTexts = await db
      .selectFrom('memberships')
      .select(['search_text', 'sort_name'])
      .where('user_id', '=', studentId)
      .execute();
    for (const row of searchTexts)
      expect(`${row.search_text} ${row.sort_name}`.toLowerCase()).not.toContain(
        before.last_name.toLowerCase(),
      );
    // Their grades and absences stay for the school's records, under no name.
    const membership = await db
      .selectFrom('memberships')
      .select(['id', 'phone', 'active'])
      .where('user_id', '=', studentId)
      .where('school_id', '=', athens)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ phone: null, active: 0 });
    const audit = await db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('action', '=', 'erase')
      .executeTakeFirst();
    expect(audit?.entity_id).toBe(String(studentId));
    const files = await db
      .selectFrom('files')
      .select('id')
      .where('uploaded_by_user_id', '=', studentId)
      .execute();
    expect(files).toEqual([]);
  });
});
