import {
  accountEndpoints,
  type Account,
  type ChangePasswordBody,
  type UpdateAccountBody,
} from '../../../../shared/api/account';
import { callEndpoint } from '../../api/client';
import { uploadFile } from '../../api/fileTransfer';

// The signed-in person's own account: no ids, the session says whose.

export const updateAccount = async (body: UpdateAccountBody) =>
  (await callEndpoint(accountEndpoints.updateAccount, { body })).data;

export const changePassword = async (body: ChangePasswordBody) => {
  await callEndpoint(accountEndpoints.changePassword, { body });
};

export const uploadPhoto = (file: File) => uploadFile<Account>('/account/photo', file);

export const removePhoto = async () => (await callEndpoint(accountEndpoints.removePhoto, {})).data;
