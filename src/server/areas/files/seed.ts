import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { Database } from '../../db/schema';
import { uploadedFileKey, type ObjectStore } from '../../files/object-store';

// A few small demo files, made here rather than kept as binaries: a chart and a handout on a
// chapter, a worksheet on a task.

/** A 96×96 PNG: a parabola drawn on a light grid. */
function chartPng(): Buffer {
  const size = 96;
  const stride = size * 3 + 1;
  const raw = Buffer.alloc(stride * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = y * stride + 1 + x * 3;
      const u = (x - size / 2) / 12;
      const curve = Math.abs(size - 12 - y - u * u * 6) < 1.6;
      const axis = x === size / 2 || y === size - 12;
      const grid = x % 12 === 0 || y % 12 === 0;
      const [r, g, b] = curve
        ? [47, 111, 214]
        : axis
          ? [60, 60, 60]
          : grid
            ? [225, 230, 238]
            : [250, 250, 252];
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF handout (text in the standard Helvetica, so ASCII only). */
function handoutPdf(): Buffer {
  const text =
    'BT /F1 18 Tf 72 760 Td (Quadratic equations: summary) Tj 0 -28 Td /F1 12 Tf ' +
    '(x = (-b +/- sqrt(D)) / 2a, D = b^2 - 4ac) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const WORKSHEET = Buffer.from(
  'Φύλλο εργασίας\n\n1. Λύστε την εξίσωση x^2 - 5x + 6 = 0.\n2. Βρείτε τη διακρίνουσα της 2x^2 + 3x - 2 = 0.\n',
  'utf8',
);

export async function seedFiles(
  db: Kysely<Database>,
  storage: ObjectStore,
  input: {
    schoolId: number;
    lessonId: number;
    chapterId?: number;
    taskId?: number;
    uploaderUserId: number;
    now: Date;
  },
): Promise<void> {
  const files: { entity: string; entityId: number; name: string; type: string; bytes: Buffer }[] =
    [];
  if (input.chapterId)
    files.push(
      {
        entity: 'chapter',
        entityId: input.chapterId,
        name: 'γράφημα-παραβολής.png',
        type: 'image/png',
        bytes: chartPng(),
      },
      {
        entity: 'chapter',
        entityId: input.chapterId,
        name: 'σύνοψη-δευτεροβάθμιων.pdf',
        type: 'application/pdf',
        bytes: handoutPdf(),
      },
    );
  if (input.taskId)
    files.push({
      entity: 'task',
      entityId: input.taskId,
      name: 'φύλλο-εργασίας.txt',
      type: 'text/plain',
      bytes: WORKSHEET,
    });
  for (const file of files) {
    const key = crypto.randomBytes(16).toString('hex');
    await storage.put(uploadedFileKey(input.schoolId, key), file.bytes);
    await db
      .insertInto('files')
      .values({
        school_id: input.schoolId,
        lesson_id: input.lessonId,
        entity: file.entity,
        entity_id: file.entityId,
        storage_key: key,
        name: file.name,
        content_type: file.type,
        size: file.bytes.length,
        uploaded_by_user_id: input.uploaderUserId,
        created_at: input.now.toISOString(),
        search_text: searchTextOf([file.name]),
      })
      .execute();
  }
}
