import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/areas/account/passwords';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import {
  SCALE_ADMIN_EMAIL,
  SCALE_SIZES,
  seedScaleSchool,
  type ScaleSchool,
} from '../../src/server/db/seed/scale';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// The benchmarks' scale data, in its small size so that this stays fast.
const size = SCALE_SIZES.small;

describe.each(databaseKinds)('the scale data on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let school: ScaleSchool;
  let passwordHash: string;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    passwordHash = await hashPassword(DEMO_PASSWORD);
    school = await seedScaleSchool(server.built.deps.db, { size, seed: 7, passwordHash });
  });
  afterAll(() => server.close());

  it("gives the scale school's office its students, teachers, guardians and lessons", async () => {
    const office = await api.login(SCALE_ADMIN_EMAIL);
    const total = async (resource: string) =>
      (await api.get(`/schools/${school.schoolId}/admin/${resource}`, office)).body.totalCount;
    expect(await total('students')).toBe(size.students);
    expect(await total('teachers')).toBe(size.teachers);
    expect(await total('clients')).toBe(size.clients);
    expect(await total('lessons')).toBe(size.lessons);

    const guarded = await server.built.deps.db
      .selectFrom('student_guardians')
      .select((eb) => eb.fn.count<number>('student_id').distinct().as('count'))
      .where('school_id', '=', school.schoolId)
      .executeTakeFirstOrThrow();
    expect(Number(guarded.count)).toBe(size.students);

    const firstPage = (await api.get(`/schools/${school.schoolId}/admin/students`, office)).body;
    expect(firstPage.data).toHaveLength(20);
  });

  it('leaves the demo schools as they were, and keeps their offices out of it', async () => {
    const admin = await api.login('admin@demo.school');
    const schools = (await api.get('/account/schools', admin)).body.data as {
      school_id: number;
      name: string;
      role: string;
    }[];
    expect(schools.map((s) => s.school_id)).not.toContain(school.schoolId);
    const athens = schools.find((s) => s.role === 'admin')!.school_id;
    expect((await api.get(`/schools/${athens}/admin/students`, admin)).body.totalCount).toBe(300);
    expect((await api.get(`/schools/${school.schoolId}/admin/students`, admin)).status).toBe(403);
  });
});

// Reproducibility is the generator's own property, so plain SQLite files suffice here.
describe('the scale data generator', () => {
  it('makes the same people from the same seed number, and others from another', async () => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const people = async (seed: number) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mathema-scale-'));
      const database = await openDatabase({
        database: { kind: 'sqlite', file: path.join(dir, 'scale.db') },
      });
      try {
        await migrateToLatest(database.db, database.kind);
        const made = await seedScaleSchool(database.db, { size, seed, passwordHash });
        return await database.db
          .selectFrom('memberships')
          .innerJoin('users', 'users.id', 'memberships.user_id')
          .select(['users.username', 'users.first_name', 'users.last_name', 'memberships.phone'])
          .where('memberships.school_id', '=', made.schoolId)
          .orderBy('memberships.id')
          .execute();
      } finally {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const [first, again, different] = [await people(7), await people(7), await people(8)];
    expect(first).toHaveLength(1 + size.teachers + size.students + size.clients);
    expect(again).toEqual(first);
    expect(different).not.toEqual(first);
  });
});
