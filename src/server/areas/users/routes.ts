import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../../shared/api/endpoint';
import { idParam, schoolRoleParams } from '../../../shared/api/school';
import { writeSchema } from '../../../shared/resources';
import { users as definition } from '../../../shared/resources/accounts';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { assertAccess } from '../../resources/access';
import * as service from './service';

const base = '/schools/:school_id/:role/users';
const withId = schoolRoleParams.extend({ id: idParam });
const user = z.record(z.string(), z.unknown());

const api = {
  list: endpoint({
    method: 'GET',
    path: base,
    access: 'school-role',
    summary: "The school's accounts with the roles each holds here.",
    params: schoolRoleParams,
    query: service.usersListQuery,
    response: z.array(user),
    list: true,
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    access: 'school-role',
    summary: 'One account.',
    params: withId,
    response: user,
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    access: 'school-role',
    summary:
      'Create (or link by email) an account with roles here, and mail it a create-password link.',
    params: schoolRoleParams,
    body: writeSchema(definition, 'create'),
    response: user,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    access: 'school-role',
    summary:
      "Change an account's roles here (and its name and email, when no other school shares it).",
    params: withId,
    body: writeSchema(definition, 'update'),
    response: user,
  }),
  invite: endpoint({
    method: 'POST',
    path: `${base}/:id/invite`,
    access: 'school-role',
    summary: 'Mail the account a new create-password link.',
    params: withId,
    response: z.null(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    access: 'school-role',
    summary: 'Remove the account from this school (every role here).',
    params: withId,
    response: z.null(),
  }),
};

export function userRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) => {
    await assertAccess(deps, ctx, definition, 'read');
    return service.listUsers(deps, ctx.schoolId!, query);
  });
  route(app, deps, api.get, async ({ ctx, params }) => {
    await assertAccess(deps, ctx, definition, 'read');
    return service.getUser(deps, ctx.schoolId!, params.id);
  });
  route(app, deps, api.create, async ({ ctx, body }) => {
    await assertAccess(deps, ctx, definition, 'write');
    const id = await service.createUser(deps, ctx, body as unknown as service.UserInput);
    return service.getUser(deps, ctx.schoolId!, id);
  });
  for (const method of ['PUT', 'POST'] as const) {
    route(app, deps, { ...api.update, method }, async ({ ctx, params, body }) => {
      await assertAccess(deps, ctx, definition, 'write');
      await service.updateUser(deps, ctx, params.id, body as unknown as Partial<service.UserInput>);
      return service.getUser(deps, ctx.schoolId!, params.id);
    });
  }
  route(app, deps, api.invite, async ({ ctx, params }) => {
    await assertAccess(deps, ctx, definition, 'write');
    await service.inviteUser(deps, ctx.schoolId!, params.id);
    return null;
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await assertAccess(deps, ctx, definition, 'write');
    await service.removeUser(deps, ctx, params.id);
    return null;
  });
}

export const userEndpoints = api;
