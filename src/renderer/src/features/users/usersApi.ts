import { apiRequest } from '../../api/client';
import type { Role } from '../../../../shared/constants';

/** Mails an account a new create-password link. */
export const inviteUser = (schoolId: number, role: Role, userId: number) =>
  apiRequest<null>('POST', `/schools/${schoolId}/${role}/users/${userId}/invite`);
