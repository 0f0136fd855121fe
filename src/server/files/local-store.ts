import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { countedStream } from './counted-stream';
import { keySegments, StorageError, type ObjectStore } from './object-store';

/**
 * The folder store: a key is a path under DATA_DIR, in the layout the server always had
 * (files/<school>/<key>, scorm/<school>/<key>/…, school_files/<name>), so that existing data
 * keeps working. Writes go to a temporary name beside their target and are renamed into place.
 */
export function localObjectStore(dataDir: string): ObjectStore {
  const root = path.resolve(dataDir);
  const scratchDir = path.join(root, 'files', 'incoming');

  const pathOf = (key: string): string => {
    const target = path.resolve(root, ...keySegments(key));
    const relative = path.relative(root, target);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative))
      throw new StorageError('A storage key must stay inside the store.');
    return target;
  };

  /** Writes through a temporary file beside the target, renamed when whole. */
  async function writeAtomically(target: string, write: (temp: string) => Promise<void>) {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
    try {
      await write(temp);
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  /** A plain file's size; null for nothing, a folder, or a link (never followed out). */
  async function fileSize(target: string): Promise<number | null> {
    try {
      const stat = await fsp.lstat(target);
      return stat.isFile() ? stat.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw error;
    }
  }

  return {
    description: { kind: 'local', dir: root },
    scratchDir,
    async put(key, body) {
      const target = pathOf(key);
      await writeAtomically(target, async (temp) => {
        if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body, { mode: 0o600 });
        else
          await pipeline(
            body.stream,
            countedStream(body.size),
            fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
          );
      });
    },
    async putFile(key, file) {
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(file, target);
      } catch (error) {
        // Another disk (a DATA_DIR/files mounted on its own volume): copy, then remove.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await writeAtomically(target, (temp) => fsp.copyFile(file, temp));
        await fsp.rm(file, { force: true });
      }
    },
    async get(key) {
      const target = pathOf(key);
      const size = await fileSize(target);
      if (size === null) return null;
      return { stream: fs.createReadStream(target), size };
    },
    async size(key) {
      return fileSize(pathOf(key));
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async deleteAll(prefix) {
      await fsp.rm(pathOf(prefix), { recursive: true, force: true });
    },
    async verify() {
      await fsp.mkdir(scratchDir, { recursive: true });
    },
    async close() {},
  };
}
