import { RoleArea } from '../area/RoleArea';
import { teacherMenu, teacherRoutes } from './teacherScreens';

/** The teacher area: its own lazily loaded chunk. */
export default function TeacherArea() {
  return <RoleArea role="teacher" menu={teacherMenu} routes={teacherRoutes} />;
}
