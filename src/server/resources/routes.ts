import type { FastifyInstance } from 'fastify';
import { RESOURCES, resourceEndpoints, type ResourceDefinition } from '../../shared/resources';
import type { ServerDeps } from '../deps';
import { route } from '../http/route';
import { readerFor } from './access';
import { assertScopesDeclared } from './hooks';
import { listRecords, type AnyDb } from './list';
import { getRecord, searchOptions } from './read';
import { transferRoutes } from './transfer';
import { createRecord, deleteRecord, updateRecord } from './write';

/** Registers the engine's routes for one declared resource. */
function resourceRoutes(app: FastifyInstance, deps: ServerDeps, resource: ResourceDefinition) {
  const api = resourceEndpoints(resource);
  const db = deps.db as AnyDb;

  route(app, deps, api.list, async ({ ctx, query }) =>
    listRecords(db, resource, await readerFor(deps, ctx, resource, 'read'), query),
  );
  route(app, deps, api.options, async ({ ctx, query }) =>
    searchOptions(db, resource, await readerFor(deps, ctx, resource, 'read'), query.search),
  );
  route(app, deps, api.get, async ({ ctx, params }) =>
    getRecord(db, resource, await readerFor(deps, ctx, resource, 'read'), params.id),
  );
  route(app, deps, api.create, async ({ ctx, body }) => {
    const reader = await readerFor(deps, ctx, resource, 'write');
    const id = await createRecord(deps, ctx, resource, reader, body as Record<string, unknown>);
    return getRecord(db, resource, reader, id);
  });
  for (const method of ['PUT', 'POST'] as const) {
    route(app, deps, { ...api.update, method }, async ({ ctx, params, body }) => {
      const reader = await readerFor(deps, ctx, resource, 'write');
      await updateRecord(deps, ctx, resource, reader, params.id, body as Record<string, unknown>);
      return getRecord(db, resource, reader, params.id);
    });
  }
  route(app, deps, api.remove, async ({ ctx, params }) => {
    const reader = await readerFor(deps, ctx, resource, 'write');
    await deleteRecord(deps, ctx, resource, reader, params.id);
    return null;
  });
  transferRoutes(app, deps, resource, api);
}

/** The engine's routes for every declared resource whose routes are not written by hand. */
export function registerResourceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const engineResources = Object.values(RESOURCES).filter((resource) => !resource.custom);
  assertScopesDeclared(engineResources);
  for (const resource of engineResources) resourceRoutes(app, deps, resource);
}
