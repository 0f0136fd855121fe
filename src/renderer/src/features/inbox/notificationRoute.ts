import type { NotificationEntity } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';

/**
 * Where pressing a notification goes, by entity (spec §2), inside /{role}/{school_id}; null when
 * the role has no screen for it (the list then stays open).
 */
export function notificationRoute(
  role: Role,
  entity: NotificationEntity | null,
  id: number | null,
): string | null {
  if (!entity || id === null) return null;
  const routes: Record<Role, Partial<Record<NotificationEntity, string>>> = {
    student: {
      task: `task/${id}`,
      event: `session/${id}`,
      announcements: `announcement/${id}`,
      taskbook: 'duties',
      quiz: 'quizs',
    },
    teacher: {
      task: `tasks/${id}`,
      event: `session/${id}`,
      announcements: `announcements/${id}`,
      taskbook: `taskbooks/${id}`,
      quiz: 'quizs',
    },
    admin: { event: `session/${id}`, absence: `absence/${id}` },
    client: {},
  };
  return routes[role][entity] ?? null;
}

/**
 * The app route a notification opens from outside the page (a browser or desktop notification):
 * the entity's screen, or the admin's notifications list; undefined when there is none.
 */
export function notificationAppRoute(
  role: Role,
  schoolId: number,
  entity: NotificationEntity | null,
  id: number | null,
): string | undefined {
  const target = notificationRoute(role, entity, id) ?? (role === 'admin' ? 'notifications' : null);
  return target ? `/${role}/${schoolId}/${target}` : undefined;
}
