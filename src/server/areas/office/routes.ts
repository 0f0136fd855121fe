import type { FastifyInstance } from 'fastify';
import { officeEndpoints as api } from '../../../shared/api/office';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { readableResources } from './policy';
import { adminHomeOf, firstStepsOf } from './service';

/** The office's start: the admin's home and the first-steps checklist. */
export function officeRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.adminHome, async ({ ctx }) =>
    adminHomeOf(deps, ctx.schoolId!, await readableResources(deps, ctx)),
  );
  route(app, deps, api.firstSteps, async ({ ctx }) =>
    firstStepsOf(deps, ctx.schoolId!, await readableResources(deps, ctx)),
  );
}
