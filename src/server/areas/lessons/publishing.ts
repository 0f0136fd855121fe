import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { RequestContext } from '../../http/context';
import type { RealtimeHub } from '../../realtime/hub';
import { type LessonNotice, notifyLessonFamilies } from './notify';

// A lesson's task, quiz or task book is written in one transaction with its row of the audit
// log, and the lesson's students and their guardians hear of it once: when it is first
// published (a later edit, or unpublishing and publishing again, tells nobody).

/** The publication columns of a change: whether it is published, and when it first was. */
export function publicationColumns(
  published: boolean | undefined,
  firstPublishedAt: string | null,
  nowIso: string,
): { published?: number; published_at?: string | null } {
  if (published === undefined) return {};
  return {
    published: published ? 1 : 0,
    published_at: firstPublishedAt ?? (published ? nowIso : null),
  };
}

export interface LessonResourceWrite {
  schoolId: number;
  lessonId: number;
  action: 'create' | 'update';
  entity: LessonNotice['entity'];
  entityId: number;
  /** The audit row's detail (an update's changed fields). */
  detail?: Record<string, unknown>;
  /** Published by this write for the first time: the families' notice is due. */
  firstPublished: boolean;
  /** The notice they get (title, link); built only when due. */
  notice: () => LessonNotice;
}

/**
 * Records a lesson resource's write: the families' notice when it is first published, then the
 * audit row, both in the write's transaction. Returns what tells their apps, to call once the
 * transaction has committed (nothing when there was no notice).
 */
export async function recordLessonResourceWrite(
  trx: Kysely<Database>,
  realtime: RealtimeHub,
  ctx: RequestContext,
  write: LessonResourceWrite,
  nowIso: string,
): Promise<() => void> {
  const tell = write.firstPublished
    ? await notifyLessonFamilies(trx, realtime, write.schoolId, write.lessonId, write.notice())
    : () => undefined;
  await recordAudit(
    trx,
    ctx,
    {
      schoolId: write.schoolId,
      action: write.action,
      entity: write.entity,
      entityId: write.entityId,
      ...(write.detail ? { detail: write.detail } : {}),
    },
    nowIso,
  );
  return tell;
}
