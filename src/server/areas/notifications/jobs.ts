import type { Kysely } from 'kysely';
import type { NotificationEntity } from '../../../shared/api/inbox';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { FAN_OUT_JOB, type FanOutPayload } from './delivery';
import { notificationMail, pushPayload, type DeliveredNotification } from './messages';
import { channelsFor } from './preferences';
import { activeSubscriptionsOf, forgetSubscription } from './subscriptions';

// Delivery outside the open app, in durable jobs. The fan-out reads each recipient's choices
// when it runs and queues one job per notification and channel, so that a retry repeats only
// what failed: an e-mail is not sent twice because a push service was down, and a push sent
// twice shows once (its tag).

export const EMAIL_JOB = 'notifications.email';
export const PUSH_JOB = 'notifications.push';

interface OnePayload {
  id: number;
}

function deliveredQuery(db: Kysely<Database>) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .innerJoin('schools as s', 's.id', 'n.school_id')
    .select([
      'n.id',
      'n.school_id',
      's.name as school_name',
      'n.role',
      'n.title',
      'n.body',
      'n.entity',
      'n.entity_id',
      'n.lesson_id',
      'n.user_id',
      'u.first_name',
      'u.email',
      'u.language',
      'u.disabled',
    ]);
}

async function delivered(db: Kysely<Database>, id: number) {
  return (await deliveredQuery(db).where('n.id', '=', id).executeTakeFirst()) as
    (DeliveredNotification & { user_id: number; disabled: number }) | undefined;
}

async function fanOut(deps: ServerDeps, payload: FanOutPayload) {
  const rows = await deliveredQuery(deps.db).where('n.id', 'in', payload.ids).execute();
  const live = rows.filter((r) => r.disabled === 0 && r.entity !== null);
  if (live.length === 0) return;
  const now = deps.now();
  const withDevices = new Set(
    (
      await deps.db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .where(
          'user_id',
          'in',
          live.map((r) => r.user_id),
        )
        .execute()
    ).map((r) => r.user_id),
  );
  const kinds = [...new Set(live.map((r) => r.entity as NotificationEntity))];
  const choices = new Map(
    await Promise.all(
      kinds.map(
        async (kind) =>
          [
            kind,
            await channelsFor(
              deps.db,
              live.map((r) => r.user_id),
              kind,
            ),
          ] as const,
      ),
    ),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (const row of live) {
      const chosen = choices.get(row.entity as NotificationEntity)!.get(row.user_id)!;
      if (chosen.push && withDevices.has(row.user_id))
        await enqueueJob<OnePayload>(
          trx,
          {
            kind: PUSH_JOB,
            payload: { id: row.id },
            schoolId: row.school_id,
            key: `push:${row.id}`,
          },
          now,
        );
      if (payload.email && chosen.email && row.email)
        await enqueueJob<OnePayload>(
          trx,
          {
            kind: EMAIL_JOB,
            payload: { id: row.id },
            schoolId: row.school_id,
            key: `email:${row.id}`,
          },
          now,
        );
    }
  });
}

async function sendPush(deps: ServerDeps, id: number) {
  const notification = await delivered(deps.db, id);
  if (!notification || notification.disabled) return;
  const devices = await activeSubscriptionsOf(deps.db, notification.user_id, deps.now());
  const payload = JSON.stringify(pushPayload(notification));
  const failures: unknown[] = [];
  for (const device of devices) {
    try {
      if ((await deps.push.send(device, payload)) === 'gone')
        await forgetSubscription(deps.db, device.id);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

async function sendEmail(deps: ServerDeps, id: number) {
  const notification = await delivered(deps.db, id);
  if (!notification || notification.disabled || !notification.email) return;
  await deps.mailer.send(notificationMail(notification, deps.config.publicUrl));
}

registerJobHandler<FanOutPayload>(FAN_OUT_JOB, {
  maxAttempts: 5,
  handle: ({ deps, payload }) => fanOut(deps, payload),
});
registerJobHandler<OnePayload>(PUSH_JOB, {
  maxAttempts: 5,
  handle: ({ deps, payload }) => sendPush(deps, payload.id),
});
registerJobHandler<OnePayload>(EMAIL_JOB, {
  maxAttempts: 3,
  handle: ({ deps, payload }) => sendEmail(deps, payload.id),
});
