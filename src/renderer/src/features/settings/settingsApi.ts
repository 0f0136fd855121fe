import type { Setting, UpdateSettingsBody } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import { apiRequest } from '../../api/client';
import { uploadFile } from '../../api/fileTransfer';

/** Stores the school's settings; answers them as they are now. */
export const saveSettings = async (schoolId: number, role: Role, body: UpdateSettingsBody) =>
  (await apiRequest<Setting[]>('PUT', `/schools/${schoolId}/${role}/settings`, { body })).data;

export const uploadLogo = (schoolId: number, role: Role, file: File) =>
  uploadFile<{ logo: string }>(`/schools/${schoolId}/${role}/settings/logo`, file);
