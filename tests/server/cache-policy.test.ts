import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedEndpoints } from '../../src/server/http/route';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';

describe('signed-in answers are never cached', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    admin = await apiClient(server.url).login('admin@demo.school');
  });
  afterAll(() => server.close());

  it('sends Cache-Control: no-store on every GET of the route registry, successes and errors', async () => {
    const level = await server.built.deps.db
      .selectFrom('levels')
      .select('id')
      .where('school_id', '=', 1)
      .executeTakeFirstOrThrow();
    const gets = servedEndpoints(server.built.app).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const endpoint of gets) {
      const path = endpoint.path
        .replace(':school_id', '1')
        .replace(':role', 'admin')
        .replace(':id', String(level.id));
      const response = await fetch(`${server.url}/api${path}`, { headers: { Token: admin } });
      await response.arrayBuffer();
      if (response.headers.get('cache-control') !== 'no-store')
        missing.push(
          `${endpoint.path} (${response.status}): ${response.headers.get('cache-control')}`,
        );
    }
    expect(missing).toEqual([]);
  });
});
