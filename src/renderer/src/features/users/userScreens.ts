import { screenPages } from '../../resources/screenPages';
import { UserInviteButton } from './UserInviteButton';
import { UsersPage } from './UsersPage';
import { useFullAccessWithheld } from './useUserAccess';

const users = screenPages({
  resource: 'users',
  listPath: 'users',
  detailPath: 'users',
  idParam: 'user_id',
  actions: UserInviteButton,
  withheldFields: useFullAccessWithheld,
});

export const userScreens = {
  admin: {
    // The list is the users screen of its own (roles, access, invitations); the record is the
    // engine's form.
    users: { list: UsersPage, detail: users.detail },
  },
};
