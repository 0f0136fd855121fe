import type { FastifyInstance } from 'fastify';
import { healthEndpoints as api } from '../../../shared/api/health';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';

export function healthRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.health, async () => ({
    version: deps.config.version,
    database: deps.dbKind,
  }));
}
