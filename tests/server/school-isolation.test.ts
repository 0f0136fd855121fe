import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/shared/api';
import { ROLES } from '../../src/shared/constants';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

const schoolEndpoints = Object.entries(endpoints).filter(([, e]) => e.access.startsWith('school'));

describe.each(databaseKinds)('one school cannot reach another on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let thessaloniki: number;
  let thessalonikiPeriod: number;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
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

  it('covers every school call', () => {
    expect(schoolEndpoints.map(([name]) => name).sort()).toEqual(
      [
        'categories',
        'chatRooms',
        'markNotificationsSeen',
        'notifications',
        'period',
        'periods',
        'settings',
        'unseenMessages',
        'unseenNotifications',
        'updateSettings',
        'userPermissions',
      ].sort(),
    );
  });

  it.each(['teacher@demo.school', 'student@demo.school', 'parent@demo.school'])(
    '%s of Athens gets 403 on every call of Thessaloniki, in every role',
    async (login) => {
      const token = await api.login(login);
      for (const [name, e] of schoolEndpoints) {
        for (const role of e.access === 'school-role' ? ROLES : [null]) {
          const path = e.path
            .replace(':school_id', String(thessaloniki))
            .replace(':role', role ?? '')
            .replace(':id', String(thessalonikiPeriod));
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
