import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

describe.each(databaseKinds)('export and import on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  const base = '/api/schools/1/admin';

  beforeAll(async () => {
    server = await startServer(kind);
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
  });
  afterAll(() => server.close());

  const upload = (resource: string, name: string, content: string, commit: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    return fetch(`${server.url}${base}/${resource}/import?commit=${commit}`, {
      method: 'POST',
      headers: { Token: admin },
      body: form,
    });
  };

  it('exports a filtered list as CSV with a byte-order mark and labels', async () => {
    const response = await fetch(`${server.url}${base}/students/export?format=csv&search=S000`, {
      headers: { Token: admin },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Last name,First name,Email,Student code,Phone,Date of birth,Level,Active',
    );
    expect(lines.length).toBe(1 + 10);
    expect(lines.some((l) => l.startsWith('Γεωργίου,Σοφία,student@demo.school,S0000'))).toBe(true);
  });

  it('exports XLSX that a spreadsheet reader opens', async () => {
    const response = await fetch(`${server.url}${base}/levels/export?format=xlsx`, {
      headers: { Token: admin },
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const [sheet] = await readXlsxFile(Buffer.from(await response.arrayBuffer()));
    expect(sheet!.data[0]).toEqual(['Name', 'Order']);
    expect(sheet!.data.slice(1).map((r) => r[0])).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
  });

  it('previews an import with per-row errors and writes nothing; refuses to commit it', async () => {
    const csv =
      'Last name;First name;Email;Student code\nΔημητρίου;Ελένη;eleni.d@demo.school;S7001\n;Χωρίς επώνυμο;bad-email;S7002\n';
    const preview = await upload('students', 'students.csv', csv, false);
    const body = (await preview.json()) as {
      data: {
        rows: { row: number; errors: Record<string, string> }[];
        valid: number;
        invalid: number;
        created: number;
      };
    };
    expect(body.data).toMatchObject({ valid: 1, invalid: 1, created: 0 });
    expect(body.data.rows[1]).toMatchObject({
      row: 3,
      errors: { last_name: 'This field is required', email: 'Enter a valid email address' },
    });
    const commit = await upload('students', 'students.csv', csv, true);
    expect(commit.status).toBe(400);
    const written = await server.built.deps.db
      .selectFrom('memberships')
      .select('id')
      .where('code', 'in', ['S7001', 'S7002'])
      .execute();
    expect(written).toEqual([]);
  });

  it('imports a clean file in one go', async () => {
    const csv =
      'last_name,first_name,email,code,Level\nΔημητρίου,Ελένη,eleni.d@demo.school,S7001,b1\n"Οικονόμου, Jr",Νίκος,,S7003,\n';
    const response = await upload('students', 'students.csv', csv, true);
    const body = (await response.json()) as { data: { created: number } };
    expect(response.status).toBe(200);
    expect(body.data.created).toBe(2);
    const list = await api.get('/schools/1/admin/students?search=S700', admin);
    expect(list.body.data.map((r: { last_name: string }) => r.last_name).sort()).toEqual([
      'Δημητρίου',
      'Οικονόμου, Jr',
    ]);
    // The level was given by its name.
    expect(list.body.data.find((r: { code: string }) => r.code === 'S7001').level_label).toBe('B1');
  });

  it('rolls back a whole import when one row conflicts', async () => {
    const csv = 'last_name,first_name,code\nΠρώτος,Α,S7100\nΔεύτερος,Β,S0001\n';
    const response = await upload('students', 'students.csv', csv, true);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Row 3: /);
    expect(
      await server.built.deps.db
        .selectFrom('memberships')
        .select('id')
        .where('code', '=', 'S7100')
        .execute(),
    ).toEqual([]);
  });

  it('refuses import without write permission and for resources that do not import', async () => {
    const levels = await upload('levels', 'levels.csv', 'name\nX\n', true);
    expect(levels.status).toBe(400);
    expect(
      await server.built.deps.db
        .selectFrom('levels')
        .select('id')
        .where('name', '=', 'X')
        .execute(),
    ).toEqual([]);

    const teacher = await api.login('teacher@demo.school');
    const form = new FormData();
    form.append('file', new Blob(['last_name,first_name\nA,B\n']), 'students.csv');
    const refused = await fetch(`${server.url}/api/schools/1/teacher/students/import?commit=true`, {
      method: 'POST',
      headers: { Token: teacher },
      body: form,
    });
    expect(refused.status).toBe(403);
  });
});
