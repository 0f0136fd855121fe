import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { teachingFixture, type TeachingFixture } from './support/teaching';

// A parent reads the announcements their family is told (the child's page shows them): the
// school's to everyone and to parents, and those of their children's lessons; nothing else.

describe.each(databaseKinds)("a family's announcements on %s", (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let fx: TeachingFixture;
  let parent: string;
  let admin: string;
  const base = () => `/schools/${fx.school}`;

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    fx = await teachingFixture(server.built.deps.db);
    [parent, admin] = await Promise.all([
      api.login('parent@demo.school'),
      api.login('admin@demo.school'),
    ]);
  });
  afterAll(() => server.close());

  it("lists the school's and the children's lessons' announcements to a parent, and no others", async () => {
    const made: Record<string, number> = {};
    for (const [name, body] of [
      ['everyone', { audience: 'all' }],
      ['parents', { audience: 'clients' }],
      ['pupils', { audience: 'students' }],
      ['staff', { audience: 'teachers' }],
      ['childLesson', { audience: 'lesson', lesson_id: fx.shared }],
      ['otherLesson', { audience: 'lesson', lesson_id: fx.foreign }],
    ] as const) {
      const created = await api.post(
        `${base()}/admin/announcements`,
        { title: `Ανακοίνωση ${name}`, body: 'Κείμενο', ...body },
        admin,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      made[name] = created.body.data.id;
    }
    const list = await api.get(`${base()}/client/announcements?per_page=100`, parent);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const seen = list.body.data.map((row: { id: number }) => row.id);
    expect(seen).toEqual(expect.arrayContaining([made.everyone, made.parents, made.childLesson]));
    for (const hidden of [made.pupils, made.staff, made.otherLesson])
      expect(seen).not.toContain(hidden);
    expect(
      (await api.get(`${base()}/client/announcements/${made.otherLesson}`, parent)).status,
    ).toBe(404);
    // Reading is all a parent does with them.
    const written = await api.post(
      `${base()}/client/announcements`,
      { title: 'x', body: 'x', audience: 'all' },
      parent,
    );
    expect(written.status).toBe(403);
  });

  it("refuses another school's announcements to a parent who is not its member", async () => {
    const other = await server.built.deps.db
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', fx.school)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await api.get(`/schools/${other.id}/client/announcements`, parent)).status).toBe(403);
  });
});
