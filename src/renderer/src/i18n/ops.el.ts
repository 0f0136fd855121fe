/** Greek for running the school's server: a person's export and erasure, the audit log. */
export const opsGreek: Record<string, string> = {
  'Export personal data': 'Εξαγωγή προσωπικών δεδομένων',
  'The personal data was exported.': 'Τα προσωπικά δεδομένα εξήχθησαν.',
  'The person was erased.': 'Το πρόσωπο διαγράφηκε.',
  'Erase person': 'Διαγραφή προσώπου',
  'Erase this person?': 'Διαγραφή αυτού του προσώπου;',
  'Their name, contact details, photo, files and the texts they wrote are removed for good. Grades and absences stay, without their name; financial documents are kept as the law requires.':
    'Το όνομα, τα στοιχεία επικοινωνίας, η φωτογραφία, τα αρχεία και τα κείμενα που έγραψε αφαιρούνται οριστικά. Οι βαθμοί και οι απουσίες μένουν χωρίς όνομα· τα οικονομικά παραστατικά φυλάσσονται όπως ορίζει ο νόμος.',
  'Type {{word}} to confirm': 'Πληκτρολογήστε {{word}} για επιβεβαίωση',
  Erase: 'Διαγραφή',
  'Audit log': 'Αρχείο ενεργειών',
  'Filter the audit log': 'Φίλτρα αρχείου ενεργειών',
  'Record type': 'Είδος εγγραφής',
  'Person: {{name}}': 'Πρόσωπο: {{name}}',
  'Show everyone': 'Όλα τα πρόσωπα',
  'No entries match these filters.': 'Καμία εγγραφή δεν ταιριάζει με αυτά τα φίλτρα.',
  Action: 'Ενέργεια',
  Who: 'Ποιος',
  System: 'Σύστημα',
  'as {{name}}': 'ως {{name}}',
};
