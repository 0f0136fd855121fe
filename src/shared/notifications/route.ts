import type { NotificationEntity } from '../api/inbox';
import type { Role } from '../constants';

// Where a notification leads (spec §2: "pressing an item opens by entity"), in one place for
// every end: the list in the app, the desktop's native notification, and the Web Push
// payload the server builds for the service worker. Types only: no zod reaches the renderer
// through this module.

/** What a notification says about the thing it is about. */
export interface NotificationTarget {
  entity: NotificationEntity | null;
  entity_id: number | null;
  /** The lesson the entity belongs to, when it has one (a quiz's screen is under its lesson). */
  lesson_id?: number | null;
}

/**
 * The screen inside /{role}/{school_id} that a notification opens; null when the role has no
 * screen for it. A parent has no teaching screens: lesson material and sessions lead to their
 * children's list, a child's absence to that child's page.
 */
export function notificationRoute(role: Role, target: NotificationTarget): string | null {
  const { entity, entity_id: id, lesson_id: lessonId } = target;
  if (!entity || id === null) return null;
  switch (role) {
    case 'student':
      return {
        task: `task/${id}`,
        event: `session/${id}`,
        announcements: `announcement/${id}`,
        taskbook: 'duties',
        quiz: lessonId ? `lesson/${lessonId}/quiz/${id}` : 'quizs',
        absence: null,
      }[entity];
    case 'teacher':
      return {
        task: `tasks/${id}`,
        event: `session/${id}`,
        announcements: `announcements/${id}`,
        taskbook: `taskbooks/${id}`,
        quiz: `quizanswers/${id}`,
        absence: null,
      }[entity];
    case 'admin':
      return {
        task: null,
        event: `session/${id}`,
        announcements: `announcements/${id}`,
        taskbook: null,
        quiz: null,
        absence: `absence/${id}`,
      }[entity];
    case 'client':
      return entity === 'absence' ? `student/${id}` : 'students';
  }
}

/**
 * The whole app path a notification opens from outside the page (a system notification):
 * the entity's screen, else the admin's notifications list; undefined when there is none.
 */
export function notificationAppPath(
  role: Role,
  schoolId: number,
  target: NotificationTarget,
): string | undefined {
  const screen = notificationRoute(role, target) ?? (role === 'admin' ? 'notifications' : null);
  return screen ? `/${role}/${schoolId}/${screen}` : undefined;
}
