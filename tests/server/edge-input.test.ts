import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';
import { deeplyNested } from './fuzz/support';

/** Writes a raw request on a socket and returns the status and the body of the answer. */
function rawRequest(url: string, text: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

const envelope = (error: string) => ({ status: 'error', error, message: expect.any(String) });

describe.each(databaseKinds)('malformed input at the edge on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(async () => {
    // An upload answered 413 before it was read leaves its socket mid-request.
    server.built.app.server.closeAllConnections();
    await server.close();
  });

  const get = (path: string, headers = '') =>
    rawRequest(
      server.url,
      `GET ${path} HTTP/1.1\r\nHost: test\r\nToken: ${admin}\r\n${headers}Connection: close\r\n\r\n`,
    );

  it('refuses ".", ".." and empty segments under /api with a 400 envelope', async () => {
    for (const path of [
      '/api/schools/..',
      '/api//schools//1//admin//levels',
      '/api/schools/1/admin/levels/./1',
      '/api/schools/1/admin/levels/%2e%2e',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual(envelope('validation'));
    }
  });

  it('answers errors raised before our handlers in the envelope', async () => {
    const cases: [string, string, number, string][] = [
      ['bad percent-encoding', 'GET /api/period/% HTTP/1.1\r\nHost: t\r\n', 400, 'validation'],
      ['an unknown method', 'FOO /api/health HTTP/1.1\r\nHost: t\r\n', 400, 'validation'],
      [
        'Content-Length with chunked',
        'POST /api/account/login HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n',
        400,
        'validation',
      ],
      [
        'headers over the limit',
        `GET /api/health HTTP/1.1\r\nHost: t\r\nX-Big: ${'a'.repeat(20_000)}\r\n`,
        431,
        'too_large',
      ],
      [
        'OPTIONS without preflight',
        'OPTIONS /api/health HTTP/1.1\r\nHost: t\r\n',
        400,
        'validation',
      ],
      ['an unknown route', 'GET /api/no-such-thing HTTP/1.1\r\nHost: t\r\n', 404, 'not_found'],
    ];
    for (const [label, head, status, code] of cases) {
      const answer = await rawRequest(server.url, `${head}Connection: close\r\n\r\n`);
      expect(answer.status, label).toBe(status);
      expect(JSON.parse(answer.body), label).toEqual(envelope(code));
    }
  });

  it('answers a users export query that fails validation with 400', async () => {
    for (const query of ['page=', 'page=1e309']) {
      const answer = await api.get(`/schools/1/admin/users/export?${query}`, admin);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject(envelope('validation'));
    }
  });

  it('refuses null or "" for a field stored NOT NULL, and repeated roles, with 400', async () => {
    const level = (await api.get('/schools/1/admin/levels', admin)).body.data[0].id;
    for (const value of [null, '']) {
      const answer = await api.call('PUT', `/schools/1/admin/levels/${level}`, {
        token: admin,
        body: { sort_order: value },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toHaveProperty('sort_order');
    }
    const someone = (await api.get('/schools/1/admin/users?roles=student', admin)).body.data[0].id;
    for (const body of [
      { language: null },
      { language: '' },
      { roles: ['client', 'client'] },
      { roles: Array.from({ length: 1000 }, () => 'client') },
    ]) {
      const answer = await api.call('PUT', `/schools/1/admin/users/${someone}`, {
        token: admin,
        body,
      });
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(answer.body.status).toBe('error');
    }
  });

  it('refuses JSON nested 10,000 deep inside a settings value', async () => {
    const response = await fetch(`${server.url}/api/schools/1/admin/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Token: admin },
      body: `{"settings":{"jitsi_config_overwrite":{"teacher":{"x":${deeplyNested(10_000)}}}}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      message: expect.stringMatching(/nested too deeply/),
    });
  });

  it('refuses NUL bytes in text and search, and ids beyond the integer range, the same on both databases', async () => {
    const created = await api.post('/schools/1/admin/levels', { name: 'a\u0000b' }, admin);
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/control characters/);
    const search = await api.get('/schools/1/admin/levels?search=a%00b', admin);
    expect(search.status).toBe(400);
    const mocking = await api.get('/schools/1/admin/levels', admin, {
      mockinguserid: '18446744073709551616',
    });
    expect(mocking.status).toBe(400);
    expect(mocking.body).toMatchObject(envelope('validation'));
    const beyond = await api.get('/schools/1/admin/levels/2147483648', admin);
    expect(beyond.status).toBe(400);
  });

  it('answers malformed multipart on every upload and import with 400, and a 20 MiB body with 413', async () => {
    const part = (boundary: string, content: string, filename = 'a.xlsx', type = 'text/csv') =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
    for (const path of [
      '/schools/1/admin/students/import',
      '/schools/1/admin/teachers/import',
      '/schools/1/admin/clients/import',
      '/schools/1/admin/settings/logo',
    ]) {
      for (const [label, type, body] of [
        ['no boundary', 'multipart/form-data', 'x'],
        ['wrong boundary', 'multipart/form-data; boundary=other', part('zzz', 'x')],
        [
          'cut short',
          'multipart/form-data; boundary=zzz',
          part('zzz', 'x'.repeat(50)).slice(0, 90),
        ],
        ['not a zip', 'multipart/form-data; boundary=zzz', part('zzz', 'not a zip')],
        ['truncated zip', 'multipart/form-data; boundary=zzz', part('zzz', 'PK\u0003\u0004trunc')],
      ]) {
        const response = await fetch(`${server.url}/api${path}`, {
          method: 'POST',
          headers: { 'Content-Type': type!, Token: admin },
          body,
        });
        expect(response.status, `${path} ${label}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${label}`).toBeLessThan(500);
        expect(await response.json(), `${path} ${label}`).toMatchObject({ status: 'error' });
      }
      const huge = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=zzz', Token: admin },
        body: path.endsWith('/logo')
          ? part('zzz', 'a'.repeat(20 * 1024 * 1024), 'a.png', 'image/png')
          : part('zzz', 'a'.repeat(20 * 1024 * 1024), 'a.csv'),
      });
      expect(huge.status, `${path} 20 MiB`).toBe(413);
    }
  });
});
