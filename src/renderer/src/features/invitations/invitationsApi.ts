import { invitationEndpoints } from '../../../../shared/api/invitations';
import type { Role } from '../../../../shared/constants';
import { callEndpoint } from '../../api/client';

/** Accepts a school's invitation as the signed-in account; answers the school joined. */
export const acceptInvitation = async (token: string) =>
  (await callEndpoint(invitationEndpoints.accept, { body: { token } })).data;

/** One page of the school's invitations, newest first, with the total. */
export const listInvitations = async (
  scope: { schoolId: number; role: Role },
  page: number,
  perPage: number,
  signal?: AbortSignal,
) => {
  const answer = await callEndpoint(invitationEndpoints.list, {
    params: { school_id: scope.schoolId, role: scope.role },
    query: { page, per_page: perPage },
    signal,
  });
  return { rows: answer.data, total: answer.totalCount ?? answer.data.length };
};

/** Revokes a pending invitation: its link stops working. */
export const revokeInvitation = async (scope: { schoolId: number; role: Role }, id: number) => {
  await callEndpoint(invitationEndpoints.revoke, {
    params: { school_id: scope.schoolId, role: scope.role, id },
  });
};
