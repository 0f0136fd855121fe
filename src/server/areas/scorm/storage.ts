import type { Readable } from 'node:stream';
import { InvalidKeyError, type ObjectStore, type StoredObject } from '../../files/object-store';

// Where unpacked packages live: under scorm/<school>/<key>/ of the server's object store
// (DATA_DIR or the S3 bucket, src/server/files). A package is written file by file, read file
// by file, removed whole.

export interface PackageLocation {
  schoolId: number;
  /** 32 hex digits of ours, never a client's text. */
  key: string;
}

export type StoredFile = StoredObject;

export interface PackageStore {
  /** Writes one file of a package; `innerPath` is already checked (package-check.ts). */
  write(
    location: PackageLocation,
    innerPath: string,
    content: Readable,
    size: number,
  ): Promise<void>;
  /** A stored file, or null when there is none (or it is not a plain file). */
  open(location: PackageLocation, innerPath: string): Promise<StoredFile | null>;
  /** Removes a whole package; one already gone is fine (a job may run twice). */
  remove(location: PackageLocation): Promise<void>;
}

const packageKey = (location: PackageLocation) => {
  if (!/^[0-9a-f]{32}$/.test(location.key)) throw new Error('A package key is 32 hex digits.');
  return `scorm/${location.schoolId}/${location.key}`;
};

/** The packages of a server's object store. */
export function packageStoreOf(store: ObjectStore): PackageStore {
  return {
    write: (location, innerPath, content, size) =>
      store.put(`${packageKey(location)}/${innerPath}`, { stream: content, size }),
    async open(location, innerPath) {
      // A path the store refuses (a "..", an empty segment) names nothing in the package.
      try {
        return await store.get(`${packageKey(location)}/${innerPath}`);
      } catch (error) {
        if (error instanceof InvalidKeyError) return null;
        throw error;
      }
    },
    remove: (location) => store.deleteAll(packageKey(location)),
  };
}
