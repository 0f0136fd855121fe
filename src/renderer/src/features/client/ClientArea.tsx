import { RoleArea } from '../../app/area/RoleArea';
import { ClientHome } from './ClientHome';
import { clientMenu } from './clientMenu';

// The screens come after the home: they carry the list engine, which the home does not show.
const loadRoutes = async () => (await import('./clientScreens')).clientRoutes;

/** The client area: its own lazily loaded chunk. */
export default function ClientArea() {
  return <RoleArea role="client" menu={clientMenu} loadRoutes={loadRoutes} home={ClientHome} />;
}
