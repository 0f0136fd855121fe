import type { NotificationEntity } from '../../../../shared/api';
import type { Role } from '../../../../shared/constants';
import {
  notificationAppPath,
  notificationRoute as sharedNotificationRoute,
} from '../../../../shared/notifications/route';

/**
 * Where pressing a notification goes, by entity (spec §2), inside /{role}/{school_id}; null when
 * the role has no screen for it (the list then stays open). The rule is shared with the server,
 * which puts the same path in its Web Push payloads.
 */
export function notificationRoute(
  role: Role,
  entity: NotificationEntity | null,
  id: number | null,
  lessonId: number | null = null,
): string | null {
  return sharedNotificationRoute(role, { entity, entity_id: id, lesson_id: lessonId });
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
  lessonId: number | null = null,
): string | undefined {
  return notificationAppPath(role, schoolId, { entity, entity_id: id, lesson_id: lessonId });
}
