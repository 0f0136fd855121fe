import type { Readable } from 'node:stream';

// Uploaded bytes (lesson files, absence documents, SCORM packages, logos and photos) live in one
// object store, chosen at start-up: the local folder DATA_DIR (one node), or an S3-compatible
// bucket that several API nodes share (docs/deployment.md). The areas name bytes by key, never
// by path, so that neither store can be led outside its root.

/** The top-level names a key may start with: what the store holds, and nothing else of DATA_DIR. */
export const STORE_AREAS = ['files', 'scorm', 'school_files'] as const;
export type StoreArea = (typeof STORE_AREAS)[number];

/** S3 allows 1024 bytes of key, the bucket's prefix included; the folder keeps the same limit. */
export const MAX_KEY_BYTES = 1024;

export interface StoredObject {
  stream: Readable;
  size: number;
}

/** Bytes to store: whole, or a stream whose length is known before it starts (S3 needs it). */
export type ObjectBody = Buffer | { stream: Readable; size: number };

/** Where the bytes are, as a backup manifest and the start-up log say it (never a secret). */
export type StoreDescription =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint: string; region: string; bucket: string; prefix: string };

export interface ObjectStore {
  readonly description: StoreDescription;
  /**
   * A folder on this machine for an upload while it arrives and is checked (multipart bodies
   * are read to their end before a byte is kept). Beside the store's files for the folder,
   * so that keeping an upload is a rename.
   */
  readonly scratchDir: string;
  /** Stores bytes under a key, replacing what was there; a reader never sees half of them. */
  put(key: string, body: ObjectBody): Promise<void>;
  /** Stores a finished file of scratchDir under a key; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /** The bytes under a key, or null when there are none. */
  get(key: string): Promise<StoredObject | null>;
  /** The size of what is under a key, or null when there is nothing. */
  size(key: string): Promise<number | null>;
  /** Removes a key; one already gone is fine (a job may run twice). */
  delete(key: string): Promise<void>;
  /** Removes every key under `prefix/` (a SCORM package's files). */
  deleteAll(prefix: string): Promise<void>;
  /** Checks the settings at start-up (the bucket answers to the key), so a wrong one stops it. */
  verify(): Promise<void>;
  /** Lets go of connections (the server's close). */
  close(): Promise<void>;
}

export class StorageError extends Error {}
/** A key that breaks the rules of keySegments; nothing was read or written. */
export class InvalidKeyError extends StorageError {}

/**
 * A key's segments, or a StorageError: segments joined by `/`, each non-empty and not `.` or
 * `..`, without backslashes or control characters, starting with one of STORE_AREAS. Keys are
 * built by the server (random hex, checked package paths), so a refusal here is a bug, not a
 * user's mistake.
 */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  const bad = (why: string) => new InvalidKeyError(`Storage key ${JSON.stringify(key)} ${why}.`);
  if (!(STORE_AREAS as readonly string[]).includes(segments[0] ?? ''))
    throw bad(`must start with one of ${STORE_AREAS.join(', ')}`);
  if (segments.length < 2) throw bad('names nothing inside its area');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..')
      throw bad('has an empty, "." or ".." segment');
    if (/[\\\u0000-\u001f\u007f]/.test(segment))
      throw bad('has a backslash or a control character');
  }
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw bad(`is longer than ${MAX_KEY_BYTES} bytes`);
  return segments;
}

/** The key of an uploaded file (files area): files/<school>/<32 hex digits>. */
export function uploadedFileKey(schoolId: number, storageKey: string): string {
  if (!/^[0-9a-f]{32}$/.test(storageKey)) throw new InvalidKeyError('A file key is 32 hex digits.');
  return `files/${schoolId}/${storageKey}`;
}

/** The key of a school logo or a profile photo, served by name from /api/school-files. */
export function schoolFileKey(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(name))
    throw new InvalidKeyError('A school file name is letters, digits, ".", "_" and "-".');
  return `school_files/${name}`;
}

/** A stored stream whole, for readers that need all of it (the privacy export, the SCORM bridge). */
export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
