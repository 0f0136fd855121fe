import crypto from 'node:crypto';
import {
  INVOICE_TYPE_OF,
  SERIES_OF,
  type DocumentKind,
  type MydataStatus,
} from '../../../shared/invoices/documents';
import { searchTextOf } from '../../../shared/search';
import type { SeedDb } from '../../db/seed/batches';
import { addDays } from '../calendar/school-time';
import { takeNextNumber } from './numbering';
import { queueForMydata } from './outbox';
import { saveInvoicingProfile } from './profile';

// Demo receipts and invoices of the Athens school: the school's issuer details, a term of
// monthly tuition receipts registered with myDATA (MARK, UID, QR link), a seminar invoice to a
// business with 24% VAT, a receipt cancelled by its credit receipt, one receipt AADE rejected
// (with its errors) and one waiting for the outbox's next try. Deterministic: no random draws,
// so the rest of the demo stays as it was.

const SUBJECTS = [
  'Μαθηματικά Γ΄ Λυκείου',
  'Φυσική Β΄ Λυκείου',
  'Έκθεση Α΄ Λυκείου',
  'Χημεία Γ΄ Λυκείου',
  'Αγγλικά B2',
  'Πληροφορική Γ΄ Γυμνασίου',
];
const MONTHS = ['Σεπτεμβρίου', 'Οκτωβρίου', 'Νοεμβρίου', 'Δεκεμβρίου'];

interface Line {
  description: string;
  net_cents: number;
  vat_category: number;
  vat_cents: number;
  vat_exemption_category: number | null;
}

