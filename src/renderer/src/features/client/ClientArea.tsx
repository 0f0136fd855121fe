import { RoleArea } from '../area/RoleArea';
import { clientMenu, clientRoutes } from './clientScreens';

/** The client area: its own lazily loaded chunk. */
export default function ClientArea() {
  return <RoleArea role="client" menu={clientMenu} routes={clientRoutes} />;
}
