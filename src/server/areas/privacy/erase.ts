import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ErasedPerson } from '../../../shared/api/privacy';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/schema';
import type { ServerDeps } from '../../deps';
import type { RequestContext } from '../../http/context';
import { removePhotoFile } from '../account/profile';
import { removeStored } from '../files/storage';
import { refreshDerivedColumns } from '../people/accounts';
import { FREE_TEXT_COLUMNS, KEPT_FINANCIAL_TABLES } from './person-records';
import type { PersonTarget } from './policy';

// Erasure (GDPR art. 17) as a school can do it: the account and the school's memberships keep
// their ids, so grades, absences and attendance stay whole for the school's statistics and
// records, but nothing in them says who the person was any more. See docs/privacy.md.

/** What an erased person is called wherever their name stood. */
export const ERASED_NAME = { first_name: 'Erased', last_name: 'person' } as const;

const MEMBERSHIP_PERSONAL_COLUMNS = {
  phone: null,
  mobile: null,
  birth_date: null,
  address: null,
  city: null,
  postal_code: null,
  vat_number: null,
  tax_office: null,
  subjects: null,
  notes: null,
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }[]) =>
  result.reduce((sum, r) => sum + Number(r.numUpdatedRows ?? r.numDeletedRows ?? 0), 0);

/** The strings that identify the person in free texts, longest first. */
function identifyingTexts(account: {
  first_name: string;
  last_name: string;
  email: string | null;
  pending_email: string | null;
}): string[] {
  const { first_name: first, last_name: last } = account;
  return [
    `${first} ${last}`,
    `${last} ${first}`,
    `${last}, ${first}`,
    account.email,
    account.pending_email,
  ]
    .filter((text): text is string => Boolean(text && text.trim().length >= 3))
    .sort((a, b) => b.length - a.length);
}

export async function erasePerson(
  deps: ServerDeps,
  ctx: RequestContext,
  schoolId: number,
  target: PersonTarget,
): Promise<ErasedPerson> {
  const nowIso = deps.now().toISOString();
  const userId = target.userId;
  const membershipIds = target.here.map((m) => m.id);
  const changed: Record<string, number> = {};
  const note = (table: string, rows: number) => {
    if (rows > 0) changed[table] = (changed[table] ?? 0) + rows;
  };
  const { files: removedFiles, photo } = await deps.db.transaction().execute(async (trx) => {
    const db = trx as unknown as AnyDb;
    const account = await trx
      .selectFrom('users')
      .select(['first_name', 'last_name', 'email', 'pending_email', 'logo'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const needles = identifyingTexts(account);
    const erasedAddress = `erased-${userId}@erased.invalid`;

    note(
      'users',
      count(
        await trx
          .updateTable('users')
          .set({
            ...ERASED_NAME,
            username: `erased-${userId}`,
            email: null,
            pending_email: null,
            logo: null,
            disabled: 1,
            // Not a hash of anything: no password signs in to it again.
            password_hash: `erased:${crypto.randomBytes(16).toString('hex')}`,
          })
          .where('id', '=', userId)
          .execute(),
      ),
    );
    note(
      'memberships',
      count(
        await trx
          .updateTable('memberships')
          .set({ ...MEMBERSHIP_PERSONAL_COLUMNS, active: 0 })
          .where('school_id', '=', schoolId)
          .where('user_id', '=', userId)
          .execute(),
      ),
    );
    await refreshDerivedColumns(trx as Kysely<Database>, userId);

    // What only served the person: their sign-ins, links, subscriptions and inboxes.
    for (const table of [
      'sessions',
      'password_tokens',
      'push_subscriptions',
      'notification_preferences',
      'idempotency_keys',
    ])
      note(table, count(await db.deleteFrom(table).where('user_id', '=', userId).execute()));
    for (const table of ['notifications', 'assistant_sessions'])
      note(
        table,
        count(
          await db
            .deleteFrom(table)
            .where('school_id', '=', schoolId)
            .where('user_id', '=', userId)
            .execute(),
        ),
      );
    if (membershipIds.length > 0) {
      note(
        'calendar_feeds',
        count(
          await trx
            .deleteFrom('calendar_feeds')
            .where('school_id', '=', schoolId)
            .where('membership_id', 'in', membershipIds)
            .execute(),
        ),
      );
      // Their own words in their work; the grade and the teacher's feedback stay.
      note(
        'task_submissions',
        count(
          await trx
            .updateTable('task_submissions')
            .set({ text: '' })
            .where('school_id', '=', schoolId)
            .where('student_id', 'in', membershipIds)
            .where('text', '!=', '')
            .execute(),
        ),
      );
    }
    note(
      'chat_messages',
      count(
        await trx
          .updateTable('chat_messages')
          .set({ body: '' })
          .where('school_id', '=', schoolId)
          .where('user_id', '=', userId)
          .execute(),
      ),
    );
    note(
      'school_invitations',
      count(
        await trx
          .updateTable('school_invitations')
          .set({ email: erasedAddress })
          .where('school_id', '=', schoolId)
          .where('placeholder_user_id', '=', userId)
          .execute(),
      ),
    );
    const files = await trx
      .selectFrom('files')
      .select(['id', 'school_id', 'storage_key'])
      .where('school_id', '=', schoolId)
      .where('uploaded_by_user_id', '=', userId)
      .execute();
    if (files.length > 0) {
      await trx
        .deleteFrom('files')
        .where(
          'id',
          'in',
          files.map((f) => f.id),
        )
        .execute();
      note('files', files.length);
    }

    // Others' texts that name them: a notification to a parent, an audit entry's detail.
    const replacement = `${ERASED_NAME.first_name} ${ERASED_NAME.last_name}`;
    for (const { table, columns } of FREE_TEXT_COLUMNS) {
      for (const column of columns) {
        const rows = (await db
          .selectFrom(table)
          .select(['id', column])
          .where('school_id', '=', schoolId)
          .where((eb) => eb.or(needles.map((needle) => eb(column, 'like', `%${needle}%`))))
          .execute()) as { id: number; [column: string]: unknown }[];
        for (const row of rows) {
          let text = String(row[column]);
          for (const needle of needles) text = text.split(needle).join(replacement);
          await db
            .updateTable(table)
            .set({ [column]: text })
            .where('id', '=', row.id)
            .execute();
        }
        note(table, rows.length);
      }
    }

    await recordAudit(
      trx as Kysely<Database>,
      ctx,
      {
        schoolId,
        action: 'erase',
        entity: 'user',
        entityId: userId,
        detail: { memberships: membershipIds.length, changed },
      },
      nowIso,
    );
    return { files, photo: account.logo };
  });
  // The bytes go once the rows are gone for good; a crash in between leaves only orphans.
  await removeStored(
    deps.storage,
    removedFiles.map((f) => ({ schoolId: f.school_id, key: f.storage_key })),
  );
  await removePhotoFile(deps, photo);
  // Nothing above touches the kept financial tables: their rows go on pointing at the (now
  // anonymous) account.
  return { user_id: userId, changed, kept: [...KEPT_FINANCIAL_TABLES] };
}
