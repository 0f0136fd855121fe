import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/api';
import { ROLES } from '../../src/shared/constants';
import { servedEndpoints } from '../../src/server/http/route';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('one school cannot reach another on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let thessaloniki: number;
  let thessalonikiPeriod: number;
  // Generated from the route registry: a school call added tomorrow is covered tomorrow.
  let schoolEndpoints: [string, Endpoint][];

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    schoolEndpoints = servedEndpoints(server.built.app)
      .filter((e) => e.access.startsWith('school'))
      .map((e) => [`${e.method} ${e.path}`, e]);
    const db = server.built.deps.db;
    thessaloniki = (
      await db
        .selectFrom('schools')
        .select('id')
        .where('name', 'like', '%Thessaloniki')
        .executeTakeFirstOrThrow()
    ).id;
    thessalonikiPeriod = (
      await db
        .selectFrom('periods')
        .select('id')
        .where('school_id', '=', thessaloniki)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('covers every school call the server serves, the engine and the users area included', () => {
    const served = server.built.servedRoutes
      .filter((r) => r.url.startsWith('/api/schools/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.slice('/api'.length)}`);
    expect(served.length).toBeGreaterThan(100);
    expect(new Set(schoolEndpoints.map(([name]) => name))).toEqual(new Set(served));
  });

  it.each([
    'teacher@demo.school',
    'student@demo.school',
    'parent@demo.school',
    'secretary@demo.school',
    // Admin of Athens and teacher in Thessaloniki: every other role there is refused.
    'admin@demo.school',
  ])(
    '%s of Athens gets 403 on every call of Thessaloniki, in every role they do not hold there',
    async (login) => {
      const token = await api.login(login);
      for (const [name, e] of schoolEndpoints) {
        const roles = ROLES.filter(
          (role) => !(login === 'admin@demo.school' && role === 'teacher'),
        );
        if (e.access === 'school-member' && login === 'admin@demo.school') continue;
        for (const role of e.access === 'school-role' ? roles : [null]) {
          const path = e.path
            .replace(':school_id', String(thessaloniki))
            .replace(':role', role ?? '')
            .replace(':id', String(thessalonikiPeriod))
            .replace(/:[a-z_]+/g, '1');
          const response = await api.call(e.method, path, {
            token,
            body: e.method === 'GET' ? undefined : {},
          });
          expect(response.status, `${name} ${e.method} ${path}`).toBe(403);
          expect(response.body.error, `${name} ${path}`).toBe('forbidden');
        }
      }
      // Nothing was changed on the way: Thessaloniki's data is as seeded.
      const rows = await server.built.deps.db
        .selectFrom('notifications')
        .select('id')
        .where('school_id', '=', thessaloniki)
        .where('seen_at', 'is not', null)
        .execute();
      expect(rows).toEqual([]);
    },
  );
});
