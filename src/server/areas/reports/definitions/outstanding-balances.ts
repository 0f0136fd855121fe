import { sql } from 'kysely';
import { defineReport } from '../definition';
import { msg } from '../msg';
import { personName } from '../scope';

// What each payer still owes, aged by how long each unpaid installment has been due: not
// yet due, 1–30, 31–60, 61–90 and over 90 days overdue. "Overdue" is the finance area's:
// due before today (an installment due today is due, not overdue). A cancelled charge's
// installments were shrunk to what was paid of them, so they owe nothing here.

const DAY = 86_400_000;
/** The buckets' upper bounds in days overdue (the last is open). */
const BUCKETS = [
  { key: 'days_30', upTo: 30 },
  { key: 'days_60', upTo: 60 },
  { key: 'days_90', upTo: 90 },
  { key: 'days_over_90', upTo: Infinity },
] as const;

export const outstandingBalances = defineReport({
  id: 'outstanding-balances',
  title: msg('Outstanding balances by payer'),
  description: msg(
    'What each payer still owes today, by how many days the unpaid installments are overdue.',
  ),
  resource: 'clients',
  filters: [],
  columns: [
    { key: 'client', label: msg('Payer'), type: 'text' },
    { key: 'oldest_due', label: msg('Oldest due date'), type: 'date' },
    { key: 'not_due', label: msg('Not yet due'), type: 'money-cents' },
    { key: 'days_30', label: msg('1–30 days'), type: 'money-cents' },
    { key: 'days_60', label: msg('31–60 days'), type: 'money-cents' },
    { key: 'days_90', label: msg('61–90 days'), type: 'money-cents' },
    { key: 'days_over_90', label: msg('Over 90 days'), type: 'money-cents' },
    { key: 'outstanding', label: msg('Outstanding'), type: 'money-cents' },
  ],
  totals: ['not_due', 'days_30', 'days_60', 'days_90', 'days_over_90', 'outstanding'],
  chart: {
    kind: 'bar',
    x: 'client',
    // The overdue buckets: what is not yet due would dwarf them (a year of future installments).
    y: ['days_30', 'days_60', 'days_90', 'days_over_90'],
    of: 'totals',
  },
  async rows({ db, schoolId, today }) {
    const owed = await db
      .selectFrom('installments as i')
      .innerJoin('memberships as m', (j) =>
        j.onRef('m.id', '=', 'i.client_id').onRef('m.school_id', '=', 'i.school_id'),
      )
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'i.client_id',
        'i.due_date',
        'u.first_name',
        'u.last_name',
        sql<number | string>`sum(i.amount_cents - i.paid_cents)`.as('owed'),
      ])
      .where('i.school_id', '=', schoolId)
      .whereRef('i.paid_cents', '<', 'i.amount_cents')
      .groupBy(['i.client_id', 'i.due_date', 'u.first_name', 'u.last_name'])
      .execute();
    const byClient = new Map<number, Record<string, string | number>>();
    for (const r of owed) {
      const row = byClient.get(r.client_id) ?? {
        client: personName(r),
        oldest_due: r.due_date,
        not_due: 0,
        days_30: 0,
        days_60: 0,
        days_90: 0,
        days_over_90: 0,
        outstanding: 0,
      };
      const cents = Number(r.owed);
      // Days from the due date to today: 0 when due today or later.
      const late =
        r.due_date < today
          ? Math.round(
              (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.due_date}T00:00:00Z`)) / DAY,
            )
          : 0;
      const bucket = late === 0 ? 'not_due' : BUCKETS.find((b) => late <= b.upTo)!.key;
      row[bucket] = Number(row[bucket]) + cents;
      row.outstanding = Number(row.outstanding) + cents;
      if (r.due_date < String(row.oldest_due)) row.oldest_due = r.due_date;
      byClient.set(r.client_id, row);
    }
    // The longest overdue first: the office's calls start there.
    return [...byClient.values()].sort(
      (a, b) =>
        String(a.oldest_due).localeCompare(String(b.oldest_due)) ||
        Number(b.outstanding) - Number(a.outstanding) ||
        String(a.client).localeCompare(String(b.client), 'el'),
    );
  },
});
