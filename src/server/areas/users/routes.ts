import type { FastifyInstance } from 'fastify';
import { userEndpoints as api } from '../../../shared/api/users';
import { users as definition } from '../../../shared/resources/accounts';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { readerFor } from '../../resources/access';
import { sendSpreadsheet, type Cell } from '../../resources/spreadsheet';
import { authorityOf } from '../people/policy';
import * as service from './service';

export function userRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.options, async ({ ctx, query }) => {
    await readerFor(deps, ctx, definition, 'read');
    const { data } = await service.listUsers(deps, ctx.schoolId!, {
      page: 1,
      per_page: 50,
      sort: 'last_name',
      order: 'asc',
      search: query.search,
    });
    return data.map((u) => ({ id: u.id, label: `${u.last_name} ${u.first_name}` }));
  });
  route(app, deps, api.export, async ({ ctx, query, reply }) => {
    await readerFor(deps, ctx, definition, 'read');
    const { format, page: _page, per_page: _perPage, ...filters } = query;
    const rows: Cell[][] = [];
    for (let page = 1; rows.length < 20_000; page++) {
      const { data } = await service.listUsers(deps, ctx.schoolId!, {
        ...filters,
        page,
        per_page: 100,
      });
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
    await readerFor(deps, ctx, definition, 'read');
    return service.listUsers(deps, ctx.schoolId!, query, await authorityOf(deps, ctx));
  });
  route(app, deps, api.get, async ({ ctx, params }) => {
    await readerFor(deps, ctx, definition, 'read');
    return service.getUser(deps, ctx.schoolId!, params.id, await authorityOf(deps, ctx));
  });
  route(app, deps, api.create, async ({ ctx, body }) => {
    await readerFor(deps, ctx, definition, 'write');
    const id = await service.createUser(deps, ctx, body as unknown as service.UserInput);
    return service.getUser(deps, ctx.schoolId!, id, await authorityOf(deps, ctx));
  });
  for (const method of ['PUT', 'POST'] as const) {
    route(app, deps, { ...api.update, method }, async ({ ctx, params, body }) => {
      await readerFor(deps, ctx, definition, 'write');
      await service.updateUser(deps, ctx, params.id, body as unknown as Partial<service.UserInput>);
      return service.getUser(deps, ctx.schoolId!, params.id, await authorityOf(deps, ctx));
    });
  }
  route(app, deps, api.invite, async ({ ctx, params }) => {
    await readerFor(deps, ctx, definition, 'write');
    await service.inviteUser(deps, ctx.schoolId!, params.id);
    return null;
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await readerFor(deps, ctx, definition, 'write');
    await service.removeUser(deps, ctx, params.id);
    return null;
  });
}
