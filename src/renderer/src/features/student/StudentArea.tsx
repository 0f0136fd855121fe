import { RoleArea } from '../../app/area/RoleArea';
import { RoleHome } from '../home/RoleHome';
import { studentMenu } from './studentMenu';

// The screens come after the home: they carry the list engine, which the home does not show.
const loadRoutes = async () => (await import('./studentScreens')).studentRoutes;

/** The student area: its own lazily loaded chunk. */
export default function StudentArea() {
  return <RoleArea role="student" menu={studentMenu} loadRoutes={loadRoutes} home={RoleHome} />;
}
