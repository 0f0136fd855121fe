import { z } from 'zod';
import { endpoint } from './endpoint';
import { NOTIFICATION_ENTITIES } from './inbox';

// A person's notification settings and their devices' Web Push subscriptions. Both belong
// to the account (like its language), not to a school: one phone, one choice.

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const notificationPreference = z.object({
  kind: z.enum(NOTIFICATION_ENTITIES),
  in_app: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreference>;

export const notificationPreferencesBody = z.object({
  preferences: z
    .array(notificationPreference)
    .min(1)
    .max(NOTIFICATION_ENTITIES.length)
    .refine(
      (list) => new Set(list.map((p) => p.kind)).size === list.length,
      'Each kind at most once',
    ),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

/** Base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64Url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');

/** What the browser's PushSubscription.toJSON() holds (expirationTime is not kept). */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .max(2000)
    .url()
    .refine((value) => value.startsWith('https://'), 'The push service must be https'),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url encoded.
    p256dh: base64Url(80, 100),
    auth: base64Url(16, 32),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const notificationEndpoints = {
  preferences: endpoint({
    method: 'GET',
    path: '/account/notification-preferences',
    access: 'user',
    summary: 'How you want to hear of each kind of notification: in the app, by e-mail, by push.',
    response: z.array(notificationPreference),
  }),
  savePreferences: endpoint({
    method: 'PUT',
    path: '/account/notification-preferences',
    access: 'user',
    summary: 'Change how you hear of the kinds given; the others keep their setting.',
    body: notificationPreferencesBody,
    response: z.array(notificationPreference),
  }),
  pushKey: endpoint({
    method: 'GET',
    path: '/account/push/key',
    access: 'user',
    summary: "The server's VAPID public key (base64url), for PushManager.subscribe().",
    response: z.object({ public_key: z.string() }),
  }),
  subscribePush: endpoint({
    method: 'POST',
    path: '/account/push/subscriptions',
    access: 'user',
    summary:
      "Register this device's push subscription for your account (one per device: a device's subscription moves to whoever subscribes on it last).",
    body: pushSubscriptionBody,
    response: z.object({ id: z.number().int() }),
  }),
  unsubscribePush: endpoint({
    method: 'POST',
    path: '/account/push/subscriptions/remove',
    access: 'user',
    summary: "Remove this device's push subscription from your account.",
    body: z.object({ endpoint: z.string().max(2000) }),
    response: z.object({ removed: z.number().int() }),
  }),
};
