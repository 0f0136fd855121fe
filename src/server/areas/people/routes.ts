import type { FastifyInstance } from 'fastify';
import { invitationEndpoints as api } from '../../../shared/api/invitations';
import { users as definition } from '../../../shared/resources/accounts';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { readerFor } from '../../resources/access';
import { acceptInvitation, listInvitations, revokeInvitation } from './invitations';

/** The school's invitations (for those who manage its users) and accepting one. */
export function invitationRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) => {
    await readerFor(deps, ctx, definition, 'read');
    return listInvitations(deps.db, ctx.schoolId!, deps.now().toISOString(), query);
  });
  route(app, deps, api.revoke, async ({ ctx, params }) => {
    await readerFor(deps, ctx, definition, 'write');
    const nowIso = deps.now().toISOString();
    await revokeInvitation(deps.db, ctx.schoolId!, params.id, nowIso);
    await recordAudit(
      deps.db,
      ctx,
      { schoolId: ctx.schoolId!, action: 'revoke', entity: 'invitations', entityId: params.id },
      nowIso,
    );
    return null;
  });
  route(app, deps, api.accept, async ({ ctx, body }) => {
    const accepted = await acceptInvitation(
      deps.db,
      ctx.user!,
      body.token,
      deps.now().toISOString(),
    );
    return { school_id: accepted.schoolId };
  });
}
