import type { NotificationEntity } from '../../../shared/api';

/**
 * shared/api's NOTIFICATION_ENTITIES, copied: that module's schemas would bring zod into every
 * area's first download. tests/renderer/accountRoutes.test.ts holds the two equal.
 */
export const NOTIFICATION_ENTITY_NAMES = [
  'task',
  'event',
  'announcements',
  'taskbook',
  'quiz',
  'absence',
] as const satisfies readonly NotificationEntity[];

/**
 * What the server sends with SERVER_EVENTS.notification. The server sends exactly these fields
 * (shared/realtime's notificationEvent also names id and role, which it does not send), so the
 * renderer checks the shape itself rather than parse with that schema.
 */
export interface RealtimeNotification {
  school_id: number;
  title: string;
  entity: NotificationEntity | null;
  entity_id: number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isNotificationEntity = (value: unknown): value is NotificationEntity =>
  (NOTIFICATION_ENTITY_NAMES as readonly unknown[]).includes(value);

/** The event's payload when it is well formed, else null (a bad event is ignored). */
export function readNotificationEvent(payload: unknown): RealtimeNotification | null {
  if (!isObject(payload)) return null;
  const { school_id, title, entity, entity_id } = payload;
  if (!Number.isInteger(school_id) || typeof title !== 'string') return null;
  return {
    school_id: school_id as number,
    title,
    entity: isNotificationEntity(entity) ? entity : null,
    entity_id: Number.isInteger(entity_id) ? (entity_id as number) : null,
  };
}

/**
 * The unseen count and the lists of notifications of one school, in every role (the event does
 * not say which of the user's roles it concerns): ['schools', id, role, 'notifications', …].
 */
export function isSchoolNotificationQuery(queryKey: readonly unknown[], schoolId: number): boolean {
  return queryKey[0] === 'schools' && queryKey[1] === schoolId && queryKey[3] === 'notifications';
}
