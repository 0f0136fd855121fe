import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';

/**
 * Every route the server answers under /api appears in the OpenAPI document, with the query
 * parameters of lists: a route registered outside route() (so outside src/shared/api) fails.
 */
describe('the OpenAPI document', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('sqlite', { seedDemo: false });
  });
  afterAll(() => server.close());

  it('documents every served /api route', async () => {
    const document = (await apiClient(server.url).get('/docs/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
    };
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{([a-z_]+)\}/g, ':$1')}`,
        ),
      ),
    );
    const missing = server.built.servedRoutes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => r.url !== '/api/docs/openapi.json')
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);

    const students = document.paths['/api/schools/{school_id}/{role}/students']!.get!;
    expect(students.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'per_page', 'search', 'sort', 'order', 'level_id']),
    );
    const users = document.paths['/api/schools/{school_id}/{role}/users']!.get!;
    expect(users.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['roles']));
  });
});
