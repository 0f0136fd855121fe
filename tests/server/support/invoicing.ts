import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema';

// Set-up shared by the receipts-and-invoices tests.

export const SCHOOL_PROFILE = {
  legal_name: 'Φροντιστήριο Μάθημα Ι.Κ.Ε.',
  vat_number: '099999999',
  tax_office: 'ΔΟΥ Α΄ Αθηνών',
  activity: 'Φροντιστήριο μέσης εκπαίδευσης',
  address: 'Λεωφόρος Αλεξάνδρας 42',
  city: 'Αθήνα',
  postal_code: '11473',
  phone: '+30 210 640 1234',
  branch: 0,
  email_documents: false,
};

export async function athensIds(db: Kysely<Database>) {
  const school = await db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', 'Demo School Athens')
    .executeTakeFirstOrThrow();
  const other = await db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', 'Demo School Thessaloniki')
    .executeTakeFirstOrThrow();
  const parent = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('u.email', '=', 'parent@demo.school')
    .where('m.school_id', '=', school.id)
    .where('m.role', '=', 'client')
    .executeTakeFirstOrThrow();
  return { school: school.id, otherSchool: other.id, parent: parent.id };
}

/** A month's tuition, VAT-exempt under article 22 (category 7, exemption 7). */
export const tuitionReceipt = (payer: number, issueDate: string, netCents = 18_000) => ({
  kind: 'receipt' as const,
  payer_membership_id: payer,
  issue_date: issueDate,
  payment_method: 'cash' as const,
  lines: [
    {
      description: 'Δίδακτρα Νοεμβρίου — Μαθηματικά Γ΄ Λυκείου',
      net_cents: netCents,
      vat_category: 7,
      vat_cents: 0,
      vat_exemption_category: 7,
    },
  ],
});
