import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../../config';

// Download links carry their own permission: an <img> sends no Token header, so the record
// that shows a file hands out a link signed with the server's key for that file and a few
// minutes (docs/decisions.md, "File downloads"). A link names one file and one expiry, so
// it opens nothing else and nothing later.

const keys = new WeakMap<ServerConfig, Buffer>();

/**
 * The signing key: FILES_SIGNING_SECRET, or a random key kept in DATA_DIR (made on first
 * use), which serves one node; several nodes must share the variable.
 */
function signingKey(config: ServerConfig): Buffer {
  const known = keys.get(config);
  if (known) return known;
  let key: Buffer;
  if (config.files.signingSecret) {
    key = Buffer.from(config.files.signingSecret, 'utf8');
  } else {
    const file = path.join(config.dataDir, 'secrets', 'files-signing.key');
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  }
  keys.set(config, key);
  return key;
}

/** The server's HMAC of a message (base64url): other areas' signed links use it too (SCORM). */
export const signWithServerKey = (config: ServerConfig, message: string) =>
  crypto.createHmac('sha256', signingKey(config)).update(message).digest('base64url');

/**
 * A link names one file and one expiry; a chat attachment's also names its reader (the user it
 * was handed to), whose right to read the room the download checks again.
 */
const signatureOf = (config: ServerConfig, fileId: number, expires: number, reader?: number) =>
  signWithServerKey(
    config,
    reader === undefined
      ? `file:${fileId}:${expires}`
      : `file:${fileId}:${expires}:reader:${reader}`,
  );

/** A link to one file that works until `now + ttlSeconds` (FILES_LINK_TTL_SECONDS by default). */
export function signedFileLink(
  config: ServerConfig,
  fileId: number,
  now: Date,
  options: { reader?: number; ttlSeconds?: number } = {},
): { url: string; expiresAt: string } {
  const expires =
    Math.floor(now.getTime() / 1000) + (options.ttlSeconds ?? config.files.linkTtlSeconds);
  const signature = signatureOf(config, fileId, expires, options.reader);
  const reader = options.reader === undefined ? '' : `&reader=${options.reader}`;
  return {
    url: `/api/files/${fileId}?expires=${expires}${reader}&signature=${signature}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** Whether a link's signature is this server's for this file, expiry and reader, and still current. */
export function checkFileLink(
  config: ServerConfig,
  link: { fileId: number; expires: number; signature: string; reader?: number },
  now: Date,
): LinkCheck {
  const expected = Buffer.from(signatureOf(config, link.fileId, link.expires, link.reader));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return 'invalid';
  return link.expires * 1000 < now.getTime() ? 'expired' : 'valid';
}
