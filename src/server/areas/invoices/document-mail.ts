import type { Kysely, Selectable } from 'kysely';
import { documentNumberText, formatEuro } from '../../../shared/invoices/documents';
import type { Database } from '../../db/schema';
import { enqueueJob, registerJobHandler } from '../../jobs';
import { documentPdf } from './document-pdf';
import type { InvoiceDocumentsTable } from './tables';

// The payer's copy by e-mail, when the school chose so (invoicing profile): sent once the
// document is registered with myDATA (so it carries the MARK), or at once when it is not
// going to myDATA. A durable job, so that a mail server that is down delays it only.

export const DOCUMENT_MAIL_KIND = 'invoices.document-mail';

export async function enqueueDocumentMail(
  trx: Kysely<Database>,
  document: Pick<Selectable<InvoiceDocumentsTable>, 'id' | 'school_id'>,
  now: Date,
): Promise<void> {
  await enqueueJob(
    trx,
    {
      kind: DOCUMENT_MAIL_KIND,
      payload: { documentId: document.id },
      schoolId: document.school_id,
      key: `${document.school_id}:document-mail:${document.id}`,
    },
    now,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

registerJobHandler<{ documentId: number }>(DOCUMENT_MAIL_KIND, {
  maxAttempts: 6,
  async handle({ payload, deps }) {
    const document = await deps.db
      .selectFrom('invoice_documents')
      .selectAll()
      .where('id', '=', payload.documentId)
      .executeTakeFirst();
    if (!document?.payer_email) return;
    const school = await deps.db
      .selectFrom('schools')
      .select('name')
      .where('id', '=', document.school_id)
      .executeTakeFirst();
    const { bytes, fileName } = await documentPdf(deps.db, document);
    const number = documentNumberText(document.series, document.number);
    const intro = `${school?.name ?? ''}: ${number}, ${formatEuro(document.gross_cents)}`;
    const text = [
      `Αγαπητέ/ή ${document.payer_name},`,
      '',
      `Σας επισυνάπτουμε το παραστατικό ${number} (${formatEuro(document.gross_cents)}).`,
      document.mydata_mark ? `ΜΑΡΚ myDATA: ${document.mydata_mark}` : '',
      '',
      `Dear ${document.payer_name}, your document ${number} is attached.`,
    ].join('\n');
    await deps.mailer.send({
      to: document.payer_email,
      subject: intro,
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      attachments: [{ filename: fileName, content: bytes, contentType: 'application/pdf' }],
    });
  },
});
