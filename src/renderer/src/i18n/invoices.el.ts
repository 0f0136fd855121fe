/** Greek for receipts, invoices and myDATA (the office's screens and the payer's receipts). */
export const invoicesGreek: Record<string, string> = {
  'Receipts and invoices': 'Αποδείξεις και τιμολόγια',
  Receipts: 'Αποδείξεις',
  'Not sent': 'Δεν στάλθηκε',
  'Waiting to be sent': 'Αναμένει αποστολή',
  'Sent to myDATA': 'Στάλθηκε στο myDATA',
  'Rejected by myDATA': 'Απορρίφθηκε από το myDATA',
  'Will retry': 'Νέα προσπάθεια σύντομα',
  'Sending failed': 'Η αποστολή απέτυχε',
  'Receipt (11.2)': 'Απόδειξη παροχής υπηρεσιών (11.2)',
  'Invoice (2.1)': 'Τιμολόγιο παροχής υπηρεσιών (2.1)',
  'Credit receipt (11.4)': 'Πιστωτικό στοιχείο λιανικής (11.4)',
  'Credit invoice (5.1)': 'Πιστωτικό τιμολόγιο (5.1)',
  Cash: 'Μετρητά',
  Card: 'Κάρτα',
  'Bank transfer': 'Τραπεζική μεταφορά',
  'myDATA is not configured on this server (MYDATA_URL, MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY), so documents are kept and not sent. Ask whoever runs the server to set them.':
    'Το myDATA δεν έχει ρυθμιστεί σε αυτόν τον διακομιστή (MYDATA_URL, MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY), οπότε τα παραστατικά φυλάσσονται χωρίς να αποστέλλονται. Ζητήστε από όποιον διαχειρίζεται τον διακομιστή να τα ορίσει.',
  "The school's invoicing details (legal name, VAT number, tax office, address) are incomplete, so documents cannot be sent yet.":
    'Τα στοιχεία τιμολόγησης του σχολείου (επωνυμία, ΑΦΜ, ΔΟΥ, διεύθυνση) δεν είναι πλήρη, οπότε τα παραστατικά δεν μπορούν ακόμη να αποσταλούν.',
  'myDATA did not answer in time.': 'Το myDATA δεν απάντησε εγκαίρως.',
  'The connection to myDATA was lost before its answer arrived.':
    'Η σύνδεση με το myDATA χάθηκε πριν φτάσει η απάντησή του.',
  'myDATA could not be reached.': 'Δεν ήταν δυνατή η σύνδεση με το myDATA.',
  'myDATA was busy and asked us to try later.':
    'Το myDATA ήταν απασχολημένο και ζήτησε να ξαναδοκιμάσουμε αργότερα.',
  'myDATA had a server error.': 'Το myDATA είχε σφάλμα διακομιστή.',
  'myDATA reported a technical error on its side.':
    'Το myDATA ανέφερε τεχνικό σφάλμα από την πλευρά του.',
  "myDATA refused the server's credentials (MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY).":
    'Το myDATA απέρριψε τα διαπιστευτήρια του διακομιστή (MYDATA_USER_ID, MYDATA_SUBSCRIPTION_KEY).',
  'myDATA refused the request.': 'Το myDATA απέρριψε το αίτημα.',
  'myDATA answered with something that is not a myDATA answer.':
    'Το myDATA απάντησε με κάτι που δεν είναι απάντηση του myDATA.',
  'The document could not be read (XML syntax). Contact support.':
    'Το παραστατικό δεν μπόρεσε να διαβαστεί (σύνταξη XML). Επικοινωνήστε με την υποστήριξη.',
  'The VAT number of the school or the business is not valid.':
    'Ο ΑΦΜ του σχολείου ή της επιχείρησης δεν είναι έγκυρος.',
  'The VAT number of the business is not valid.': 'Ο ΑΦΜ της επιχείρησης δεν είναι έγκυρος.',
  'The VAT category of a line is not allowed for this kind of document.':
    'Η κατηγορία ΦΠΑ μιας γραμμής δεν επιτρέπεται σε αυτό το είδος παραστατικού.',
  'A line without VAT needs the reason for the exemption.':
    'Μια γραμμή χωρίς ΦΠΑ χρειάζεται την αιτία της απαλλαγής.',
  'myDATA already holds a document with this series and number.':
    'Το myDATA έχει ήδη παραστατικό με αυτή τη σειρά και αυτόν τον αριθμό.',
  'myDATA expects a card (POS) payment for this document.':
    'Το myDATA αναμένει πληρωμή με κάρτα (POS) για αυτό το παραστατικό.',
  "The amounts paid add up to more than the document's total.":
    'Τα ποσά πληρωμής ξεπερνούν το σύνολο του παραστατικού.',
  'Documents are not being sent to myDATA': 'Τα παραστατικά δεν αποστέλλονται στο myDATA',
  '{{count}} documents need your attention: myDATA rejected them or sending failed.':
    '{{count}} παραστατικά θέλουν την προσοχή σας: το myDATA τα απέρριψε ή η αποστολή απέτυχε.',
  '{{count}} documents are on their way to myDATA.':
    '{{count}} παραστατικά είναι καθ’ οδόν προς το myDATA.',
  'Number or payer': 'Αριθμός ή πελάτης',
  'myDATA status': 'Κατάσταση myDATA',
  'Any status': 'Οποιαδήποτε κατάσταση',
  'Every kind': 'Όλα τα είδη',
  Issued: 'Έκδοση',
  myDATA: 'myDATA',
  'MARK {{mark}}': 'ΜΑΡΚ {{mark}}',
  'Registered on {{date}}': 'Καταχωρίστηκε στις {{date}}',
  'UID {{uid}}': 'UID {{uid}}',
  "Open the document's page at AADE": 'Άνοιγμα της σελίδας του παραστατικού στην ΑΑΔΕ',
  'myDATA did not accept this document. Correct what it says and send it again.':
    'Το myDATA δεν δέχτηκε αυτό το παραστατικό. Διορθώστε ό,τι αναφέρει και στείλτε το ξανά.',
  'AADE, code {{code}}: {{message}}': 'ΑΑΔΕ, κωδικός {{code}}: {{message}}',
  'Next try {{date}} (tries so far: {{count}}).':
    'Επόμενη προσπάθεια {{date}} (προσπάθειες ως τώρα: {{count}}).',
  'Sending stopped after {{count}} tries. Send it again once the problem is solved.':
    'Η αποστολή σταμάτησε μετά από {{count}} προσπάθειες. Στείλτε το ξανά όταν λυθεί το πρόβλημα.',
  'It goes to myDATA in a moment.': 'Αποστέλλεται στο myDATA σε λίγο.',
  'Cancel {{name}}?': 'Ακύρωση του {{name}};',
  'A credit document for the same amount is issued and sent to myDATA. The original stays on record.':
    'Εκδίδεται πιστωτικό στοιχείο ίδιου ποσού και αποστέλλεται στο myDATA. Το αρχικό παραμένει καταχωρισμένο.',
  'Date of the credit document': 'Ημερομηνία του πιστωτικού',
  'Keep it': 'Να μείνει',
  'Issue the credit document': 'Έκδοση πιστωτικού',
  'The PDF was downloaded.': 'Το PDF κατέβηκε.',
  'The document is on its way to myDATA.': 'Το παραστατικό στέλνεται στο myDATA.',
  'The credit document was issued.': 'Το πιστωτικό εκδόθηκε.',
  'Net amount': 'Καθαρή αξία',
  Exempt: 'Απαλλαγή',
  'Download PDF': 'Λήψη PDF',
  'Send to myDATA again': 'Νέα αποστολή στο myDATA',
  'Cancel with a credit document': 'Ακύρωση με πιστωτικό',
  '{{name}}, VAT number {{vat}}': '{{name}}, ΑΦΜ {{vat}}',
  'Issued on {{date}}, paid by {{method}}': 'Εκδόθηκε στις {{date}}, πληρωμή: {{method}}',
  Cancels: 'Ακυρώνει το',
  'Cancelled by its credit document': 'Ακυρώθηκε με πιστωτικό',
  Lines: 'Γραμμές',
  'Total paid': 'Πληρωτέο ποσό',
  'No receipts yet.': 'Δεν υπάρχουν ακόμη αποδείξεις.',
  'Download {{name}} as PDF': 'Λήψη του {{name}} σε PDF',
  PDF: 'PDF',
  From: 'Από',
  To: 'Έως',
  Amount: 'Ποσό',
  Total: 'Σύνολο',
  Kind: 'Είδος',
  Payer: 'Πελάτης',
  Document: 'Παραστατικό',
  VAT: 'ΦΠΑ',
  'It waits until the document it cancels is registered with myDATA.':
    'Αναμένει να καταχωριστεί στο myDATA το παραστατικό που ακυρώνει.',
  'Invoicing details': 'Στοιχεία τιμολόγησης',
  'Legal name': 'Επωνυμία',
  'VAT number (ΑΦΜ)': 'ΑΦΜ',
  'Tax office (ΔΟΥ)': 'ΔΟΥ',
  Activity: 'Δραστηριότητα',
  'Branch (0 = head office)': 'Εγκατάσταση (0 = έδρα)',
  "E-mail each document's PDF to its payer":
    'Αποστολή του PDF κάθε παραστατικού στον πελάτη με email',
  'A Greek VAT number (ΑΦΜ) has 9 digits': 'Ο ελληνικός ΑΦΜ έχει 9 ψηφία',
};
