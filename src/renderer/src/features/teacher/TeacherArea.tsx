import { RoleArea } from '../../app/area/RoleArea';
import { RoleHome } from '../home/RoleHome';
import { teacherMenu } from './teacherMenu';

// The screens come after the home: they carry the list engine, which the home does not show.
const loadRoutes = async () => (await import('./teacherScreens')).teacherRoutes;

/** The teacher area: its own lazily loaded chunk. */
export default function TeacherArea() {
  return <RoleArea role="teacher" menu={teacherMenu} loadRoutes={loadRoutes} home={RoleHome} />;
}
