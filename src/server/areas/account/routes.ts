import type { FastifyInstance } from 'fastify';
import { accountEndpoints as api } from '../../../shared/api/account';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { removeOwnPhoto, changeOwnPassword, updateOwnAccount, uploadOwnPhoto } from './profile';
import * as service from './service';

export function accountRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.login, ({ ctx, body }) => service.login(deps, ctx, body));
  route(app, deps, api.logout, async ({ ctx }) => {
    await service.logout(deps, ctx);
    return null;
  });
  route(app, deps, api.account, ({ ctx }) => service.getAccount(deps, ctx));
  route(app, deps, api.updateAccount, ({ ctx, body }) => updateOwnAccount(deps, ctx, body));
  route(app, deps, api.changePassword, async ({ ctx, body }) => {
    await changeOwnPassword(deps, ctx, body);
    return null;
  });
  route(app, deps, api.uploadPhoto, ({ ctx, request }) => uploadOwnPhoto(deps, ctx, request));
  route(app, deps, api.removePhoto, ({ ctx }) => removeOwnPhoto(deps, ctx));
  route(app, deps, api.schools, ({ ctx }) => service.listSchools(deps, ctx));
  route(app, deps, api.requestReset, async ({ ctx, body, request }) => {
    await service.requestReset(deps, ctx, body.email, request.log);
    return null;
  });
  route(app, deps, api.resetPassword, async ({ ctx, body }) => {
    await service.resetPassword(deps, ctx, body);
    return null;
  });
}
