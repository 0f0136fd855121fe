import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_RESOURCES } from '../../src/shared/permissions';
import { SETTING_NAMES } from '../../src/shared/api/school';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)(
  'school settings, categories, periods and permissions on %s',
  (kind) => {
    let server: TestServer;
    let api: ApiClient;
    let admin: string;
    let athens: number;
    let thessaloniki: number;

    beforeAll(async () => {
      server = await startServer(kind);
      api = apiClient(server.url);
      admin = await api.login('admin@demo.school');
      const schools = (await api.get('/account/schools', admin)).body.data as {
        school_id: number;
        name: string;
      }[];
      athens = schools.find((s) => s.name === 'Demo School Athens')!.school_id;
      thessaloniki = schools.find((s) => s.name === 'Demo School Thessaloniki')!.school_id;
    });
    afterAll(() => server.close());

    it('lists every setting the spec names, with isJSON telling how to read data', async () => {
      const response = await api.get(`/schools/${athens}/settings`, admin);
      expect(response.status).toBe(200);
      const settings = response.body.data as { name: string; data: string; isJSON: boolean }[];
      expect(settings.map((s) => s.name).sort()).toEqual([...SETTING_NAMES].sort());
      for (const s of settings) {
        if (s.isJSON) expect(() => JSON.parse(s.data)).not.toThrow();
      }
      const translations = JSON.parse(settings.find((s) => s.name === 'translations')!.data);
      expect(Object.keys(translations).sort()).toEqual(['el', 'en']);
      expect(settings.find((s) => s.name === 'ai_chatbot_enabled')).toEqual({
        name: 'ai_chatbot_enabled',
        data: 'true',
        isJSON: false,
      });
      const colors = JSON.parse(settings.find((s) => s.name === 'colors')!.data);
      expect(Object.keys(colors).sort()).toEqual(
        [
          'primaryBackground',
          'primaryBackgroundLight',
          'primaryText',
          'secondaryBackground',
          'secondaryText',
          'thirdBackground',
        ].sort(),
      );
      const greek = (await api.get(`/schools/${thessaloniki}/settings`, admin)).body.data as {
        name: string;
        data: string;
      }[];
      expect(greek.find((s) => s.name === 'school_language')!.data).toBe('el');
    });

    it('lists categories, filtered by type', async () => {
      const all = (await api.get(`/schools/${athens}/categories`, admin)).body.data as {
        type: string;
      }[];
      expect(new Set(all.map((c) => c.type))).toEqual(
        new Set(['lesson', 'announcement', 'income', 'expense']),
      );
      const expenses = await api.get(`/schools/${athens}/categories?type=expense`, admin);
      expect(expenses.body.data.map((c: { name: string }) => c.name)).toEqual([
        'Rent',
        'Salaries',
        'Utilities',
      ]);
    });

    it('lists periods with sub-periods and exactly one current; reads one by id', async () => {
      const periods = (await api.get(`/schools/${athens}/admin/period`, admin)).body.data as {
        id: number;
        iscurrent: boolean;
        sub_periods: unknown[];
      }[];
      expect(periods.length).toBe(2);
      expect(periods.filter((p) => p.iscurrent).length).toBe(1);
      const current = periods.find((p) => p.iscurrent)!;
      expect(current.sub_periods.length).toBe(3);

      const one = await api.get(`/schools/${athens}/admin/period/${current.id}`, admin);
      expect(one.body.data).toEqual(current);

      const otherSchoolPeriod = (await api.get(`/schools/${thessaloniki}/teacher/period`, admin))
        .body.data[0].id;
      const crossed = await api.get(`/schools/${athens}/admin/period/${otherSchoolPeriod}`, admin);
      expect(crossed.status).toBe(404);
      expect(crossed.body.error).toBe('not_found');
    });

    it('gives an admin outside every group full access, and narrows a group member', async () => {
      const full = (await api.get(`/schools/${athens}/admin/school/user-permissions`, admin)).body
        .data as {
        resource: string;
        read: boolean;
        write: boolean;
      }[];
      expect(full.map((p) => p.resource)).toEqual([...PERMISSION_RESOURCES]);
      expect(full.every((p) => p.read && p.write)).toBe(true);

      const secretary = await api.login('secretary@demo.school');
      const office = (await api.get(`/schools/${athens}/admin/school/user-permissions`, secretary))
        .body.data as {
        resource: string;
        read: boolean;
        write: boolean;
      }[];
      const of = (resource: string) => office.find((p) => p.resource === resource);
      expect(of('students')).toEqual({ resource: 'students', read: true, write: true });
      expect(of('transactions')).toEqual({ resource: 'transactions', read: true, write: false });
      expect(of('users')).toEqual({ resource: 'users', read: false, write: false });
      expect(of('permissions')).toEqual({ resource: 'permissions', read: false, write: false });
    });

    it('refuses a role the caller does not hold in that school with 403', async () => {
      const teacherInAthens = await api.get(`/schools/${athens}/teacher/period`, admin);
      expect(teacherInAthens.status).toBe(403);
      expect(teacherInAthens.body.error).toBe('forbidden');
      expect((await api.get(`/schools/${thessaloniki}/teacher/period`, admin)).status).toBe(200);
      expect((await api.get(`/schools/${thessaloniki}/admin/period`, admin)).status).toBe(403);
      expect((await api.get(`/schools/${athens}/superuser/period`, admin)).status).toBe(400);
    });

    it('serves the notification and chat counts of the caller only', async () => {
      const unseen = await api.get(`/schools/${athens}/admin/notifications/unseen`, admin);
      expect(unseen.body.data).toEqual({ count: 12 });
      const list = await api.get(`/schools/${athens}/admin/notifications?search=payment`, admin);
      expect(list.body.totalCount).toBe(1);
      expect(list.body.data[0]).toMatchObject({ title: 'Payment received', seen: false });
      const seen = await api.post(`/schools/${athens}/admin/notifications/seen`, {}, admin);
      expect(seen.body.data).toEqual({ count: 12 });
      expect(
        (await api.get(`/schools/${athens}/admin/notifications/unseen`, admin)).body.data,
      ).toEqual({ count: 0 });

      // The student's counts are their own: the admin's reading changed none of them.
      const student = await api.login('student@demo.school');
      const studentUnseen = await server.built.deps.db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('u.email', '=', 'student@demo.school')
        .where('n.school_id', '=', athens)
        .where('n.role', '=', 'student')
        .where('n.seen_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(studentUnseen.count)).toBeGreaterThan(0);
      expect(
        (await api.get(`/schools/${athens}/student/notifications/unseen`, student)).body.data,
      ).toEqual({ count: Number(studentUnseen.count) });
      const rooms = await api.get(
        `/schools/${athens}/student/messages/chatrooms?per_page=100`,
        student,
      );
      const unread = (rooms.body.data as { unread_messages_count: number }[]).reduce(
        (sum, room) => sum + room.unread_messages_count,
        0,
      );
      expect(unread).toBeGreaterThan(0);
      expect(
        (await api.get(`/schools/${athens}/student/messages/unseen`, student)).body.data,
      ).toEqual({ count: unread });
    });
  },
);
