import type { FastifyInstance } from 'fastify';
import { schoolEndpoints as api } from '../../../shared/api/school';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { effectivePermissions } from '../permissions/effective';
import * as service from './service';

export function schoolRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.settings, ({ params }) => service.getSettings(deps, params.school_id));
  route(app, deps, api.categories, ({ params, query }) =>
    service.getCategories(deps, params.school_id, query.type),
  );
  route(app, deps, api.periods, ({ params }) => service.getPeriods(deps, params.school_id));
  route(app, deps, api.period, ({ params }) =>
    service.getPeriod(deps, params.school_id, params.id),
  );
  route(app, deps, api.userPermissions, ({ params, ctx }) =>
    effectivePermissions(deps.db, params.school_id, ctx.user!.id, params.role, ctx.fullAccess),
  );
}
