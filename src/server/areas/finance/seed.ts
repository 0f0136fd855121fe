import { addMonths, planInstallments } from '../../../shared/finance/plan';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import type { Random } from '../../db/seed/random';
import { searchTextOf } from '../../../shared/search';
import { allocateOldestFirst } from './allocation';
import { rebuildLedgerTotals } from './ledger-totals';

// Demo finance of a school: funds, suppliers, a monthly tuition per course for the school
// year with sibling discounts, a year of payments into every fund (most families up to date,
// some behind, a few in credit), monthly expenses with their suppliers and the cash taken to
// the bank. Written row by row as the services would, so that every invariant holds.

interface FinanceSeedInput {
  schoolId: number;
  today: string;
  now: string;
  adminUserId: number;
  /** The demo parent and child, given a plan with one installment overdue. */
  demoParent?: number;
  demoStudent?: number;
  /** Payers charged (the rest of the school has no charges, as a school would start mid-way). */
  maxPayers?: number;
}

const FUNDS = [
  { name: 'Ταμείο γραφείου', kind: 'cash', iban: null },
  { name: 'Τράπεζα Πειραιώς', kind: 'bank', iban: 'GR1601720250005025012345678' },
  { name: 'POS Eurobank', kind: 'card', iban: null },
] as const;

const SUPPLIERS = [
  {
    name: 'Β. Βλάχος – Ενοίκια',
    vat_number: '045612378',
    city: 'Αθήνα',
    category: 'Rent',
    monthly: 180000,
  },
  {
    name: 'ΔΕΗ Α.Ε.',
    vat_number: '090000045',
    city: 'Αθήνα',
    category: 'Utilities',
    monthly: 32000,
  },
  {
    name: 'Cosmote',
    vat_number: '094019245',
    city: 'Μαρούσι',
    category: 'Utilities',
    monthly: 6490,
  },
  {
    name: 'Καθαρισμοί Λάμψη Ο.Ε.',
    vat_number: '800123456',
    city: 'Αθήνα',
    category: 'Utilities',
    monthly: 45000,
  },
  {
    name: 'Εκδόσεις Πατάκη',
    vat_number: '094258963',
    city: 'Αθήνα',
    category: 'Utilities',
    monthly: 0,
  },
] as const;

const METHOD_FUND = { cash: 0, bank_transfer: 1, card: 2 } as const;

