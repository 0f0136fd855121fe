import QRCode from 'qrcode';
import type { CounterpartInput, InvoicingProfile } from '../../../shared/api/invoices';
import {
  VAT_RATE_BASIS_POINTS,
  documentNumberText,
  formatEuro,
  type DocumentKind,
  type PaymentMethodName,
} from '../../../shared/invoices/documents';
import { openPdf, write } from '../../pdf/pdf-document';
import type { StoredDocument } from './issue';

// The printed document (A4, Greek, as a Greek payer and tax inspector expect it): the
// school's details, the document's type, series and number, the payer, the lines with VAT,
// the totals, and myDATA's MARK, UID and the QR code of AADE's link once it is registered.

const TITLES: Record<DocumentKind, string> = {
  receipt: 'ΑΠΟΔΕΙΞΗ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
  invoice: 'ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ ΥΠΗΡΕΣΙΩΝ',
  credit_receipt: 'ΠΙΣΤΩΤΙΚΟ ΣΤΟΙΧΕΙΟ ΛΙΑΝΙΚΗΣ',
  credit_invoice: 'ΠΙΣΤΩΤΙΚΟ ΤΙΜΟΛΟΓΙΟ',
};
const PAYMENT_WORDS: Record<PaymentMethodName, string> = {
  cash: 'Μετρητά',
  card: 'Κάρτα (POS)',
  bank_transfer: 'Τραπεζική μεταφορά',
};
const MARGIN = 50;
const MUTED = '#52606d';
const RULE = '#cbd2d9';

export interface ReceiptPdfInput {
  document: StoredDocument;
  profile: InvoicingProfile;
  schoolName: string;
  correlated: { series: string; number: number; mark: string | null } | null;
}

const vatLabel = (category: number) =>
  category === 7 ? 'Απαλλαγή' : `${(VAT_RATE_BASIS_POINTS[category] ?? 0) / 100}%`;
/** The note under the lines that names each exemption's reason (myDATA's categories). */
const EXEMPTION_NOTES: Record<number, string> = {
  7: 'Απαλλαγή από ΦΠΑ: άρθρο 22 του Κώδικα ΦΠΑ (εκπαιδευτικές υπηρεσίες).',
};

