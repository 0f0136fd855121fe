import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { schoolAdminEndpoints } from '../../shared/api/school';
import type { ServerDeps } from '../deps';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { schoolFileKey } from './object-store';

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/**
 * School logos and login images, named by file in the schools list (spec §3). Public,
 * since the login screen shows them before anyone signs in; only image types are served.
 */
export function schoolFileRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, schoolAdminEndpoints.schoolFile, async ({ params, reply }) => {
    const { name } = params;
    const type = TYPES[path.extname(name).toLowerCase()];
    const stored =
      SAFE_NAME.test(name) && type ? await deps.storage.get(schoolFileKey(name)) : null;
    if (!stored) throw new ApiError('not_found', 'This file does not exist.');
    reply
      .header('Content-Type', type)
      .header('Content-Length', String(stored.size))
      .header('Cache-Control', 'public, max-age=86400')
      // An SVG opened directly must not run script.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return (await reply.send(stored.stream)) as never;
  });
}
