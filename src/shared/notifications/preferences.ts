import type { NotificationEntity } from '../api/inbox';

// What a person hears of each kind of notification until they choose otherwise. In the app and
// by push (on devices where they turned push on) everything; by e-mail only what a school
// would send a letter about: announcements and a child's absence. Types only (no zod).

export interface ChannelChoice {
  in_app: boolean;
  email: boolean;
  push: boolean;
}

export const PREFERENCE_KINDS = [
  'task',
  'event',
  'announcements',
  'taskbook',
  'quiz',
  'absence',
] as const satisfies readonly NotificationEntity[];

const MAILED_BY_DEFAULT: readonly NotificationEntity[] = ['announcements', 'absence'];

export function defaultChannels(kind: NotificationEntity): ChannelChoice {
  return { in_app: true, email: MAILED_BY_DEFAULT.includes(kind), push: true };
}
