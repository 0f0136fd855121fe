import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../src/shared/constants';
import { RESOURCES } from '../../src/shared/resources';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

interface Caller {
  login: string;
  token: string;
  /** Schools this login belongs to. */
  schools: number[];
}

/**
 * Generates callers, schools, roles, resources, methods and ids (including ids of the other
 * school's rows) and checks the one rule: a call never returns or changes a row of a school
 * the caller does not belong to.
 */
describe.each(databaseKinds)('no resource call crosses schools (property) on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let callers: Caller[];
  let schools: number[];
  const idsBySchool = new Map<number, Map<string, number[]>>();

  async function snapshot(schoolId: number): Promise<string> {
    const db = server.built.deps.db;
    const parts = await Promise.all(
      [
        'levels',
        'tags',
        'sites',
        'rooms',
        'courses',
        'lessons',
        'announcements',
        'periods',
        'categories',
        'permission_groups',
      ].map(async (table) =>
        JSON.stringify(
          await db
            .selectFrom(table as 'levels')
            .selectAll()
            .where('school_id', '=', schoolId)
            .orderBy('id')
            .execute(),
        ),
      ),
    );
    const people = await db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'memberships.id',
        'memberships.role',
        'memberships.code',
        'users.first_name',
        'users.last_name',
        'users.email',
      ])
      .where('memberships.school_id', '=', schoolId)
      .orderBy('memberships.id')
      .execute();
    return parts.join('|') + JSON.stringify(people);
  }

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    const db = server.built.deps.db;
    schools = (await db.selectFrom('schools').select('id').orderBy('id').execute()).map(
      (s) => s.id,
    );
    for (const school of schools) {
      const byResource = new Map<string, number[]>();
      for (const resource of Object.values(RESOURCES)) {
        if (resource.custom) continue;
        let query = db
          .selectFrom(resource.table as 'levels')
          .select('id')
          .where('school_id', '=', school);
        if (resource.people)
          query = query.where('role' as never, '=', resource.people.role as never);
        byResource.set(
          resource.name,
          (await query.limit(3).execute()).map((r) => r.id),
        );
      }
      idsBySchool.set(school, byResource);
    }
    callers = [];
    for (const login of [
      'teacher@demo.school',
      'student@demo.school',
      'parent@demo.school',
      'secretary@demo.school',
    ]) {
      callers.push({ login, token: await api.login(login), schools: [schools[0]!] });
    }
  });
  afterAll(() => server.close());

  it('holds for generated calls', async () => {
    const foreignSchool = schools[1]!;
    const before = await snapshot(foreignSchool);
    const resources = Object.values(RESOURCES)
      .filter((r) => !r.custom)
      .map((r) => r.name);

    await fc.assert(
      fc.asyncProperty(
        fc.record({
          caller: fc.constantFrom(...callers),
          pathSchool: fc.constantFrom(...schools),
          role: fc.constantFrom(...ROLES),
          resource: fc.constantFrom(...resources),
          method: fc.constantFrom('GET-list', 'GET-one', 'POST', 'PUT', 'DELETE'),
          idFrom: fc.constantFrom(...schools),
          pick: fc.nat(2),
          body: fc.dictionary(
            fc.constantFrom('name', 'title', 'first_name', 'last_name', 'level_id', 'lesson_id'),
            fc.oneof(fc.string(), fc.nat(100_000)),
          ),
        }),
        async ({ caller, pathSchool, role, resource, method, idFrom, pick, body }) => {
          const ids = idsBySchool.get(idFrom)!.get(resource) ?? [];
          const id = ids[pick % Math.max(1, ids.length)] ?? 1;
          const base = `/schools/${pathSchool}/${role}/${resource}`;
          const response =
            method === 'GET-list'
              ? await api.get(`${base}?per_page=100`, caller.token)
              : method === 'GET-one'
                ? await api.get(`${base}/${id}`, caller.token)
                : method === 'POST'
                  ? await api.post(base, body, caller.token)
                  : await api.call(method, `${base}/${id}`, {
                      token: caller.token,
                      body: method === 'PUT' ? body : undefined,
                    });
          if (!caller.schools.includes(pathSchool)) {
            expect(response.status).toBe(403);
            return;
          }
          // Inside its own school, nothing the caller receives may belong to the other school.
          const foreignIds = new Set(idsBySchool.get(foreignSchool)!.get(resource) ?? []);
          if (response.status === 200 && method === 'GET-list') {
            for (const row of response.body.data as { id: number }[]) {
              const owner = await ownerOf(resource, row.id);
              expect(owner).toBe(pathSchool);
            }
          }
          if (response.status === 200 && method !== 'GET-list' && response.body.data) {
            expect(await ownerOf(resource, (response.body.data as { id: number }).id)).toBe(
              pathSchool,
            );
          }
          if (
            idFrom === foreignSchool &&
            foreignIds.has(id) &&
            (method === 'GET-one' || method === 'PUT' || method === 'DELETE')
          ) {
            expect(response.status).not.toBe(200);
          }
        },
      ),
      { numRuns: 150, seed: 20261120 },
    );
    expect(await snapshot(foreignSchool)).toBe(before);
  });

  async function ownerOf(resource: string, id: number): Promise<number | undefined> {
    const table = RESOURCES[resource]!.table;
    const row = await server.built.deps.db
      .selectFrom(table as 'levels')
      .select('school_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.school_id;
  }
});
