import { sql } from 'kysely';
import { formatMoney } from '../../../shared/finance/money';
import { addMonths } from '../../../shared/finance/plan';
import type { ServerDeps } from '../../deps';
import type { MailMessage } from '../../integrations/mail';
import { registerJobHandler } from '../../jobs';
import { localDate } from '../calendar/school-time';

// Overdue reminders (a school setting, `finance_overdue_reminders` = "true"): once a day a
// durable job looks for payers with installments past their due date and tells each one by
// notification and e-mail, at most once a week per payer. finance_reminders is unique per
// payer and day and is written before anything is sent, so a job that runs twice sends once.

export const OVERDUE_REMINDERS_JOB = 'finance.overdue-reminders';
export const OVERDUE_REMINDERS_SETTING = 'finance_overdue_reminders';
const REMIND_EVERY_DAYS = 7;

const TEXTS = {
  en: {
    subject: 'Overdue payment reminder',
    body: (amount: string, count: number) =>
      `${count} installment${count === 1 ? ' is' : 's are'} past due, ${amount} in all. If you have already paid, please ignore this message.`,
  },
  el: {
    subject: 'Υπενθύμιση ληξιπρόθεσμης οφειλής',
    body: (amount: string, count: number) =>
      `${count === 1 ? 'Μία δόση έχει λήξει' : `${count} δόσεις έχουν λήξει`}, συνολικά ${amount}. Αν έχετε ήδη πληρώσει, αγνοήστε αυτό το μήνυμα.`,
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const minusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/** Sends the day's reminders of every school that asked for them; returns how many. */
export async function sendOverdueReminders(deps: ServerDeps): Promise<number> {
  const { db } = deps;
  const today = localDate(deps.now(), deps.config.timeZone);
  const nowIso = deps.now().toISOString();
  const schools = await db
    .selectFrom('settings')
    .select('school_id')
    .where('name', '=', OVERDUE_REMINDERS_SETTING)
    .where('data', '=', 'true')
    .execute();
  let sent = 0;
  for (const { school_id: schoolId } of schools) {
    const owing = await db
      .selectFrom('installments as i')
      .innerJoin('memberships as m', 'm.id', 'i.client_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'i.client_id',
        'u.id as user_id',
        'u.email',
        'u.first_name',
        'u.language',
        sql<string | number>`sum(i.amount_cents - i.paid_cents)`.as('overdue'),
        sql<string | number>`count(*)`.as('n'),
      ])
      .where('i.school_id', '=', schoolId)
      .where('i.due_date', '<', today)
      // Installments older than a school year are the office's matter, not a weekly e-mail.
      .where('i.due_date', '>=', addMonths(today, -12))
      .whereRef('i.paid_cents', '<', 'i.amount_cents')
      .groupBy(['i.client_id', 'u.id', 'u.email', 'u.first_name', 'u.language'])
      .execute();
    for (const payer of owing) {
      const recent = await db
        .selectFrom('finance_reminders')
        .select('id')
        .where('school_id', '=', schoolId)
        .where('client_id', '=', payer.client_id)
        .where('date', '>', minusDays(today, REMIND_EVERY_DAYS))
        .executeTakeFirst();
      if (recent) continue;
      const overdue = Number(payer.overdue);
      const texts = TEXTS[payer.language === 'el' ? 'el' : 'en'];
      const body = texts.body(formatMoney(overdue), Number(payer.n));
      const claimed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('finance_reminders')
          .values({
            school_id: schoolId,
            client_id: payer.client_id,
            date: today,
            overdue_cents: overdue,
            sent_at: nowIso,
          })
          .onConflict((c) => c.columns(['school_id', 'client_id', 'date']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .insertInto('notifications')
          .values({
            school_id: schoolId,
            user_id: payer.user_id,
            role: 'client',
            title: texts.subject,
            body,
            entity: 'payment',
            entity_id: payer.client_id,
            created_at: nowIso,
            seen_at: null,
          })
          .execute();
        return true;
      });
      if (!claimed) continue;
      sent += 1;
      if (payer.email) {
        const mail: MailMessage = {
          to: payer.email,
          subject: texts.subject,
          text: `${payer.first_name},\n\n${body}\n`,
          html: `<p>${escapeHtml(payer.first_name)},</p><p>${escapeHtml(body)}</p>`,
        };
        await deps.mailer.send(mail);
      }
    }
  }
  return sent;
}

registerJobHandler(OVERDUE_REMINDERS_JOB, {
  repeatEveryMs: 24 * 60 * 60_000,
  maxAttempts: 3,
  async handle({ deps }) {
    await sendOverdueReminders(deps);
  },
});
