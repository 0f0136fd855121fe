import type { Kysely } from 'kysely';
import type { NotificationEntity } from '../../../shared/api/inbox';
import type { NotificationPreference } from '../../../shared/api/notifications';
import {
  defaultChannels,
  PREFERENCE_KINDS,
  type ChannelChoice,
} from '../../../shared/notifications/preferences';
import type { Database } from '../../db/schema';

// An account's choice per kind of notification; a kind never chosen has the defaults.

const BATCH = 400;

/** Every kind with the account's channels. */
export async function preferencesOf(
  db: Kysely<Database>,
  userId: number,
): Promise<NotificationPreference[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['kind', 'in_app', 'email', 'push'])
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return PREFERENCE_KINDS.map((kind) => {
    const row = chosen.get(kind);
    const channels = row
      ? { in_app: row.in_app === 1, email: row.email === 1, push: row.push === 1 }
      : defaultChannels(kind);
    return { kind, ...channels };
  });
}

/** Writes the kinds given (the others keep theirs), in one transaction. */
export async function savePreferences(
  db: Kysely<Database>,
  userId: number,
  preferences: NotificationPreference[],
  nowIso: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const p of preferences) {
      const values = {
        in_app: p.in_app ? 1 : 0,
        email: p.email ? 1 : 0,
        push: p.push ? 1 : 0,
        updated_at: nowIso,
      };
      await trx
        .insertInto('notification_preferences')
        .values({ user_id: userId, kind: p.kind, ...values })
        .onConflict((c) => c.columns(['user_id', 'kind']).doUpdateSet(values))
        .execute();
    }
  });
}

/** The channels of each of these accounts for one kind. */
export async function channelsFor(
  db: Kysely<Database>,
  userIds: number[],
  kind: NotificationEntity,
): Promise<Map<number, ChannelChoice>> {
  const unique = [...new Set(userIds)];
  const result = new Map(unique.map((id) => [id, defaultChannels(kind)]));
  for (let i = 0; i < unique.length; i += BATCH) {
    const rows = await db
      .selectFrom('notification_preferences')
      .select(['user_id', 'in_app', 'email', 'push'])
      .where('kind', '=', kind)
      .where('user_id', 'in', unique.slice(i, i + BATCH))
      .execute();
    for (const r of rows)
      result.set(r.user_id, { in_app: r.in_app === 1, email: r.email === 1, push: r.push === 1 });
  }
  return result;
}
