import type { Kysely } from 'kysely';
import type { NotificationEntity } from '../../../shared/api/inbox';
import { SERVER_EVENTS, type NotificationEvent } from '../../../shared/realtime';
import type { Database } from '../../db/schema';
import { enqueueJob } from '../../jobs';
import type { RealtimeHub } from '../../realtime/hub';
import { channelsFor } from './preferences';

// The one way a notification is written and delivered. The writer of each entity decides who
// is told (its audience) and calls recordNotifications in its transaction; this writes the
// rows, queues the e-mail and push delivery in the same transaction (a durable job: a slow
// SMTP or push service never holds up the request, and nothing is sent for a write that rolls
// back), and hands back what tells the open apps once the write has committed.

export interface NotificationRecipient {
  user_id: number;
  role: string;
}

export interface NewNotification {
  title: string;
  body?: string | null;
  entity: NotificationEntity;
  entityId: number;
  /** The lesson the entity belongs to, when it has one. */
  lessonId?: number | null;
  nowIso: string;
}

export interface DeliveryOptions {
  /** False when the writer sends an e-mail of its own (the absence notice's letter). */
  email?: boolean;
}

export const FAN_OUT_JOB = 'notifications.fan-out';

/** Ids per fan-out job: its payload stays far below the jobs' 64 KB. */
const IDS_PER_JOB = 1000;
const BATCH = 400;

export interface FanOutPayload {
  ids: number[];
  email: boolean;
}

/**
 * Writes one notification per recipient (per account and role; repeats are dropped) and
 * queues its delivery. Someone who turned the kind off in the app still finds it in their
 * list, already seen: it raises no badge and no live alert. Returns the after-commit step.
 */
export async function recordNotifications(
  trx: Kysely<Database>,
  realtime: RealtimeHub,
  schoolId: number,
  recipients: NotificationRecipient[],
  notice: NewNotification,
  options: DeliveryOptions = {},
): Promise<() => void> {
  const unique = [...new Map(recipients.map((r) => [`${r.user_id}:${r.role}`, r])).values()];
  if (unique.length === 0) return () => undefined;
  const channels = await channelsFor(
    trx,
    unique.map((r) => r.user_id),
    notice.entity,
  );
  const ids: number[] = [];
  for (let i = 0; i < unique.length; i += BATCH) {
    const inserted = await trx
      .insertInto('notifications')
      .values(
        unique.slice(i, i + BATCH).map((r) => ({
          school_id: schoolId,
          user_id: r.user_id,
          role: r.role,
          title: notice.title,
          body: notice.body ?? null,
          entity: notice.entity,
          entity_id: notice.entityId,
          lesson_id: notice.lessonId ?? null,
          created_at: notice.nowIso,
          seen_at: channels.get(r.user_id)!.in_app ? null : notice.nowIso,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  const mail = options.email ?? true;
  const outside = unique.some((r) => {
    const c = channels.get(r.user_id)!;
    return c.push || (mail && c.email);
  });
  if (outside)
    for (let i = 0; i < ids.length; i += IDS_PER_JOB)
      await enqueueJob<FanOutPayload>(
        trx,
        {
          kind: FAN_OUT_JOB,
          payload: { ids: ids.slice(i, i + IDS_PER_JOB), email: mail },
          schoolId,
        },
        new Date(notice.nowIso),
      );

  const inApp = unique.filter((r) => channels.get(r.user_id)!.in_app);
  return () => {
    // One event per role: the app shows it in the area of that role.
    const roles = new Set(inApp.map((r) => r.role));
    for (const role of roles)
      realtime.toUsers(
        inApp.filter((r) => r.role === role).map((r) => r.user_id),
        SERVER_EVENTS.notification,
        {
          school_id: schoolId,
          role,
          title: notice.title,
          entity: notice.entity,
          entity_id: notice.entityId,
          lesson_id: notice.lessonId ?? null,
        } satisfies NotificationEvent,
      );
  };
}
