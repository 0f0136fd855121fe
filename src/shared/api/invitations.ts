import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, ROLES } from '../constants';
import { endpoint } from './endpoint';
import { idParam, schoolRoleParams } from './school';

// How a school reaches people by e-mail: invitations until the holder comes in (a new
// account by choosing its password, another school's account by accepting while signed in).

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type Invitation = z.infer<typeof invitation>;

export const invitationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/schools/:school_id/:role/invitations',
    access: 'school-role',
    summary: "The school's invitations, newest first, with their state (status filters).",
    params: schoolRoleParams,
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
      status: z.enum(INVITATION_STATUSES).optional(),
    }),
    response: z.array(invitation),
    list: true,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/schools/:school_id/:role/invitations/:id',
    access: 'school-role',
    summary: 'Revoke a pending invitation: its link stops working.',
    params: schoolRoleParams.extend({ id: idParam }),
    response: z.null(),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/account/invitations/accept',
    access: 'user',
    summary:
      "Accept a school's invitation as the signed-in account (its holder, or a guardian of it).",
    body: z.object({ token: z.string().min(10).max(200) }),
    response: z.object({ school_id: z.number().int() }),
  }),
};
