import type { FastifyInstance } from 'fastify';
import type { Role } from '../../shared/constants';
import { RESOURCES, resourceEndpoints, type ResourceDefinition } from '../../shared/resources';
import type { ServerDeps } from '../deps';
import type { RequestContext } from '../http/context';
import { validationError } from '../http/errors';
import { route } from '../http/route';
import { assertAccess, callerMembershipId } from './access';
import { listQuerySchema, listRecords, type AnyDb, type Caller } from './list';
import { getRecord, searchOptions } from './read';
import { transferRoutes } from './transfer';
import { createRecord, deleteRecord, updateRecord } from './write';

async function callerOf(deps: ServerDeps, ctx: RequestContext): Promise<Caller> {
  const role = ctx.role as Role;
  return {
    schoolId: ctx.schoolId!,
    role,
    me: role === 'admin' ? null : await callerMembershipId(deps, ctx),
  };
}

/** Registers the engine's routes for one declared resource. */
function resourceRoutes(app: FastifyInstance, deps: ServerDeps, resource: ResourceDefinition) {
  const api = resourceEndpoints(resource);
  const db = deps.db as AnyDb;
  const listQuery = listQuerySchema(resource);

  route(app, deps, api.list, async ({ ctx, request }) => {
    await assertAccess(deps, ctx, resource, 'read');
    const parsed = listQuery.safeParse(request.query);
    if (!parsed.success) {
      throw validationError(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message])),
        'Invalid list query.',
      );
    }
    return listRecords(db, resource, await callerOf(deps, ctx), parsed.data);
  });
  route(app, deps, api.options, async ({ ctx, query }) => {
    await assertAccess(deps, ctx, resource, 'read');
    return searchOptions(db, resource, await callerOf(deps, ctx), query.search);
  });
  route(app, deps, api.get, async ({ ctx, params }) => {
    await assertAccess(deps, ctx, resource, 'read');
    return getRecord(db, resource, await callerOf(deps, ctx), params.id);
  });
  route(app, deps, api.create, async ({ ctx, body }) => {
    await assertAccess(deps, ctx, resource, 'write');
    const caller = await callerOf(deps, ctx);
    const id = await createRecord(deps, ctx, resource, caller, body as Record<string, unknown>);
    return getRecord(db, resource, caller, id);
  });
  for (const method of ['PUT', 'POST'] as const) {
    route(app, deps, { ...api.update, method }, async ({ ctx, params, body }) => {
      await assertAccess(deps, ctx, resource, 'write');
      const caller = await callerOf(deps, ctx);
      await updateRecord(deps, ctx, resource, caller, params.id, body as Record<string, unknown>);
      return getRecord(db, resource, caller, params.id);
    });
  }
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await assertAccess(deps, ctx, resource, 'write');
    await deleteRecord(deps, ctx, resource, await callerOf(deps, ctx), params.id);
    return null;
  });
  transferRoutes(app, deps, resource, { callerOf });
}

export function registerResourceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  for (const resource of Object.values(RESOURCES)) {
    if (!resource.custom) resourceRoutes(app, deps, resource);
  }
}

export { callerOf };
