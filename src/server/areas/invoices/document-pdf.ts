import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { invoicingProfileOf } from './profile';
import { receiptPdf } from './receipt-pdf';
import type { InvoiceDocumentsTable } from './tables';

const LATIN: Record<string, string> = { Α: 'A', Π: 'P', Υ: 'Y', Τ: 'T', Σ: 'S', Λ: 'L' };
/** File names stay ASCII (a download's fallback name would lose Greek letters). */
const latinSeries = (series: string) =>
  [...series].map((c) => LATIN[c] ?? (/[A-Za-z0-9]/.test(c) ? c : '')).join('');

/** Reads what a document's PDF shows and draws it; the file name to offer with it. */
export async function documentPdf(
  db: Kysely<Database>,
  document: Selectable<InvoiceDocumentsTable>,
): Promise<{ bytes: Buffer; fileName: string }> {
  const [lines, profile, school, correlated] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('school_id', '=', document.school_id)
      .where('document_id', '=', document.id)
      .orderBy('line_number')
      .execute(),
    invoicingProfileOf(db, document.school_id),
    db.selectFrom('schools').select('name').where('id', '=', document.school_id).executeTakeFirst(),
    document.correlated_document_id
      ? db
          .selectFrom('invoice_documents')
          .select(['series', 'number', 'mydata_mark'])
          .where('school_id', '=', document.school_id)
          .where('id', '=', document.correlated_document_id)
          .executeTakeFirst()
      : undefined,
  ]);
  const bytes = await receiptPdf({
    document: { ...document, lines },
    profile,
    schoolName: school?.name ?? '',
    correlated: correlated
      ? { series: correlated.series, number: correlated.number, mark: correlated.mydata_mark }
      : null,
  });
  return {
    bytes,
    fileName: `${document.kind}-${document.year}-${latinSeries(document.series)}-${document.number}.pdf`,
  };
}
