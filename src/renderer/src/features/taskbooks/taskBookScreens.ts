import { ChildTaskBooksSection } from './ChildTaskBooksSection';
import { TaskBookEditPage } from './TaskBookEditPage';
import { TaskBooksPage } from './TaskBooksPage';

// Teachers build task books and follow their students' progress; parents follow their child's.
// Students meet their books in the study guide (features/duties).
export const taskBookScreens = {
  teacher: { list: TaskBooksPage, detail: TaskBookEditPage },
  client: { childSection: ChildTaskBooksSection },
};
