import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { searchTextOf } from '../../../shared/search';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/schema';
import { storedPath } from './storage';

// A few small demo files: a chart on a chapter and a worksheet on a task.

const CHART_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100806000000' +
    '1ff3ff610000001a49444154789c63fccf30011a30c0a8018c1a30c0a80100e6bc10f1a6ac1e7b0000000049454e44ae426082',
  'hex',
);
const WORKSHEET = Buffer.from(
  'Φύλλο εργασίας\n\n1. Λύστε την εξίσωση x^2 - 5x + 6 = 0.\n2. Βρείτε τη διακρίνουσα της 2x^2 + 3x - 2 = 0.\n',
  'utf8',
);

export async function seedFiles(
  db: Kysely<Database>,
  config: ServerConfig,
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
    files.push({
      entity: 'chapter',
      entityId: input.chapterId,
      name: 'γράφημα-παραβολής.png',
      type: 'image/png',
      bytes: CHART_PNG,
    });
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
    const target = storedPath(config, input.schoolId, key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.bytes);
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