export async function seedInvoices(
  db: SeedDb,
  options: { schoolId: number; demoParent: number; clients: number[]; today: string; now: Date },
): Promise<void> {
  const { schoolId, today } = options;
  const nowIso = options.now.toISOString();
  await saveInvoicingProfile(
    db,
    schoolId,
    {
      legal_name: 'Φροντιστήριο Μάθημα Ι.Κ.Ε.',
      vat_number: '099999999',
      tax_office: 'ΔΟΥ Α΄ Αθηνών',
      activity: 'Φροντιστήριο μέσης εκπαίδευσης',
      address: 'Λεωφόρος Αλεξάνδρας 42',
      city: 'Αθήνα',
      postal_code: '114 73',
      phone: '+30 210 640 1234',
      branch: 0,
      email_documents: false,
    },
    nowIso,
  );
  const payers = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'u.first_name', 'u.last_name', 'u.email'])
    .where('m.school_id', '=', schoolId)
    .where('m.id', 'in', [options.demoParent, ...options.clients.slice(0, 11)])
    .execute();
  const byId = new Map(payers.map((p) => [p.id, p]));
  const order = [options.demoParent, ...options.clients.slice(0, 11)].filter((id) => byId.has(id));
  let counter = 0;

  async function insert(
    kind: DocumentKind,
    payerId: number,
    issueDate: string,
    lines: Line[],
    state: {
      status: MydataStatus;
      errors?: { code: string; message: string }[];
      problem?: string;
      nextAttempt?: string;
      attempts?: number;
      correlated?: number;
      counterpart?: object;
      method?: string;
    },
  ) {
    const payer = byId.get(payerId)!;
    const series = SERIES_OF[kind];
    const year = Number(issueDate.slice(0, 4));
    const number = await takeNextNumber(db, schoolId, series, year);
    const net = lines.reduce((s, l) => s + l.net_cents, 0);
    const vat = lines.reduce((s, l) => s + l.vat_cents, 0);
    counter++;
    const sent = state.status === 'sent';
    const mark = sent ? String(400_012_345_600_000 + counter * 7_919) : null;
    const sentAt = sent
      ? `${issueDate}T${String(9 + (counter % 8)).padStart(2, '0')}:1${counter % 10}:00.000Z`
      : null;
    const document = await db
      .insertInto('invoice_documents')
      .values({
        school_id: schoolId,
        kind,
        invoice_type: INVOICE_TYPE_OF[kind],
        series,
        year,
        number,
        issue_date: issueDate,
        payer_membership_id: payerId,
        payer_name: `${payer.first_name} ${payer.last_name}`,
        payer_email: payer.email,
        search_text: searchTextOf([payer.first_name, payer.last_name, `${series}-${number}`]),
        counterpart: state.counterpart ? JSON.stringify(state.counterpart) : null,
        payment_id: null,
        payment_method: state.method ?? (counter % 3 === 0 ? 'card' : 'cash'),
        correlated_document_id: state.correlated ?? null,
        net_cents: net,
        vat_cents: vat,
        gross_cents: net + vat,
        issued_by_user_id: null,
        mydata_status: state.status,
        mydata_not_sent_reason: null,
        mydata_mark: mark,
        mydata_uid: mark
          ? crypto
              .createHash('sha1')
              .update(`099999999-${issueDate}-${series}-${number}`)
              .digest('hex')
              .toUpperCase()
          : null,
        mydata_qr_url: mark
          ? `https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=${crypto.createHash('sha256').update(mark).digest('base64url').slice(0, 40)}`
          : null,
        mydata_errors: state.errors ? JSON.stringify(state.errors) : null,
        mydata_sent_at: sentAt,
        mydata_attempts: state.attempts ?? (sent ? 1 : 0),
        mydata_next_attempt_at: state.nextAttempt ?? null,
        mydata_last_problem: state.problem ?? null,
        mydata_in_flight: 0,
        mydata_locked_until: null,
        created_at: `${issueDate}T08:00:00.000Z`,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invoice_lines')
      .values(
        lines.map((line, i) => ({
          school_id: schoolId,
          document_id: document.id,
          line_number: i + 1,
          ...line,
        })),
      )
      .execute();
    return document.id;
  }

  const tuition = (month: string, subject: string, cents: number): Line => ({
    description: `Δίδακτρα ${month} — ${subject}`,
    net_cents: cents,
    vat_category: 7,
    vat_cents: 0,
    vat_exemption_category: 7,
  });

  // A term of monthly tuition, registered with myDATA.
  const monthStarts = [-75, -45, -15].map((days) => addDays(today, days));
  let cancelled: number | null = null;
  for (const [m, issueDate] of monthStarts.entries()) {
    for (const [p, payerId] of order.entries()) {
      const subject = SUBJECTS[(p + m) % SUBJECTS.length]!;
      const lines = [tuition(MONTHS[m + 1] ?? MONTHS[0]!, subject, 14_000 + (p % 4) * 2_000)];
      if (p % 4 === 1)
        lines.push(
          tuition(MONTHS[m + 1] ?? MONTHS[0]!, SUBJECTS[(p + m + 3) % SUBJECTS.length]!, 9_000),
        );
      const id = await insert('receipt', payerId, addDays(issueDate, p % 5), lines, {
        status: 'sent',
      });
      if (m === 1 && p === 2) cancelled = id;
    }
  }
  // A receipt charged twice by mistake, cancelled with its credit receipt.
  if (cancelled !== null) {
    const original = await db
      .selectFrom('invoice_lines')
      .select(['description', 'net_cents', 'vat_category', 'vat_cents', 'vat_exemption_category'])
      .where('document_id', '=', cancelled)
      .execute();
    await insert('credit_receipt', order[2]!, addDays(monthStarts[1]!, 3), original, {
      status: 'sent',
      correlated: cancelled,
    });
  }
  // A seminar for a company's staff: an invoice with 24% VAT.
  await insert(
    'invoice',
    order[3]!,
    addDays(today, -20),
    [
      {
        description: 'Σεμινάριο προετοιμασίας πιστοποίησης Αγγλικών (10 ώρες)',
        net_cents: 50_000,
        vat_category: 1,
        vat_cents: 12_000,
        vat_exemption_category: null,
      },
    ],
    {
      status: 'sent',
      method: 'bank_transfer',
      counterpart: {
        vat_number: '800123456',
        name: 'Αττική Λογιστική Α.Ε.',
        country: 'GR',
        branch: 0,
        street: 'Σταδίου',
        number: '24',
        postal_code: '10564',
        city: 'Αθήνα',
      },
    },
  );
  // AADE refused one: the office reads why and sends it again.
  await insert(
    'receipt',
    order[4]!,
    addDays(today, -2),
    [tuition('Δεκεμβρίου', SUBJECTS[0]!, 16_000)],
    {
      status: 'rejected',
      method: 'card',
      attempts: 1,
      errors: [
        { code: '402', message: 'At least one payment method detail must be of POS type' },
        {
          code: '407',
          message:
            "Payment Methods total amount must be equal to or less than initial invoice's total value",
        },
      ],
    },
  );
  // AADE was busy: the outbox tries again later.
  const nextAttempt = new Date(options.now.getTime() + 2 * 60 * 60_000);
  const waiting = await insert(
    'receipt',
    options.demoParent,
    today,
    [tuition('Δεκεμβρίου', SUBJECTS[1]!, 15_000)],
    {
      status: 'retrying',
      attempts: 2,
      problem: 'rate_limited',
      nextAttempt: nextAttempt.toISOString(),
    },
  );
  await queueForMydata(db, { id: waiting, school_id: schoolId }, options.now, nextAttempt);
}
