import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

/**
 * Every array in an answer has a stated order. PostgreSQL returns unordered rows in their
 * physical order, and an update writes a row anew at another place: an array read without
 * ORDER BY changes order after an unrelated update.
 */
describe.each(databaseKinds)('arrays keep their order after unrelated updates on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  it("keeps a lesson's student ids and their labels in id order", async () => {
    const lessons = (await api.get('/schools/1/admin/lessons?per_page=5', admin)).body.data;
    const lesson = (await api.get(`/schools/1/admin/lessons/${lessons[0].id}`, admin)).body.data;
    const ids = lesson.student_ids as number[];
    expect(ids.length).toBeGreaterThan(2);
    // An unrelated update of the first students' rows moves them in PostgreSQL's heap.
    for (const id of ids.slice(0, 2))
      await server.built.deps.db
        .updateTable('memberships')
        .set({ phone: '+30 690 111 2222' })
        .where('id', '=', id)
        .execute();
    await server.built.deps.db
      .updateTable('users')
      .set({ language: 'en' })
      .where(
        'id',
        'in',
        (
          await server.built.deps.db
            .selectFrom('memberships')
            .select('user_id')
            .where('id', 'in', ids.slice(0, 2))
            .execute()
        ).map((r) => r.user_id),
      )
      .execute();
    const again = (await api.get(`/schools/1/admin/lessons/${lesson.id}`, admin)).body.data;
    const sorted = [...ids].sort((a, b) => a - b);
    expect(again.student_ids).toEqual(sorted);
    expect(again.labels.student_ids.map((l: { id: number }) => l.id)).toEqual(sorted);
  });
});
