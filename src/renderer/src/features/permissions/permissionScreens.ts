import { screenPages } from '../../resources/screenPages';
import { PermissionGrid } from './PermissionGrid';

export const permissionScreens = {
  admin: {
    permissions: screenPages({
      resource: 'permissions',
      listPath: 'permissions',
      detailPath: 'permissions',
      idParam: 'permissions_group_id',
      sections: [PermissionGrid],
    }),
  },
};
