import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../database';
import { withId, type Migration } from './helpers';

// Finance (docs/finance.md): what the school charges (pricing items), what each payer owes
// (charges and their installments), what was paid and how it was allocated, and the ledger
// of funds (every payment, expense and transfer is a transaction in a fund). Money is integer
// cents. Every table is school-owned: school_id first in each index.
export const finance: Migration = {
  async up(db: Kysely<unknown>, kind: DatabaseKind) {
    const schoolTable = (name: string, searchable = false) => {
      const table = withId(kind, db.schema.createTable(name)).addColumn(
        'school_id',
        'integer',
        (c) => c.notNull().references('schools.id').onDelete('cascade'),
      );
      return searchable
        ? table.addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        : table;
    };
    const index = (table: string, columns: string[], unique = false) => {
      const builder = db.schema
        .createIndex(`${table}_${columns.join('_')}`)
        .on(table)
        .columns(columns);
      return (unique ? builder.unique() : builder).execute();
    };

    // Declared resources (the engine edits them): suppliers, funds, pricing items.
    await schoolTable('suppliers', true)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('vat_number', 'text')
      .addColumn('tax_office', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('address', 'text')
      .addColumn('city', 'text')
      .addColumn('notes', 'text')
      .addUniqueConstraint('suppliers_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('funds', true)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('iban', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('notes', 'text')
      .addUniqueConstraint('funds_unique_name', ['school_id', 'name'])
      .execute();

    await schoolTable('pricing_items', true)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('schedule', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('installments', 'integer')
      .addColumn('vat_category', 'text', (c) => c.notNull())
      .addColumn('vat_exemption', 'integer')
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('level_id', 'integer', (c) => c.references('levels.id').onDelete('set null'))
      .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id').onDelete('set null'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('description', 'text')
      .addUniqueConstraint('pricing_items_unique_name', ['school_id', 'name'])
      .execute();

    // A charge: one priced thing for one payer (and the student it is for), with its discount.
    // Its installments carry the due dates; `amount_cents` of a charge is before discount.
    await schoolTable('charges')
      .addColumn('client_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('restrict'),
      )
      .addColumn('student_id', 'integer', (c) =>
        c.references('memberships.id').onDelete('set null'),
      )
      .addColumn('pricing_item_id', 'integer', (c) =>
        c.references('pricing_items.id').onDelete('set null'),
      )
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('discount_kind', 'text')
      .addColumn('discount_value', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_reason', 'text')
      .addColumn('vat_category', 'text', (c) => c.notNull())
      .addColumn('vat_exemption', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await index('charges', ['school_id', 'client_id', 'created_at']);
    await index('charges', ['school_id', 'pricing_item_id', 'student_id']);

    await schoolTable('installments')
      .addColumn('charge_id', 'integer', (c) =>
        c.notNull().references('charges.id').onDelete('cascade'),
      )
      .addColumn('client_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('restrict'),
      )
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('due_date', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      // The sum of its allocations, kept beside them in the same transaction.
      .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await index('installments', ['school_id', 'client_id', 'due_date', 'id']);
    await index('installments', ['school_id', 'charge_id', 'seq'], true);
    await index('installments', ['school_id', 'due_date']);

    await schoolTable('payments')
      .addColumn('client_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('restrict'),
      )
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('funds.id'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      // The part not (yet) allocated to installments: the payer's credit.
      .addColumn('unallocated_cents', 'integer', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('created_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('payments', ['school_id', 'client_id', 'date', 'id']);

    await schoolTable('payment_allocations')
      .addColumn('payment_id', 'integer', (c) =>
        c.notNull().references('payments.id').onDelete('cascade'),
      )
      .addColumn('installment_id', 'integer', (c) =>
        c.notNull().references('installments.id').onDelete('restrict'),
      )
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('payment_allocations', ['school_id', 'payment_id']);
    await index('payment_allocations', ['school_id', 'installment_id']);

    // The ledger. `amount_cents` is signed: money into the fund is positive, out negative, so
    // a fund's balance is the plain sum of its rows. A transfer is two rows sharing transfer_id.
    await schoolTable('transactions', true)
      .addColumn('fund_id', 'integer', (c) => c.notNull().references('funds.id'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('category_id', 'integer', (c) =>
        c.references('categories.id').onDelete('set null'),
      )
      .addColumn('client_id', 'integer', (c) => c.references('memberships.id').onDelete('set null'))
      .addColumn('supplier_id', 'integer', (c) => c.references('suppliers.id').onDelete('restrict'))
      .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('restrict'))
      .addColumn('transfer_id', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_by_user_id', 'integer', (c) =>
        c.references('users.id').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await index('transactions', ['school_id', 'date', 'id']);
    await index('transactions', ['school_id', 'fund_id', 'date']);
    await index('transactions', ['school_id', 'category_id', 'date']);
    await index('transactions', ['school_id', 'client_id', 'date']);
    await index('transactions', ['school_id', 'supplier_id', 'date']);
    await index('transactions', ['school_id', 'payment_id']);

    // One overdue reminder per payer and day at most; the job looks here before sending.
    await schoolTable('finance_reminders')
      .addColumn('client_id', 'integer', (c) =>
        c.notNull().references('memberships.id').onDelete('cascade'),
      )
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('overdue_cents', 'integer', (c) => c.notNull())
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
    await index('finance_reminders', ['school_id', 'client_id', 'date'], true);
  },
};
