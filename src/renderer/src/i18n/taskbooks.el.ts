/** Greek for the task books and the study guide. */
export const taskBooksGreek: Record<string, string> = {
  // Task books
  'Task books': 'Βιβλία εργασιών',
  'New task book': 'Νέο βιβλίο εργασιών',
  'You may read this task book but not change it.':
    'Μπορείτε να διαβάσετε αυτό το βιβλίο εργασιών αλλά όχι να το αλλάξετε.',
  Steps: 'Βήματα',
  'No steps yet.': 'Δεν υπάρχουν ακόμη βήματα.',
  'Add a task or chapter of the lesson': 'Προσθέστε εργασία ή κεφάλαιο του μαθήματος',
  'Add step': 'Προσθήκη βήματος',
  'Choose a step': 'Επιλέξτε βήμα',
  'Choose the lesson first': 'Επιλέξτε πρώτα το μάθημα',
  'Every task and chapter is in the book': 'Όλες οι εργασίες και τα κεφάλαια είναι στο βιβλίο',
  'Focus a step and press Alt+Up or Alt+Down to move it.':
    'Εστιάστε σε ένα βήμα και πατήστε Alt+Πάνω ή Alt+Κάτω για να το μετακινήσετε.',
  'Move up: {{title}}': 'Μετακίνηση πάνω: {{title}}',
  'Move down: {{title}}': 'Μετακίνηση κάτω: {{title}}',
  'Remove: {{title}}': 'Αφαίρεση: {{title}}',
  '{{title}} moved to place {{place}} of {{count}}':
    'Το «{{title}}» μετακινήθηκε στη θέση {{place}} από {{count}}',
  '{{title}} added as step {{place}}': 'Το «{{title}}» προστέθηκε ως βήμα {{place}}',
  '{{title}} removed': 'Το «{{title}}» αφαιρέθηκε',
  'Progress of the students': 'Πρόοδος των μαθητών',
  Progress: 'Πρόοδος',
  Done: 'Έγινε',
  'Not done': 'Δεν έγινε',
  '{{done}} of {{total}} ({{percent}}%)': '{{done}} από {{total}} ({{percent}}%)',
  // Study guide
  'Hide done': 'Απόκρυψη όσων έγιναν',
  Overdue: 'Εκπρόθεσμα',
  Tomorrow: 'Αύριο',
  'This week': 'Αυτή την εβδομάδα',
  Later: 'Αργότερα',
  'Done earlier': 'Έγιναν νωρίτερα',
  'Nothing to do. Well done!': 'Τίποτα για να κάνετε. Μπράβο!',
  'To hand in': 'Για παράδοση',
  'Work handed in': 'Παραδόθηκε',
  'To read': 'Για διάβασμα',
  'Quiz taken': 'Το κουίζ δόθηκε',
  'To take': 'Για συμπλήρωση',
};
