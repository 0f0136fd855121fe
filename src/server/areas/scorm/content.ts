import type { FastifyReply } from 'fastify';
import type { ScormVersion } from '../../../shared/scorm/cmi';
import type { ServerDeps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { DESKTOP_ORIGIN } from '../../http/security-headers';
import { withBridge } from './bridge';
import { PackageRefusal, safeInnerPath } from './package-check';
import { packageById } from './queries';
import { checkPackageLink } from './signing';
import { packageStoreOf } from './storage';

// Serves a package's files to the player's frame. The CSP's sandbox (scripts and forms, but
// not allow-same-origin) gives each page an opaque origin, even opened on its own: it can
// neither read the app's storage (the token) nor call the API as the app (docs/scorm.md).

export const PACKAGE_CSP = [
  'sandbox allow-scripts allow-forms',
  "default-src 'none'",
  // Packages are full of inline and generated script; the sandbox is what contains them.
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "worker-src 'self' blob:",
  "form-action 'none'",
  "base-uri 'self'",
  `frame-ancestors 'self' ${DESKTOP_ORIGIN}`,
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
};

/** An HTML page gets the bridge; pages over this size are served as they are. */
const BRIDGE_MAX_PAGE_BYTES = 10 * 1024 * 1024;

export async function servePackageFile(
  deps: ServerDeps,
  reply: FastifyReply,
  link: { id: number; expires: number; signature: string; path: string },
): Promise<void> {
  const check = checkPackageLink(deps.config, link.id, link.expires, link.signature, deps.now());
  if (check === 'expired') throw forbidden('This link has expired; open the package again.');
  if (check === 'invalid') throw forbidden('This link is not valid.');
  const row = await packageById(deps.db, link.id);
  if (!row) throw notFound('This SCORM package does not exist any more.');
  let inner: string;
  try {
    inner = safeInnerPath(link.path);
  } catch (error) {
    if (error instanceof PackageRefusal) throw notFound('There is no such file in the package.');
    throw error;
  }
  const file = inner
    ? await packageStoreOf(deps.storage).open(
        { schoolId: row.school_id, key: row.storage_key },
        inner,
      )
    : null;
  if (!file) throw notFound('There is no such file in the package.');
  const extension = /\.([a-z0-9]+)$/i.exec(inner)?.[1]?.toLowerCase() ?? '';
  const type = TYPES[extension] ?? 'application/octet-stream';
  reply
    .header('Content-Security-Policy', PACKAGE_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    // Requests from the opaque origin are cross-origin: its scripts, images and its own
    // fetches of package files must be let through (the link, not a cookie, is the permission).
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Access-Control-Allow-Origin', '*')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'private, max-age=600')
    .header('Content-Type', type);
  if (type.startsWith('text/html') && file.size <= BRIDGE_MAX_PAGE_BYTES) {
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
    // Latin-1 keeps every byte as one character, so the page's own encoding survives.
    const page = withBridge(Buffer.concat(chunks).toString('latin1'), row.version as ScormVersion);
    const body = Buffer.from(page, 'latin1');
    reply.header('Content-Length', String(body.length));
    await reply.send(body);
    return;
  }
  reply.header('Content-Length', String(file.size));
  await reply.send(file.stream);
}
