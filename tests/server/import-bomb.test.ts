import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/client';
import { startServer, type TestServer } from './support/server';

/** A zip of the given files (deflated), written by hand: the test needs control over sizes. */
function zip(files: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const packed = zlib.deflateRawSync(content, { level: 9 });
    const nameBytes = Buffer.from(name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(zlib.crc32(content), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(content.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(zlib.crc32(content), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(content.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal .xlsx whose first sheet holds the given row XML. */
function xlsx(rowsXml: string): Buffer {
  const text = (s: string) => Buffer.from(s);
  return zip({
    '[Content_Types].xml': text(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': text(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': text(
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': text(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': text(
      `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rowsXml}</sheetData></worksheet>`,
    ),
  });
}

const inlineRow = (n: number, ...cells: string[]) =>
  `<row r="${n}">${cells
    .map(
      (c, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${c}</t></is></c>`,
    )
    .join('')}</row>`;

describe('import bombs', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer('sqlite');
    admin = await apiClient(server.url).login('admin@demo.school');
  });
  afterAll(() => server.close());

  const upload = (file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'students.xlsx');
    return fetch(`${server.url}/api/schools/1/admin/students/import`, {
      method: 'POST',
      headers: { Token: admin },
      body: form,
    });
  };

  it('refuses an .xlsx whose one cell unpacks to 50 MB, while /api/health answers within 200 ms', async () => {
    const bomb = xlsx(inlineRow(1, 'First name', 'a'.repeat(50 * 1024 * 1024)));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const latencies: number[] = [];
    let done = false;
    const answer = upload(bomb).finally(() => (done = true));
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await answer;
    expect([400, 413]).toContain(response.status);
    expect(await response.json()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/unpacks to/),
    });
    expect(Math.max(...latencies)).toBeLessThan(200);
  });

  it('refuses 300,000 rows before parsing them into rows', async () => {
    const rows = Array.from(
      { length: 300_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c></row>`,
    ).join('');
    const started = performance.now();
    const response = await upload(xlsx(rows));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      error: 'too_large',
      message: 'Import at most 5000 rows at a time.',
    });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('still imports a small sheet through the worker', async () => {
    const response = await upload(
      xlsx(inlineRow(1, 'First name', 'Last name') + inlineRow(2, 'Ana', 'Worker')),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.rows[0].values).toMatchObject({ first_name: 'Ana', last_name: 'Worker' });
  });
});
