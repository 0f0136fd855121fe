import fs from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import webpush from 'web-push';
import type { ServerConfig } from '../config';

// Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption (RFC 8291),
// through the `web-push` package. The push service (the browser vendor's) keeps the message
// until the device is online; the service worker shows it.

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** `gone`: the push service no longer knows the subscription (404/410); forget it. */
export type PushOutcome = 'sent' | 'gone';

export interface PushClient {
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured key pair, or the one kept in DATA_DIR/secrets/vapid.json, made on first use.
 * Browsers' subscriptions are bound to the public key: changing it silently ends every one,
 * so the pair is made once and kept.
 */
export function vapidKeys(config: ServerConfig): VapidKeys {
  if (config.push.publicKey && config.push.privateKey)
    return { publicKey: config.push.publicKey, privateKey: config.push.privateKey };
  const file = path.join(config.dataDir, 'secrets', 'vapid.json');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    // Another node or an earlier start made it: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}

/** A message waits at the push service at most a day: older news is in the list anyway. */
const TIME_TO_LIVE_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

export function createPushClient(options: {
  keys: VapidKeys;
  subject: string;
  /** Only for a push-service stand-in with its own certificate. */
  agent?: Agent;
}): PushClient {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: TIME_TO_LIVE_SECONDS,
            contentEncoding: 'aes128gcm',
            timeout: TIMEOUT_MS,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        const statusCode = error instanceof webpush.WebPushError ? error.statusCode : null;
        if (statusCode === 404 || statusCode === 410) return 'gone';
        // Anything else (5xx, 429, a network error) is worth another try: the job retries.
        const status = statusCode ? ` (${statusCode})` : '';
        throw new Error(`The push service refused the message${status}.`, { cause: error });
      }
    },
  };
}

/** The app's push client from its configuration. */
export function pushClientFor(config: ServerConfig): PushClient {
  return createPushClient({ keys: vapidKeys(config), subject: config.push.subject });
}