export async function seedFinance(
  db: SeedDb,
  random: Random,
  input: FinanceSeedInput,
): Promise<void> {
  const { schoolId, now, today } = input;
  const period = await db
    .selectFrom('periods')
    .select(['start_date', 'end_date'])
    .where('school_id', '=', schoolId)
    .where('is_current', '=', 1)
    .executeTakeFirstOrThrow();
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name', 'type'])
    .where('school_id', '=', schoolId)
    .where('type', 'in', ['income', 'expense'])
    .execute();
  const category = (name: string) => categories.find((c) => c.name === name)!.id;

  const fundIds = await insertReturningIds(
    db,
    'funds',
    FUNDS.map((f) => ({
      school_id: schoolId,
      ...f,
      active: 1,
      notes: null,
      search_text: searchTextOf([f.name]),
    })),
  );
  const supplierIds = await insertReturningIds(
    db,
    'suppliers',
    SUPPLIERS.map((s) => ({
      school_id: schoolId,
      name: s.name,
      vat_number: s.vat_number,
      tax_office: null,
      email: null,
      phone: null,
      address: null,
      city: s.city,
      notes: null,
      search_text: searchTextOf([s.name, s.vat_number]),
    })),
  );

  // A monthly tuition per course from the first of September (the period's first month) to June.
  const firstDue = `${period.start_date.slice(0, 7)}-05`;
  const lastMonth = `${period.end_date.slice(0, 7)}-05`;
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute();
  const items = courses.map((c, i) => ({
    school_id: schoolId,
    name: `Δίδακτρα ${c.name}`,
    amount_cents: [8500, 9500, 7000, 12000, 6500][i % 5]!,
    schedule: 'monthly' as const,
    start_date: firstDue,
    end_date: lastMonth,
    installments: null,
    vat_category: 'vat_7',
    vat_exemption: 7,
    course_id: c.id,
    level_id: null,
    lesson_id: null,
    active: 1,
    description: 'Μηνιαία δίδακτρα του σχολικού έτους',
    search_text: searchTextOf([`Δίδακτρα ${c.name}`]),
  }));
  const extras = [
    {
      name: 'Εγγραφή',
      amount_cents: 5000,
      schedule: 'once' as const,
      installments: null,
      vat: 'vat_7',
      exemption: 7,
    },
    {
      name: 'Βιβλία και υλικό',
      amount_cents: 12000,
      schedule: 'installments' as const,
      installments: 3,
      vat: 'vat_3',
      exemption: null,
    },
  ].map((e) => ({
    school_id: schoolId,
    name: e.name,
    amount_cents: e.amount_cents,
    schedule: e.schedule,
    start_date: firstDue,
    end_date: null,
    installments: e.installments,
    vat_category: e.vat,
    vat_exemption: e.exemption,
    course_id: null,
    level_id: null,
    lesson_id: null,
    active: 1,
    description: null,
    search_text: searchTextOf([e.name]),
  }));
  const itemIds = await insertReturningIds(db, 'pricing_items', [...items, ...extras]);
  const itemOfCourse = new Map(courses.map((c, i) => [c.id, { id: itemIds[i]!, ...items[i]! }]));

  // Each payer's children and the courses of each child's lessons: a priced course charges
  // every child enrolled in it, as enrolment does (enrolment.ts).
  const links = await db
    .selectFrom('student_guardians as g')
    .innerJoin('lesson_students as ls', 'ls.student_id', 'g.student_id')
    .innerJoin('lessons as l', 'l.id', 'ls.lesson_id')
    .select(['g.client_id', 'g.student_id', 'l.course_id'])
    .where('g.school_id', '=', schoolId)
    .orderBy('g.client_id')
    .orderBy('g.student_id')
    .orderBy('ls.id')
    .execute();
  // A child is charged to their first guardian, the payer (as enrolment.ts does).
  const payerOf = new Map<number, number>();
  for (const g of await db
    .selectFrom('student_guardians')
    .select(['student_id', 'client_id'])
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute())
    if (!payerOf.has(g.student_id)) payerOf.set(g.student_id, g.client_id);
  const children = new Map<number, Map<number, number[]>>();
  for (const link of links) {
    if (link.course_id === null || payerOf.get(link.student_id) !== link.client_id) continue;
    const kids = children.get(link.client_id) ?? new Map<number, number[]>();
    const courses = kids.get(link.student_id) ?? [];
    if (!courses.includes(link.course_id)) courses.push(link.course_id);
    kids.set(link.student_id, courses);
    children.set(link.client_id, kids);
  }
  const payers = [...children.keys()]
    .sort((a, b) => (a === input.demoParent ? -1 : b === input.demoParent ? 1 : a - b))
    .slice(0, input.maxPayers ?? 120);

  for (const clientId of payers) {
    const kids = [...children.get(clientId)!.entries()];
    const open: { id: number; due_date: string; outstanding_cents: number }[] = [];
    const enrolments = kids.flatMap(([studentId, courseIds], child) =>
      courseIds.map((courseId) => ({ studentId, courseId, child })),
    );
    for (const { studentId, courseId, child: index } of enrolments) {
      const item = itemOfCourse.get(courseId)!;
      const plan = planInstallments({ ...item, end_date: item.end_date });
      const total = plan.reduce((sum, p) => sum + p.amount_cents, 0);
      // Siblings: 10% off the second child's tuition and after.
      const discount = index > 0 ? Math.floor((total * 10 + 50) / 100) : 0;
      const perMonth = Math.floor((total - discount) / plan.length);
      const spare = total - discount - perMonth * plan.length;
      const [chargeId] = await insertReturningIds(db, 'charges', [
        {
          school_id: schoolId,
          client_id: clientId,
          student_id: studentId,
          pricing_item_id: item.id,
          description: item.name,
          amount_cents: total,
          discount_kind: discount ? 'percent' : null,
          discount_value: discount ? 10 : 0,
          discount_cents: discount,
          discount_reason: discount ? 'Έκπτωση αδελφών' : null,
          vat_category: item.vat_category,
          vat_exemption: item.vat_exemption,
          status: 'active',
          enrolment: 1,
          withdrawn_on: null,
          created_by_user_id: input.adminUserId,
          created_at: now,
          updated_at: now,
        },
      ]);
      const ids = await insertReturningIds(
        db,
        'installments',
        plan.map((p, i) => ({
          school_id: schoolId,
          charge_id: chargeId,
          client_id: clientId,
          seq: i + 1,
          due_date: p.due_date,
          amount_cents: perMonth + (i < spare ? 1 : 0),
          paid_cents: 0,
        })),
      );
      ids.forEach((id, i) =>
        open.push({
          id,
          due_date: plan[i]!.due_date,
          outstanding_cents: perMonth + (i < spare ? 1 : 0),
        }),
      );
    }
    // Payments: most families pay what fell due, some are one or two months behind, a few
    // pay a little ahead (credit). The demo parent is one month behind.
    const behind = clientId === input.demoParent ? 1 : random.next() < 0.2 ? random.int(1, 2) : 0;
    const ahead = behind === 0 && random.next() < 0.1 ? 3000 : 0;
    const dueMonths = [
      ...new Set(open.filter((i) => i.due_date <= today).map((i) => i.due_date)),
    ].sort();
    const paidMonths = dueMonths.slice(0, Math.max(0, dueMonths.length - behind));
    const method = random.pick(['cash', 'bank_transfer', 'card'] as const);
    for (const [m, month] of paidMonths.entries()) {
      const due = open
        .filter((i) => i.due_date === month)
        .reduce((s, i) => s + i.outstanding_cents, 0);
      const amount = due + (m === paidMonths.length - 1 ? ahead : 0);
      if (amount <= 0) continue;
      const date = addMonths(month, 0).slice(0, 8) + String(random.int(1, 12)).padStart(2, '0');
      const payDate = date > today ? today : date;
      await writePayment(db, {
        schoolId,
        clientId,
        fundId: fundIds[METHOD_FUND[method]]!,
        method,
        date: payDate,
        amount,
        categoryId: category('Tuition'),
        userId: input.adminUserId,
        now,
        open,
      });
    }
  }

  // Expenses: each supplier's monthly bill, paid from the bank (small ones from the cash desk).
  const expenses: object[] = [];
  for (
    let month = period.start_date.slice(0, 7) + '-01';
    month <= today;
    month = addMonths(month, 1)
  ) {
    SUPPLIERS.forEach((s, i) => {
      if (s.monthly === 0) return;
      const date = `${month.slice(0, 8)}${String(10 + i).padStart(2, '0')}`;
      if (date > today) return;
      const amount = s.monthly + (s.category === 'Utilities' ? random.int(-2000, 2000) : 0);
      expenses.push(
        ledgerRow(
          schoolId,
          {
            fund_id: fundIds[s.monthly < 10000 ? 0 : 1]!,
            date,
            kind: 'expense',
            amount_cents: -amount,
            category_id: category(s.category),
            supplier_id: supplierIds[i]!,
            description: `${s.name} · ${month.slice(0, 7)}`,
          },
          input.adminUserId,
          now,
        ),
      );
    });
    // Books for the year, bought in September.
    if (month.slice(5, 7) === period.start_date.slice(5, 7))
      expenses.push(
        ledgerRow(
          schoolId,
          {
            fund_id: fundIds[1]!,
            date: `${month.slice(0, 8)}15`,
            kind: 'expense',
            amount_cents: -184000,
            category_id: category('Utilities'),
            supplier_id: supplierIds[4]!,
            description: 'Βιβλία σχολικού έτους',
          },
          input.adminUserId,
          now,
        ),
      );
  }
  await insertReturningIds(db, 'transactions', expenses);

  // At each month's end the cash desk takes most of its cash to the bank.
  const cash = await db
    .selectFrom('transactions')
    .select(['date', 'amount_cents'])
    .where('school_id', '=', schoolId)
    .where('fund_id', '=', fundIds[0]!)
    .execute();
  const transfers: object[] = [];
  for (
    let month = period.start_date.slice(0, 7) + '-01';
    addMonths(month, 1) <= today;
    month = addMonths(month, 1)
  ) {
    const end = addMonths(month, 1);
    const inMonth = cash
      .filter((c) => c.date >= month && c.date < end)
      .reduce((s, c) => s + c.amount_cents, 0);
    const amount = Math.floor((inMonth * 0.8) / 100) * 100;
    if (amount <= 0) continue;
    const transferId = `seed-${schoolId}-${month}`;
    const date = `${month.slice(0, 8)}28`;
    for (const [fund, sign, text] of [
      [fundIds[0]!, -1, 'Κατάθεση μετρητών στην τράπεζα'],
      [fundIds[1]!, 1, 'Κατάθεση μετρητών από το ταμείο'],
    ] as const)
      transfers.push(
        ledgerRow(
          schoolId,
          {
            fund_id: fund,
            date,
            kind: 'transfer',
            amount_cents: sign * amount,
            category_id: null,
            supplier_id: null,
            description: text,
            transfer_id: transferId,
          },
          input.adminUserId,
          now,
        ),
      );
  }
  await insertReturningIds(db, 'transactions', transfers);

  await rebuildLedgerTotals(db, schoolId);
  await db
    .insertInto('settings')
    .values({ school_id: schoolId, name: 'finance_overdue_reminders', data: 'true', is_json: 0 })
    .execute();
}

