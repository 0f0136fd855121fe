import type { FastifyInstance } from 'fastify';
import { weatherEndpoints as api } from '../../../shared/api/weather';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';

export function weatherRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.weather, () => deps.weather.forecast());
}
