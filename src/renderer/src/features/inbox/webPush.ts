import { notificationEndpoints } from '../../../../shared/api/notifications';
import { callEndpoint } from '../../api/client';

// Web Push on this browser (spec §7's push-notification service): the service worker's
// PushManager subscribes with the server's VAPID key, and the server keeps the subscription
// for the signed-in account. Asked for only from a click (browsers require it).

/** Whether this browser can receive push at all (a service worker and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

/** The service worker's registration, or null (none in development or on file://). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** A browser whose push service cannot be reached may never answer: give up after a while. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;
const withinTime = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('The push service did not answer.')), SUBSCRIBE_TIMEOUT_MS),
    ),
  ]);

const keyBytes = (base64Url: string) => {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/**
 * Subscribes this device for the signed-in account (asking for permission when needed).
 * Returns false when the browser cannot, or the person said no.
 */
export async function subscribeThisDevice(): Promise<boolean> {
  const worker = await registration();
  if (!worker) return false;
  if (
    Notification.permission !== 'granted' &&
    (await Notification.requestPermission()) !== 'granted'
  )
    return false;
  const { public_key } = (await callEndpoint(notificationEndpoints.pushKey, {})).data;
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made with another key (the server's was replaced) cannot be used.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && !sameBytes(new Uint8Array(key), keyBytes(public_key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withinTime(
    worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    }),
  );
  const json = subscription.toJSON();
  await callEndpoint(notificationEndpoints.subscribePush, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return true;
}

/** Takes this device off the account and ends its subscription; quiet when there is none. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await callEndpoint(notificationEndpoints.unsubscribePush, {
    body: { endpoint: subscription.endpoint },
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((value, index) => value === b[index]);
