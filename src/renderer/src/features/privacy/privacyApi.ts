import { ERASE_CONFIRMATION, type ErasedPerson } from '../../../../shared/api/privacy';
import type { Role } from '../../../../shared/constants';
import { apiRequest } from '../../api/client';
import { downloadFile } from '../../api/fileTransfer';

const personPath = (schoolId: number, role: Role, userId: number) =>
  `/schools/${schoolId}/${role}/people/${userId}`;

/** The zip of everything the school holds about the person. */
export const exportPerson = (schoolId: number, role: Role, userId: number) =>
  downloadFile(`${personPath(schoolId, role, userId)}/export`, {});

export const erasePerson = async (schoolId: number, role: Role, userId: number) =>
  (
    await apiRequest<ErasedPerson>('POST', `${personPath(schoolId, role, userId)}/erase`, {
      body: { confirmation: ERASE_CONFIRMATION },
    })
  ).data;
