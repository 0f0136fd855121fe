import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../../config';

// Where unpacked packages live. The area talks to this small interface only, so that an
// S3-compatible store can take the local folder's place later (docs/scorm.md): a package is a
// folder named by a random key, written file by file, read file by file, removed whole.

export interface PackageLocation {
  schoolId: number;
  /** 32 hex digits of ours, never a client's text. */
  key: string;
}

export interface StoredFile {
  stream: Readable;
  size: number;
}

export interface PackageStore {
  /** Writes one file of a package; `innerPath` is already checked (package-check.ts). */
  write(location: PackageLocation, innerPath: string, content: Readable): Promise<void>;
  /** A stored file, or null when there is none (or it is not a plain file). */
  open(location: PackageLocation, innerPath: string): Promise<StoredFile | null>;
  /** Removes a whole package; one already gone is fine (a job may run twice). */
  remove(location: PackageLocation): Promise<void>;
}

const packageDir = (root: string, location: PackageLocation) => {
  if (!/^[0-9a-f]{32}$/.test(location.key)) throw new Error('A package key is 32 hex digits.');
  return path.join(root, String(location.schoolId), location.key);
};

/** Inside the package's folder, or null for a path that would leave it. */
function inside(dir: string, innerPath: string): string | null {
  const target = path.resolve(dir, ...innerPath.split('/'));
  const relative = path.relative(dir, target);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return target;
}

/** Packages under DATA_DIR/scorm/<school>/<key>/. */
export function localPackageStore(config: ServerConfig): PackageStore {
  const root = path.join(config.dataDir, 'scorm');
  return {
    async write(location, innerPath, content) {
      const target = inside(packageDir(root, location), innerPath);
      if (!target) throw new Error('A package path must stay inside the package.');
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await pipeline(content, fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    },
    async open(location, innerPath) {
      const target = inside(packageDir(root, location), innerPath);
      if (!target) return null;
      try {
        // lstat: a link (none is ever written) is not followed out of the folder.
        const stat = await fsp.lstat(target);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(target), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(location) {
      await fsp.rm(packageDir(root, location), { recursive: true, force: true });
    },
  };
}

const stores = new WeakMap<ServerConfig, PackageStore>();

/** The package store of a server (one per configuration). */
export function packageStoreOf(config: ServerConfig): PackageStore {
  let store = stores.get(config);
  if (!store) {
    store = localPackageStore(config);
    stores.set(config, store);
  }
  return store;
}
