import { RoleArea } from '../area/RoleArea';
import { studentMenu, studentRoutes } from './studentScreens';

/** The student area: its own lazily loaded chunk. */
export default function StudentArea() {
  return <RoleArea role="student" menu={studentMenu} routes={studentRoutes} />;
}
