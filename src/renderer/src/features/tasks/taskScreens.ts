import { ChildTasksSection } from './ChildTasksSection';
import { StudentTaskPage } from './StudentTaskPage';
import { TaskEditPage } from './TaskEditPage';
import { TasksPage } from './TasksPage';

// Teachers set and grade tasks; students do them; parents follow their children's.
export const taskScreens = {
  teacher: { list: TasksPage, detail: TaskEditPage },
  student: { list: TasksPage, detail: StudentTaskPage },
  client: { childSection: ChildTasksSection },
};
