import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/server/areas/calendar/school-time';
import { insertAccount, insertPermissionGroup } from './support/accounts';
import { apiClient, type ApiClient } from './support/client';
import { databaseKinds, startServer, type TestServer } from './support/server';

// The finance and live-session reports' figures against the raw tables (ledger rows,
// installments, documents, sessions and their joins), computed here and not by the engine,
// and who may read them.

type Row = Record<string, string | number | null>;
const DAY = 86_400_000;

describe.each(databaseKinds)('finance and live-session reports on %s', (kind) => {
  let server: TestServer;
  let api: ApiClient;
  let admin: string;
  let school: number;
  const db = () => server.built.deps.db;
  const base = () => `/schools/${school}/admin/reports`;
  const run = async (id: string, query = '', token = admin) => {
    const response = await api.get(`${base()}/${id}${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as {
      rows: Row[];
      totals: Record<string, number | null>;
      applied: Record<string, number | string | null>;
    };
  };
  const today = () => localDate(server.built.deps.now(), server.built.deps.config.timeZone);

  beforeAll(async () => {
    server = await startServer(kind, { env: { JOBS_ENABLED: 'false' } });
    api = apiClient(server.url);
    admin = await api.login('admin@demo.school');
    school = (
      await db()
        .selectFrom('schools')
        .select('id')
        .where('name', '=', 'Demo School Athens')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds income and expenses per month and category as the ledger rows say', async () => {
    const report = await run('income-expense-by-month');
    const period = await db()
      .selectFrom('periods')
      .select(['start_date', 'end_date'])
      .where('id', '=', report.applied.period_id as number)
      .executeTakeFirstOrThrow();
    const rows = await db()
      .selectFrom('transactions as t')
      .leftJoin('categories as c', 'c.id', 't.category_id')
      .select(['t.date', 't.amount_cents', 't.kind', 'c.name'])
      .where('t.school_id', '=', school)
      .where('t.kind', '!=', 'transfer')
      .execute();
    const inPeriod = rows.filter(
      (r) =>
        r.date.slice(0, 7) >= period.start_date.slice(0, 7) &&
        r.date.slice(0, 7) <= period.end_date.slice(0, 7),
    );
    expect(inPeriod.length).toBeGreaterThan(0);
    const expected = new Map<string, { income: number; expense: number }>();
    for (const r of inPeriod) {
      const key = `${r.date.slice(0, 7)}|${r.name ?? '—'}`;
      const row = expected.get(key) ?? { income: 0, expense: 0 };
      if (r.amount_cents > 0) row.income += r.amount_cents;
      else row.expense -= r.amount_cents;
      expected.set(key, row);
    }
    const actual = new Map(
      report.rows.map((r) => [
        `${r.month}|${r.category}`,
        { income: Number(r.income), expense: Number(r.expense) },
      ]),
    );
    expect(actual).toEqual(expected);
    for (const r of report.rows) expect(r.net).toBe(Number(r.income) - Number(r.expense));
    const income = inPeriod.reduce((s, r) => s + Math.max(0, r.amount_cents), 0);
    const expense = inPeriod.reduce((s, r) => s + Math.max(0, -r.amount_cents), 0);
    expect(report.totals).toMatchObject({ income, expense, net: income - expense });
    expect(expense).toBeGreaterThan(0);
  });

  it('ages what each payer owes by the days its installments are overdue', async () => {
    const report = await run('outstanding-balances');
    const open = await db()
      .selectFrom('installments as i')
      .innerJoin('memberships as m', 'm.id', 'i.client_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['i.client_id', 'i.due_date', 'i.amount_cents', 'i.paid_cents', 'u.last_name'])
      .where('i.school_id', '=', school)
      .execute();
    const day = today();
    const expected = new Map<number, Row>();
    for (const i of open) {
      const owed = i.amount_cents - i.paid_cents;
      if (owed <= 0) continue;
      const late = Math.round((Date.parse(day) - Date.parse(i.due_date)) / DAY);
      const bucket =
        late <= 0
          ? 'not_due'
          : late <= 30
            ? 'days_30'
            : late <= 60
              ? 'days_60'
              : late <= 90
                ? 'days_90'
                : 'days_over_90';
      const row = expected.get(i.client_id) ?? {
        not_due: 0,
        days_30: 0,
        days_60: 0,
        days_90: 0,
        days_over_90: 0,
        outstanding: 0,
      };
      row[bucket] = Number(row[bucket]) + owed;
      row.outstanding = Number(row.outstanding) + owed;
      expected.set(i.client_id, row);
    }
    const overdueSomewhere = [...expected.values()].filter((r) => Number(r.days_30) > 0);
    expect(overdueSomewhere.length).toBeGreaterThan(0);
    expect(report.rows).toHaveLength(expected.size);
    const sorted = (rows: Row[]) =>
      rows
        .map((r) =>
          ['not_due', 'days_30', 'days_60', 'days_90', 'days_over_90', 'outstanding']
            .map((k) => Number(r[k]))
            .join(','),
        )
        .sort();
    expect(sorted(report.rows)).toEqual(sorted([...expected.values()]));
    const total = [...expected.values()].reduce((s, r) => s + Number(r.outstanding), 0);
    expect(report.totals.outstanding).toBe(total);
    // The longest overdue first.
    const oldest = report.rows.map((r) => String(r.oldest_due));
    expect(oldest).toEqual([...oldest].sort());

    // The parent of the demo, one month behind, owes in the first overdue bucket or later.
    const parent = report.rows.find((r) => String(r.client).includes('Γεωργίου'));
    expect(parent).toBeDefined();
    expect(Number(parent!.outstanding) - Number(parent!.not_due)).toBeGreaterThan(0);
  });

  it('puts an installment in its bucket at each boundary of the ageing', async () => {
    const { memberships } = await insertAccount(db(), `ageing-${kind}@demo.school`, [
      { school, role: 'client' },
    ]);
    const client = memberships.get(`${school}:client`)!;
    const at = new Date().toISOString();
    const charge = await db()
      .insertInto('charges')
      .values({
        school_id: school,
        client_id: client,
        student_id: null,
        pricing_item_id: null,
        description: 'Ageing',
        amount_cents: 12_700,
        discount_kind: null,
        discount_value: 0,
        discount_cents: 0,
        discount_reason: null,
        vat_category: 'vat_1',
        vat_exemption: null,
        status: 'active',
        created_by_user_id: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Days overdue and amounts (powers of two, so that each sum says which fell where).
    const late = [0, 30, 31, 60, 61, 90, 91];
    await db()
      .insertInto('installments')
      .values(
        late.map((days, i) => ({
          school_id: school,
          charge_id: charge.id,
          client_id: client,
          seq: i + 1,
          due_date: addDays(today(), -days),
          amount_cents: 100 * 2 ** i,
          paid_cents: i === 6 ? 100 : 0,
        })),
      )
      .execute();
    const report = await run('outstanding-balances');
    const row = report.rows.find((r) => r.client === `ageing-${kind} Test`);
    expect(row).toMatchObject({
      oldest_due: addDays(today(), -91),
      not_due: 100,
      days_30: 200,
      days_60: 400 + 800,
      days_90: 1_600 + 3_200,
      days_over_90: 6_400 - 100,
      outstanding: 12_700 - 100,
    });
  });

  it("states each fund's opening, movements and closing balance over the dates", async () => {
    const from = `${today().slice(0, 4)}-01-01`;
    const to = today();
    const report = await run('fund-balances', `?from=${from}&to=${to}`);
    const rows = await db()
      .selectFrom('transactions as t')
      .innerJoin('funds as f', 'f.id', 't.fund_id')
      .select(['f.name', 't.date', 't.amount_cents'])
      .where('t.school_id', '=', school)
      .execute();
    const funds = await db()
      .selectFrom('funds')
      .select('name')
      .where('school_id', '=', school)
      .execute();
    expect(report.rows.map((r) => r.fund).sort()).toEqual(funds.map((f) => f.name).sort());
    for (const row of report.rows) {
      const own = rows.filter((r) => r.name === row.fund && r.date <= to);
      const before = own.filter((r) => r.date < from);
      const within = own.filter((r) => r.date >= from);
      const opening = before.reduce((s, r) => s + r.amount_cents, 0);
      const moneyIn = within.reduce((s, r) => s + Math.max(0, r.amount_cents), 0);
      const moneyOut = within.reduce((s, r) => s + Math.max(0, -r.amount_cents), 0);
      expect(row, String(row.fund)).toMatchObject({
        opening,
        money_in: moneyIn,
        money_out: moneyOut,
        closing: opening + moneyIn - moneyOut,
        transactions: within.length,
      });
    }
    // Without dates the closing balances are the finance area's own fund balances.
    const all = await run('fund-balances');
    const balances = await api.get(`/schools/${school}/admin/finance/funds`, admin);
    expect(balances.status).toBe(200);
    expect(balances.body.data.length).toBe(all.rows.length);
    for (const fund of balances.body.data as { name: string; balance_cents: number }[])
      expect(all.rows.find((r) => r.fund === fund.name)?.closing).toBe(fund.balance_cents);
    const sum = rows.reduce((s, r) => s + r.amount_cents, 0);
    expect(all.totals.closing).toBe(sum);
  });

  it('lists the documents myDATA has not accepted, with what stands in the way', async () => {
    // One document never sent for want of the school's details, beside the demo's states.
    const sent = await db()
      .selectFrom('invoice_documents')
      .select('id')
      .where('school_id', '=', school)
      .where('mydata_status', '=', 'sent')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('invoice_documents')
      .set({ mydata_status: 'not_sent', mydata_not_sent_reason: 'issuer_incomplete' })
      .where('id', '=', sent.id)
      .execute();
    const report = await run('mydata-not-accepted');
    const waiting = await db()
      .selectFrom('invoice_documents')
      .select(['series', 'number', 'mydata_status', 'gross_cents', 'mydata_errors'])
      .where('school_id', '=', school)
      .where('mydata_status', '!=', 'sent')
      .execute();
    expect(waiting.length).toBeGreaterThan(1);
    expect(report.rows.map((r) => r.document).sort()).toEqual(
      waiting.map((d) => `${d.series}-${d.number}`).sort(),
    );
    expect(report.totals.amount).toBe(waiting.reduce((s, d) => s + d.gross_cents, 0));
    const mine = report.rows.find((r) => r.status === 'Not sent');
    expect(mine?.problem).toBe("The school's invoicing details are incomplete");
    const rejected = waiting.find((d) => d.mydata_status === 'rejected')!;
    expect(rejected).toBeDefined();
    const row = report.rows.find((r) => r.document === `${rejected.series}-${rejected.number}`);
    expect(row?.status).toBe('Rejected');
    const error = (JSON.parse(rejected.mydata_errors!) as { message: string }[])[0]!;
    expect(String(row?.problem)).toContain(error.message);
  });

  it('counts live sessions held and missed, hours, attendance and recordings per lesson', async () => {
    const report = await run('live-sessions-by-lesson');
    const nowIso = server.built.deps.now().toISOString();
    const sessions = await db()
      .selectFrom('live_sessions as s')
      .innerJoin('lessons as l', 'l.id', 's.lesson_id')
      .select([
        's.id',
        's.lesson_id',
        'l.name',
        'l.period_id',
        's.started_at',
        's.ended_at',
        's.scheduled_start',
        's.scheduled_end',
      ])
      .where('s.school_id', '=', school)
      .where('l.period_id', '=', report.applied.period_id as number)
      .execute();
    const counted = sessions.filter((s) => s.started_at !== null || s.scheduled_start <= nowIso);
    expect(counted.length).toBeGreaterThan(0);
    const held = counted.filter((s) => s.started_at !== null);
    const presence = await db()
      .selectFrom('live_session_presence')
      .select(['session_id', 'membership_id'])
      .where('school_id', '=', school)
      .where('role', '=', 'student')
      .execute();
    const roster = await db()
      .selectFrom('lesson_students')
      .select(['lesson_id', 'student_id'])
      .where('school_id', '=', school)
      .execute();
    const recordings = await db()
      .selectFrom('live_session_recordings')
      .select('session_id')
      .where('school_id', '=', school)
      .execute();
    for (const name of new Set(counted.map((s) => s.name))) {
      const own = counted.filter((s) => s.name === name);
      const ownHeld = own.filter((s) => s.started_at !== null);
      const shares = ownHeld.map((s) => {
        const students = new Set(
          roster.filter((r) => r.lesson_id === s.lesson_id).map((r) => r.student_id),
        );
        const came = new Set(
          presence
            .filter((p) => p.session_id === s.id && students.has(p.membership_id!))
            .map((p) => p.membership_id),
        );
        return came.size / students.size;
      });
      const ms = ownHeld.reduce((sum, s) => {
        const end = s.ended_at ?? (s.scheduled_end < nowIso ? s.scheduled_end : nowIso);
        return sum + (Date.parse(end) - Date.parse(s.started_at!));
      }, 0);
      const row = report.rows.find((r) => r.lesson === name);
      expect(row, name).toMatchObject({
        planned: own.length,
        held: ownHeld.length,
        missed: own.filter((s) => s.started_at === null && s.scheduled_end < nowIso).length,
        hours: Math.round((ms / 3_600_000) * 10) / 10,
        recordings: recordings.filter((r) => own.some((s) => s.id === r.session_id)).length,
      });
      expect(row!.attendance).toBeCloseTo(
        (shares.reduce((s, v) => s + v, 0) / shares.length) * 100,
        1,
      );
    }
    expect(report.totals.held).toBe(held.length);
    expect(report.totals.recordings).toBeGreaterThan(0);
    // The rows carry only their columns (the totals' weights stay on the server).
    expect(Object.keys(report.rows[0]!).sort()).toEqual(
      ['attendance', 'held', 'hours', 'lesson', 'missed', 'planned', 'recordings'].sort(),
    );
  });

  it('gives each finance report only to admins who may read its resource', async () => {
    const narrow = await insertAccount(db(), `reports-finance-${kind}@demo.school`, [
      { school, role: 'admin' },
    ]);
    await insertPermissionGroup(
      db(),
      school,
      `Reports with funds only ${kind}`,
      [
        { resource: 'reporting', read: true, write: false },
        { resource: 'funds', read: true, write: false },
      ],
      [narrow.userId],
    );
    const token = await api.login(`reports-finance-${kind}@demo.school`);
    const list = await api.get(base(), token);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual(['fund-balances']);
    for (const id of ['income-expense-by-month', 'outstanding-balances', 'mydata-not-accepted'])
      expect((await api.get(`${base()}/${id}`, token)).status, id).toBe(403);
    const teacher = await api.login('teacher@demo.school');
    expect(
      (await api.get(`/schools/${school}/teacher/reports/fund-balances`, teacher)).status,
    ).toBe(403);
    const other = await db()
      .selectFrom('schools')
      .select('id')
      .where('id', '!=', school)
      .executeTakeFirstOrThrow();
    expect((await api.get(`/schools/${other.id}/admin/reports/fund-balances`, admin)).status).toBe(
      403,
    );
  });
});