function ledgerRow(
  schoolId: number,
  row: {
    fund_id: number;
    date: string;
    kind: string;
    amount_cents: number;
    category_id: number | null;
    supplier_id: number | null;
    description: string;
    transfer_id?: string;
  },
  userId: number,
  now: string,
) {
  return {
    school_id: schoolId,
    client_id: null,
    payment_id: null,
    transfer_id: null,
    ...row,
    search_text: searchTextOf([row.description]),
    created_by_user_id: userId,
    created_at: now,
  };
}

async function writePayment(
  db: SeedDb,
  p: {
    schoolId: number;
    clientId: number;
    fundId: number;
    method: 'cash' | 'card' | 'bank_transfer';
    date: string;
    amount: number;
    categoryId: number;
    userId: number;
    now: string;
    open: { id: number; due_date: string; outstanding_cents: number }[];
  },
) {
  const plan = allocateOldestFirst(
    p.open.filter((i) => i.outstanding_cents > 0),
    p.amount,
  );
  const [paymentId] = await insertReturningIds(db, 'payments', [
    {
      school_id: p.schoolId,
      client_id: p.clientId,
      fund_id: p.fundId,
      method: p.method,
      date: p.date,
      amount_cents: p.amount,
      unallocated_cents: plan.remainder_cents,
      notes: null,
      created_by_user_id: p.userId,
      created_at: p.now,
    },
  ]);
  for (const part of plan.allocations) {
    const installment = p.open.find((i) => i.id === part.installment_id)!;
    installment.outstanding_cents -= part.amount_cents;
    await db
      .updateTable('installments')
      .set((eb) => ({ paid_cents: eb('paid_cents', '+', part.amount_cents) }))
      .where('id', '=', part.installment_id)
      .execute();
  }
  if (plan.allocations.length > 0)
    await db
      .insertInto('payment_allocations')
      .values(
        plan.allocations.map((a) => ({
          school_id: p.schoolId,
          payment_id: paymentId!,
          installment_id: a.installment_id,
          amount_cents: a.amount_cents,
          created_at: p.now,
        })),
      )
      .execute();
  await insertReturningIds(db, 'transactions', [
    {
      ...ledgerRow(
        p.schoolId,
        {
          fund_id: p.fundId,
          date: p.date,
          kind: 'payment',
          amount_cents: p.amount,
          category_id: p.categoryId,
          supplier_id: null,
          description: 'Πληρωμή διδάκτρων',
        },
        p.userId,
        p.now,
      ),
      client_id: p.clientId,
      payment_id: paymentId!,
    },
  ]);
}
