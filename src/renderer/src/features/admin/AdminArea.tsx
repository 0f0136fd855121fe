import { RoleArea } from '../area/RoleArea';
import { adminMenu } from './adminMenu';
import { adminRoutes } from './adminRoutes';

/** The admin area: its own lazily loaded chunk. */
export default function AdminArea() {
  return <RoleArea role="admin" menu={adminMenu} routes={adminRoutes} />;
}
