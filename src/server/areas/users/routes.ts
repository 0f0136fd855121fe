import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../../shared/api/endpoint';
import { idParam, schoolRoleParams } from '../../../shared/api/school';
import { writeSchema } from '../../../shared/resources';
import { users as definition } from '../../../shared/resources/accounts';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { assertAccess } from '../../resources/access';
import { sendSpreadsheet, type Cell } from '../../resources/spreadsheet';
import * as service from './service';

const base = '/schools/:school_id/:role/users';
const withId = schoolRoleParams.extend({ id: idParam });
const user = z.record(z.string(), z.unknown());

const api = {
  options: endpoint({
    method: 'GET',
    path: `${base}/options`,
    access: 'school-role',
    summary: "Up to 50 of the school's accounts matching a search, as {id, label}.",
    params: schoolRoleParams,
    query: z.object({ search: z.string().trim().max(200).optional() }),
    response: z.array(z.object({ id: z.number().int(), label: z.string() })),
  }),
  export: endpoint({
    method: 'GET',
    path: `${base}/export`,
    access: 'school-role',
    summary:
      "Export the school's accounts and roles as CSV or XLSX (format=csv|xlsx; the list's search and role filter apply).",
    params: schoolRoleParams,
    response: z.null(),
  }),
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
  route(app, deps, api.options, async ({ ctx, query }) => {
    await assertAccess(deps, ctx, definition, 'read');
    const { data } = await service.listUsers(deps, ctx.schoolId!, {
      ...service.usersListQuery.parse({ per_page: 50 }),
      search: query.search,
    });
    return data.map((u) => ({ id: u.id, label: `${u.last_name} ${u.first_name}` }));
  });
  route(app, deps, api.export, async ({ ctx, request, reply }) => {
    await assertAccess(deps, ctx, definition, 'read');
    const { format, ...rest } = request.query as Record<string, string>;
    const query = service.usersListQuery.parse({ ...rest, per_page: 100 });
    const rows: Cell[][] = [];
    for (let page = 1; rows.length < 20_000; page++) {
      const { data } = await service.listUsers(deps, ctx.schoolId!, { ...query, page });
      rows.push(
        ...data.map((u) => [
          u.last_name,
          u.first_name,
          u.email,
          u.username,
          u.language,
          u.roles.join(', '),
        ]),
      );
      if (data.length < 100) break;
    }
    return (await sendSpreadsheet(reply, {
      name: `users-${deps.now().toISOString().slice(0, 10)}`,
      format,
      header: ['Last name', 'First name', 'Email', 'Username', 'Language', 'Roles'],
      rows,
    })) as never;
  });
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
