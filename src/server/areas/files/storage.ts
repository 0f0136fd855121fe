import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../deps';
import { uploadedFileKey, type ObjectStore } from '../../files/object-store';
import { ApiError, validationError } from '../../http/errors';
import { SNIFF_BYTES, sniff, type Sniffed } from './sniff';

// The bytes of uploaded files, under files/<school>/<random key> of the object store (DATA_DIR
// or the S3 bucket). An upload is streamed to a temporary file of this node while it arrives
// (never held whole in memory), counted against FILES_MAX_BYTES, and sniffed from its first
// bytes; only an accepted one reaches the store.

export interface ReceivedUpload {
  fields: Record<string, string>;
  /** The temporary file holding the bytes; the caller keeps or discards it. */
  tempPath: string;
  name: string;
  size: number;
  sniffed: Sniffed;
}

/** A display name without paths or control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

/**
 * Reads a multipart upload: its text fields, and its one `file` streamed to a temporary
 * file. Beyond `maxBytes` it stops reading and answers 413; the temporary file is removed
 * on every failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: Pick<ServerDeps, 'config' | 'storage'>,
  /** Another area's own limit (SCORM packages); FILES_MAX_BYTES by default. */
  maxBytes = deps.config.files.maxBytes,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw validationError({ file: 'Choose a file' }, 'Send the file as multipart/form-data.');
  const tempDir = deps.storage.scratchDir;
  await fsp.mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  let received: Omit<ReceivedUpload, 'fields'> | null = null;
  const tempPath = path.join(tempDir, crypto.randomBytes(16).toString('hex'));
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        // Anything but the one file is read to its end and dropped.
        part.file.resume();
        continue;
      }
      let size = 0;
      const head: Buffer[] = [];
      let headLength = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (headLength < SNIFF_BYTES) {
            head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
            headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
          }
          done(null, chunk);
        },
      });
      await pipeline(part.file, counter, fs.createWriteStream(tempPath, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge(maxBytes);
      const name = cleanName(part.filename ?? '');
      received = { tempPath, name, size, sniffed: sniff(Buffer.concat(head), name) };
    }
    if (!received) throw validationError({ file: 'Choose a file' }, 'Choose a file to upload.');
    return { fields, ...received };
  } catch (error) {
    await fsp.rm(tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw error;
  }
}

/** 413 with the limit, coded so that the screens can say it in the user's language. */
const tooLarge = (maxBytes: number) => {
  const maxMb = Math.floor(maxBytes / (1024 * 1024)) || 1;
  return new ApiError(
    'too_large',
    `The file is larger than ${maxMb} MB.`,
    { file: 'This file is too large' },
    undefined,
    [{ code: 'file_too_large', field: 'file', params: { max_mb: maxMb } }],
  );
};

/** Moves an accepted upload into the store; returns its storage key. */
export async function keepUpload(
  storage: ObjectStore,
  schoolId: number,
  tempPath: string,
): Promise<string> {
  const key = crypto.randomBytes(16).toString('hex');
  await storage.putFile(uploadedFileKey(schoolId, key), tempPath);
  return key;
}

/** Removes stored bytes; a file already gone is fine (a job may run twice). */
export async function removeStored(
  storage: ObjectStore,
  files: { schoolId: number; key: string }[],
): Promise<void> {
  for (const file of files) await storage.delete(uploadedFileKey(file.schoolId, file.key));
}
