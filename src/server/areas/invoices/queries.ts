import type { Kysely } from 'kysely';
import type { DocumentsQuery } from '../../../shared/api/invoices';
import { normalizeSearch } from '../../../shared/search';
import type { Database } from '../../db/schema';
import type { InvoiceCaller } from './policy';

// Reading documents, always inside the caller's school (and, for a payer, their own).

export function documentById(db: Kysely<Database>, schoolId: number, id: number) {
  return db
    .selectFrom('invoice_documents')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function linesOf(db: Kysely<Database>, schoolId: number, documentId: number) {
  return db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('document_id', '=', documentId)
    .orderBy('line_number')
    .execute();
}

/** The credit documents that cancel these documents: original id → credit id. */
export async function cancellationsOf(
  db: Kysely<Database>,
  schoolId: number,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_documents')
    .select(['id', 'correlated_document_id'])
    .where('school_id', '=', schoolId)
    .where('correlated_document_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.correlated_document_id!, r.id]));
}

/** A page of documents with the filters of the list, newest issue first by default. */
export async function listDocuments(
  db: Kysely<Database>,
  caller: InvoiceCaller,
  query: DocumentsQuery,
) {
  let base = db.selectFrom('invoice_documents').where('school_id', '=', caller.schoolId);
  if (caller.role === 'client')
    base = base.where('payer_membership_id', '=', caller.payerMembershipId);
  else if (query.payer_membership_id)
    base = base.where('payer_membership_id', '=', query.payer_membership_id);
  if (query.status) base = base.where('mydata_status', '=', query.status);
  if (query.kind) base = base.where('kind', '=', query.kind);
  if (query.from) base = base.where('issue_date', '>=', query.from);
  if (query.to) base = base.where('issue_date', '<=', query.to);
  if (query.search) {
    // `ΑΠΥ-12` or `12` finds a number; other text, the payer's name.
    const numbered = /^(?:(\S+?)-)?(\d{1,9})$/.exec(query.search);
    if (numbered) {
      base = base.where('number', '=', Number(numbered[2]));
      if (numbered[1]) base = base.where('series', '=', numbered[1]);
    } else {
      const pattern = `%${normalizeSearch(query.search).replace(/[\\%_]/g, '')}%`;
      base = base.where('search_text', 'like', pattern);
    }
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('issue_date', query.order)
      .orderBy('id', query.order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

export async function countsByStatus(db: Kysely<Database>, schoolId: number) {
  return db
    .selectFrom('invoice_documents')
    .select(['mydata_status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('school_id', '=', schoolId)
    .groupBy('mydata_status')
    .execute();
}
