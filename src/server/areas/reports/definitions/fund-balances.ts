import { sql } from 'kysely';
import { defineReport } from '../definition';
import { msg } from '../msg';

// Each fund's statement over a span: the balance it opened with, what came in and went out
// (transfers between funds included: they move money in and out of a fund), and the
// balance it closed with. A balance is the sum of the fund's ledger rows, as in finance.
export const fundBalancesReport = defineReport({
  id: 'fund-balances',
  title: msg('Fund balances'),
  description: msg(
    'Opening balance, money in, money out and closing balance of each fund over the dates.',
  ),
  resource: 'funds',
  filters: [
    { key: 'from', kind: 'date', label: msg('From'), required: false },
    { key: 'to', kind: 'date', label: msg('To'), required: false },
  ],
  columns: [
    { key: 'fund', label: msg('Fund'), type: 'text' },
    { key: 'opening', label: msg('Opening balance'), type: 'money-cents' },
    { key: 'money_in', label: msg('Money in'), type: 'money-cents' },
    { key: 'money_out', label: msg('Money out'), type: 'money-cents' },
    { key: 'closing', label: msg('Closing balance'), type: 'money-cents' },
    { key: 'transactions', label: msg('Transactions'), type: 'number' },
  ],
  totals: ['opening', 'money_in', 'money_out', 'closing', 'transactions'],
  chart: { kind: 'bar', x: 'fund', y: ['closing'] },
  async rows({ db, schoolId, filters }) {
    const from = (filters.from as string | null) ?? '0000-01-01';
    const to = (filters.to as string | null) ?? '9999-12-31';
    const [funds, sums] = await Promise.all([
      db
        .selectFrom('funds')
        .select(['id', 'name'])
        .where('school_id', '=', schoolId)
        .orderBy('name')
        .execute(),
      db
        .selectFrom('transactions')
        .select([
          'fund_id',
          sql<
            number | string
          >`coalesce(sum(case when date < ${from} then amount_cents else 0 end), 0)`.as('opening'),
          sql<
            number | string
          >`coalesce(sum(case when date >= ${from} and amount_cents > 0 then amount_cents else 0 end), 0)`.as(
            'money_in',
          ),
          sql<
            number | string
          >`coalesce(sum(case when date >= ${from} and amount_cents < 0 then -amount_cents else 0 end), 0)`.as(
            'money_out',
          ),
          sql<number | string>`sum(case when date >= ${from} then 1 else 0 end)`.as('count'),
        ])
        .where('school_id', '=', schoolId)
        .where('date', '<=', to)
        .groupBy('fund_id')
        .execute(),
    ]);
    const byFund = new Map(sums.map((s) => [s.fund_id, s]));
    return funds.map((f) => {
      const s = byFund.get(f.id);
      const opening = Number(s?.opening ?? 0);
      const moneyIn = Number(s?.money_in ?? 0);
      const moneyOut = Number(s?.money_out ?? 0);
      return {
        fund: f.name,
        opening,
        money_in: moneyIn,
        money_out: moneyOut,
        closing: opening + moneyIn - moneyOut,
        transactions: Number(s?.count ?? 0),
      };
    });
  },
});
