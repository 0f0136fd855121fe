import type { Kysely } from 'kysely';
import type { PushSubscriptionBody } from '../../../shared/api/notifications';
import type { Database } from '../../db/schema';

// Devices' Web Push subscriptions: one row per device (its endpoint), owned by the account
// and the session that subscribed it.

/**
 * Stores this device's subscription for the caller; a device that someone else (or an older
 * session) had subscribed moves to the caller, so it never shows another person's news.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  owner: { userId: number; sessionId: number },
  subscription: PushSubscriptionBody,
  nowIso: string,
): Promise<number> {
  const values = {
    user_id: owner.userId,
    session_id: owner.sessionId,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    created_at: nowIso,
  };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: subscription.endpoint, ...values })
    .onConflict((c) => c.column('endpoint').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removes the caller's subscription of this device; someone else's is not theirs to remove. */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: number,
  endpoint: string,
): Promise<number> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Logging out takes the devices subscribed in that session off the account. */
export async function removeSessionSubscriptions(
  db: Kysely<Database>,
  sessionId: number,
): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute();
}

export async function forgetSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * The account's devices whose session is still valid. A device of an ended session (revoked
 * elsewhere, expired) is removed instead: it belongs to nobody signed in any more.
 */
export async function activeSubscriptionsOf(db: Kysely<Database>, userId: number, now: Date) {
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth', 's.revoked_at', 's.expires_at'])
    .where('p.user_id', '=', userId)
    .orderBy('p.id')
    .execute();
  const ended = rows.filter((r) => r.revoked_at !== null || r.expires_at <= nowIso);
  if (ended.length > 0)
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        ended.map((r) => r.id),
      )
      .execute();
  return rows.filter((r) => !ended.includes(r));
}
