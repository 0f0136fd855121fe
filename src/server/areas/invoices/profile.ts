import type { Kysely } from 'kysely';
import type { InvoicingProfile } from '../../../shared/api/invoices';
import type { Database } from '../../db/schema';

// The school's issuer details: printed on every document and sent to AADE as the issuer.

/** Fields a document cannot go to myDATA (or be printed properly) without. */
const REQUIRED: (keyof InvoicingProfile)[] = [
  'legal_name',
  'vat_number',
  'tax_office',
  'address',
  'city',
  'postal_code',
];

const EMPTY: InvoicingProfile = {
  legal_name: '',
  vat_number: '',
  tax_office: '',
  activity: '',
  address: '',
  city: '',
  postal_code: '',
  phone: '',
  branch: 0,
  email_documents: false,
};

export async function invoicingProfileOf(
  db: Kysely<Database>,
  schoolId: number,
): Promise<InvoicingProfile> {
  const row = await db
    .selectFrom('invoicing_profiles')
    .selectAll()
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) return { ...EMPTY };
  return {
    legal_name: row.legal_name,
    vat_number: row.vat_number,
    tax_office: row.tax_office,
    activity: row.activity,
    address: row.address,
    city: row.city,
    postal_code: row.postal_code,
    phone: row.phone,
    branch: row.branch,
    email_documents: row.email_documents === 1,
  };
}

export const missingProfileFields = (profile: InvoicingProfile) =>
  REQUIRED.filter((field) => String(profile[field]).trim() === '');

export async function saveInvoicingProfile(
  db: Kysely<Database>,
  schoolId: number,
  profile: InvoicingProfile,
  nowIso: string,
): Promise<void> {
  const values = {
    ...profile,
    email_documents: profile.email_documents ? 1 : 0,
    updated_at: nowIso,
  };
  await db
    .insertInto('invoicing_profiles')
    .values({ school_id: schoolId, ...values })
    .onConflict((conflict) => conflict.column('school_id').doUpdateSet(values))
    .execute();
}
