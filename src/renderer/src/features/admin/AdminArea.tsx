import { RoleArea } from '../../app/area/RoleArea';
import { AdminHome } from '../office/AdminHome';
import { adminMenu } from './adminMenu';

// The screens come after the home: they carry the list engine, which the home does not show.
const loadRoutes = async () => (await import('./adminRoutes')).adminRoutes;

/** The admin area: its own lazily loaded chunk. */
export default function AdminArea() {
  return <RoleArea role="admin" menu={adminMenu} loadRoutes={loadRoutes} home={AdminHome} />;
}
