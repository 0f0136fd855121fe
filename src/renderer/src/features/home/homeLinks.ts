import type { Home } from '../../../../shared/api/calendar';
import type { Role } from '../../../../shared/constants';

type NewItem = Home['new_items'][number];

/** Where each thing on a role's home opens (spec §2 routes); null where the role has no screen. */
export function homeLinks(role: Role, basePath: string) {
  const teacher = role === 'teacher';
  const student = role === 'student';
  const task = (id: number) =>
    teacher ? `${basePath}/tasks/${id}` : student ? `${basePath}/task/${id}` : null;
  return {
    lesson: (id: number) => (teacher || student ? `${basePath}/lesson/${id}` : null),
    task,
    /** Teachers open the quiz's editor, students take it (spec §2: the same route). */
    quiz: (lessonId: number, quizId: number) =>
      teacher || student ? `${basePath}/lesson/${lessonId}/quiz/${quizId}` : null,
    newItem: (item: NewItem): string | null => {
      switch (item.kind) {
        case 'graded':
          return task(item.id);
        case 'submission':
          return teacher ? `${basePath}/tasks/${item.id}?tab=submissions` : null;
        case 'chapter':
          return teacher || student ? `${basePath}/chapters/${item.id}` : null;
        case 'announcement':
          return teacher
            ? `${basePath}/announcements/${item.id}`
            : student
              ? `${basePath}/announcement/${item.id}`
              : null;
      }
    },
  };
}