/** The PDF of a document, as bytes. */
export async function receiptPdf(input: ReceiptPdfInput): Promise<Buffer> {
  const { document, profile } = input;
  const qr = document.mydata_qr_url
    ? await QRCode.toBuffer(document.mydata_qr_url, {
        margin: 1,
        width: 240,
        errorCorrectionLevel: 'M',
      })
    : null;
  const { doc, bytes } = openPdf({
    margin: MARGIN,
    info: {
      Title: `${TITLES[document.kind]} ${documentNumberText(document.series, document.number)}`,
      Author: profile.legal_name || input.schoolName,
    },
  });
  const width = doc.page.width - 2 * MARGIN;
  const right = doc.page.width - MARGIN;

  // The issuer.
  write(doc, profile.legal_name || input.schoolName, {
    x: MARGIN,
    y: MARGIN,
    size: 16,
    weight: 'bold',
  });
  if (profile.activity) write(doc, profile.activity, { color: MUTED });
  const place = [profile.address, [profile.postal_code, profile.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  if (place) write(doc, place, { color: MUTED });
  write(
    doc,
    `ΑΦΜ ${profile.vat_number || '—'} · ${profile.tax_office || 'ΔΟΥ —'}${profile.phone ? ` · Τηλ. ${profile.phone}` : ''}`,
    { color: MUTED },
  );

  // The document's identity, boxed on the right.
  const boxTop = MARGIN;
  const boxWidth = 200;
  doc
    .roundedRect(right - boxWidth, boxTop, boxWidth, 78, 4)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  write(doc, TITLES[document.kind], {
    x: right - boxWidth + 10,
    y: boxTop + 8,
    width: boxWidth - 20,
    size: 9,
    weight: 'bold',
  });
  write(doc, `Σειρά ${document.series} · Αρ. ${document.number}`, {
    x: right - boxWidth + 10,
    y: boxTop + 34,
    width: boxWidth - 20,
  });
  write(doc, `Ημερομηνία ${document.issue_date.split('-').reverse().join('/')}`, {
    x: right - boxWidth + 10,
    y: boxTop + 50,
    width: boxWidth - 20,
  });

  // The payer.
  let y = Math.max(doc.y, boxTop + 78) + 24;
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).stroke();
  y += 12;
  const counterpart = document.counterpart
    ? (JSON.parse(document.counterpart) as CounterpartInput)
    : null;
  write(doc, 'Στοιχεία πελάτη', { x: MARGIN, y, size: 9, color: MUTED, weight: 'bold' });
  if (counterpart) {
    write(doc, counterpart.name, { weight: 'bold' });
    write(doc, `ΑΦΜ ${counterpart.vat_number} · ${counterpart.country}`);
    const address = [
      counterpart.street,
      counterpart.number,
      counterpart.postal_code,
      counterpart.city,
    ]
      .filter(Boolean)
      .join(' ');
    if (address) write(doc, address);
    write(doc, `Για λογαριασμό: ${document.payer_name}`, { color: MUTED });
  } else {
    write(doc, document.payer_name, { weight: 'bold' });
  }
  write(
    doc,
    `Τρόπος πληρωμής: ${PAYMENT_WORDS[document.payment_method as PaymentMethodName] ?? document.payment_method}`,
    { color: MUTED },
  );
  if (input.correlated)
    write(
      doc,
      `Ακυρώνει το ${documentNumberText(input.correlated.series, input.correlated.number)}${input.correlated.mark ? ` (ΜΑΡΚ ${input.correlated.mark})` : ''}`,
      { weight: 'bold' },
    );

  // The lines.
  y = doc.y + 18;
  const columns = {
    description: MARGIN,
    net: MARGIN + width - 290,
    vat: MARGIN + width - 210,
    vatAmount: MARGIN + width - 130,
    total: MARGIN + width - 70,
  };
  const head = (text: string, x: number, w: number, align: 'left' | 'right') =>
    write(doc, text, { x, y, width: w, size: 9, weight: 'bold', color: MUTED, align });
  doc.rect(MARGIN, y - 6, width, 22).fill('#f0f4f8');
  head('Περιγραφή', columns.description + 6, columns.net - columns.description - 12, 'left');
  head('Καθαρή αξία', columns.net, 70, 'right');
  head('ΦΠΑ', columns.vat, 70, 'right');
  head('Ποσό ΦΠΑ', columns.vatAmount, 60, 'right');
  head('Σύνολο', columns.total, 64, 'right');
  y += 24;
  for (const line of document.lines) {
    const top = y;
    write(doc, line.description, {
      x: columns.description + 6,
      y: top,
      width: columns.net - columns.description - 16,
    });
    const bottom = doc.y;
    write(doc, formatEuro(line.net_cents), { x: columns.net, y: top, width: 70, align: 'right' });
    write(doc, vatLabel(line.vat_category), {
      x: columns.vat,
      y: top + 1,
      width: 70,
      align: 'right',
      size: 9,
    });
    write(doc, formatEuro(line.vat_cents), {
      x: columns.vatAmount,
      y: top,
      width: 60,
      align: 'right',
    });
    write(doc, formatEuro(line.net_cents + line.vat_cents), {
      x: columns.total,
      y: top,
      width: 64,
      align: 'right',
    });
    y = Math.max(bottom, doc.y) + 8;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(right, y - 4)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }

  const exemptions = [
    ...new Set(document.lines.map((l) => l.vat_exemption_category).filter((c) => c !== null)),
  ];
  for (const category of exemptions) {
    write(doc, EXEMPTION_NOTES[category] ?? `Απαλλαγή από ΦΠΑ (κατηγορία myDATA ${category}).`, {
      x: MARGIN,
      y,
      size: 8,
      color: MUTED,
      width,
    });
    y = doc.y + 2;
  }

  // The totals.
  y += 8;
  const total = (label: string, cents: number, bold = false) => {
    write(doc, label, {
      x: right - 260,
      y,
      width: 150,
      align: 'right',
      weight: bold ? 'bold' : 'regular',
      size: bold ? 12 : 10,
    });
    write(doc, formatEuro(cents), {
      x: right - 100,
      y,
      width: 100,
      align: 'right',
      weight: bold ? 'bold' : 'regular',
      size: bold ? 12 : 10,
    });
    y += bold ? 22 : 16;
  };
  total('Καθαρή αξία', document.net_cents);
  total('ΦΠΑ', document.vat_cents);
  total('Πληρωτέο ποσό', document.gross_cents, true);

  // myDATA.
  y += 16;
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(RULE).lineWidth(1).stroke();
  y += 12;
  if (document.mydata_mark) {
    if (qr) doc.image(qr, right - 110, y, { width: 110 });
    write(doc, 'myDATA · ΑΑΔΕ', { x: MARGIN, y, size: 9, weight: 'bold', color: MUTED });
    write(doc, `ΜΑΡΚ ${document.mydata_mark}`, { weight: 'bold', size: 11 });
    if (document.mydata_uid) write(doc, `UID ${document.mydata_uid}`, { size: 8, color: MUTED });
    if (qr)
      write(doc, 'Σαρώστε τον κωδικό QR για να επαληθεύσετε το παραστατικό στην ΑΑΔΕ.', {
        size: 8,
        color: MUTED,
        width: width - 130,
      });
  } else {
    write(doc, 'myDATA · ΑΑΔΕ', { x: MARGIN, y, size: 9, weight: 'bold', color: MUTED });
    write(
      doc,
      'Η διαβίβαση του παραστατικού στο myDATA εκκρεμεί· ο ΜΑΡΚ θα εμφανιστεί μόλις καταχωριστεί.',
      { size: 9, color: MUTED, width },
    );
  }
  write(doc, `${input.schoolName} · εκδόθηκε με το Mathema`, {
    x: MARGIN,
    y: doc.page.height - MARGIN - 20,
    size: 7,
    color: MUTED,
    width,
    align: 'center',
  });
  doc.end();
  return bytes;
}
