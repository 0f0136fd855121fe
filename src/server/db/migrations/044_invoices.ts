import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Receipts, invoices and myDATA (docs/finance-mydata.md): the school's issuer details, one
// counter per series and year (numbers without gaps or repeats), the documents with their
// lines and their state with AADE. Payments live in another area: a document keeps the
// payment's id as a plain number so that this area stands on its own.
export const invoices: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const schoolTable = (name: string) =>
      withId(kind, db.schema.createTable(name)).addColumn('school_id', 'integer', (c) =>
        c.notNull().references('schools.id').onDelete('cascade'),
      );
    const index = (table: string, columns: string[], unique = false) => {
      const builder = db.schema
        .createIndex(`${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns);
      return (unique ? builder.unique() : builder).execute();
    };

    await schoolTable('invoicing_profiles')
      .addColumn('legal_name', 'text', (c) => c.notNull())
      .addColumn('vat_number', 'text', (c) => c.notNull())
      .addColumn('tax_office', 'text', (c) => c.notNull())
      .addColumn('activity', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('postal_code', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('branch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('email_documents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('invoicing_profiles', ['school_id'], true);

    // The last number given in a series and year. Taking the next one is a single
    // insert-or-increment inside the issuing transaction: a rolled back issue gives its
    // number back, and two offices issuing at once wait on this row, one after the other.
    await schoolTable('invoice_series')
      .addColumn('series', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('last_number', 'integer', (c) => c.notNull())
      .execute();
    await index('invoice_series', ['school_id', 'series', 'year'], true);

    await schoolTable('invoice_documents')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('invoice_type', 'text', (c) => c.notNull())
      .addColumn('series', 'text', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('issue_date', 'text', (c) => c.notNull())
      // A document outlives its payer's membership: the name stays printed on it.
      .addColumn('payer_membership_id', 'integer', (c) =>
        c.references('memberships.id').onDelete('set null'),
      )
      .addColumn('payer_name', 'text', (c) => c.notNull())
      .addColumn('payer_email', 'text')
      // The payer's and counterpart's names and the number, normalised (shared/search.ts).
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('counterpart', 'text')
      .addColumn('payment_id', 'integer')
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('correlated_document_id', 'integer', (c) => c.references('invoice_documents.id'))
      .addColumn('net_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_cents', 'integer', (c) => c.notNull())
      .addColumn('gross_cents', 'integer', (c) => c.notNull())
      .addColumn('issued_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('mydata_status', 'text', (c) => c.notNull())
      .addColumn('mydata_not_sent_reason', 'text')
      .addColumn('mydata_mark', 'text')
      .addColumn('mydata_uid', 'text')
      .addColumn('mydata_qr_url', 'text')
      .addColumn('mydata_errors', 'text')
      .addColumn('mydata_sent_at', 'text')
      .addColumn('mydata_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mydata_next_attempt_at', 'text')
      .addColumn('mydata_last_problem', 'text')
      // A send whose answer was never heard: ask AADE what it holds before sending again.
      .addColumn('mydata_in_flight', 'integer', (c) => c.notNull().defaultTo(0))
      // One sender at a time per document, across nodes and restarts.
      .addColumn('mydata_locked_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('invoice_documents', ['school_id', 'series', 'year', 'number'], true);
    await index('invoice_documents', ['school_id', 'issue_date']);
    await index('invoice_documents', ['school_id', 'mydata_status', 'issue_date']);
    await index('invoice_documents', ['school_id', 'payer_membership_id', 'issue_date']);
    await index('invoice_documents', ['school_id', 'payment_id']);
    await index('invoice_documents', ['school_id', 'correlated_document_id']);

    await schoolTable('invoice_lines')
      .addColumn('document_id', 'integer', (c) =>
        c.notNull().references('invoice_documents.id').onDelete('cascade'),
      )
      .addColumn('line_number', 'integer', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('net_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_category', 'integer', (c) => c.notNull())
      .addColumn('vat_cents', 'integer', (c) => c.notNull())
      .addColumn('vat_exemption_category', 'integer')
      .execute();
    await index('invoice_lines', ['school_id', 'document_id', 'line_number'], true);
  },
};
