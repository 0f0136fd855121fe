import type { NotificationEntity } from '../../../shared/api';
import { ROLES, type Role } from '../../../shared/constants';

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
 * What the server sends with SERVER_EVENTS.notification (shared/realtime's notificationEvent),
 * checked here by hand rather than parsed with that schema, which would bring zod along.
 */
export interface RealtimeNotification {
  school_id: number;
  /** The role it was written for; null from an older server. */
  role: Role | null;
  title: string;
  entity: NotificationEntity | null;
  entity_id: number | null;
  lesson_id: number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isNotificationEntity = (value: unknown): value is NotificationEntity =>
  (NOTIFICATION_ENTITY_NAMES as readonly unknown[]).includes(value);

/** The event's payload when it is well formed, else null (a bad event is ignored). */
export function readNotificationEvent(payload: unknown): RealtimeNotification | null {
  if (!isObject(payload)) return null;
  const { school_id, role, title, entity, entity_id, lesson_id } = payload;
  if (!Number.isInteger(school_id) || typeof title !== 'string') return null;
  return {
    school_id: school_id as number,
    role: (ROLES as readonly unknown[]).includes(role) ? (role as Role) : null,
    title,
    entity: isNotificationEntity(entity) ? entity : null,
    entity_id: Number.isInteger(entity_id) ? (entity_id as number) : null,
    lesson_id: Number.isInteger(lesson_id) ? (lesson_id as number) : null,
  };
}

/**
 * The unseen count and the lists of notifications of one school, in every role (the event does
 * not say which of the user's roles it concerns): ['schools', id, role, 'notifications', …].
 */
export function isSchoolNotificationQuery(queryKey: readonly unknown[], schoolId: number): boolean {
  return queryKey[0] === 'schools' && queryKey[1] === schoolId && queryKey[3] === 'notifications';
}
