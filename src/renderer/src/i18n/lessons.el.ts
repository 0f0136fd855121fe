/** Greek for the lesson page and the teacher's lesson templates. */
export const lessonsGreek: Record<string, string> = {
  // The lesson page
  'About the lesson': 'Για το μάθημα',
  Class: 'Τάξη',
  'Every week': 'Κάθε εβδομάδα',
  Show: 'Προβολή',
  Quizzes: 'Κουίζ',
  Sessions: 'Συνεδρίες',
  Files: 'Αρχεία',
  'No sessions yet': 'Δεν υπάρχουν ακόμη συνεδρίες',
  File: 'Αρχείο',
  'Attached to': 'Συνημμένο σε',
  Size: 'Μέγεθος',
  // Lesson templates
  'Chapters ({{count}})': 'Κεφάλαια ({{count}})',
  'Tasks ({{count}})': 'Εργασίες ({{count}})',
  'No chapters in this template.': 'Το πρότυπο δεν έχει κεφάλαια.',
  'No tasks in this template.': 'Το πρότυπο δεν έχει εργασίες.',
  '{{points}} points, opens on day {{opens}}, due on day {{due}}':
    '{{points}} βαθμοί, ανοίγει την ημέρα {{opens}}, προθεσμία την ημέρα {{due}}',
  'Template material': 'Υλικό του προτύπου',
  'Name of the new lesson': 'Όνομα του νέου μαθήματος',
  'Starts on': 'Ξεκινά στις',
  'Task dates count from this day (today if empty).':
    'Οι ημερομηνίες των εργασιών μετρούν από αυτή την ημέρα (σήμερα, αν μείνει κενό).',
  'Create lesson': 'Δημιουργία μαθήματος',
  'The lesson {{name}} was created.': 'Το μάθημα {{name}} δημιουργήθηκε.',
  'Save as template': 'Αποθήκευση ως πρότυπο',
  '{{name}} (template)': '{{name}} (πρότυπο)',
  'Saved as the template {{name}}: {{chapters}} chapters, {{tasks}} tasks.':
    'Αποθηκεύτηκε ως πρότυπο {{name}}: {{chapters}} κεφάλαια, {{tasks}} εργασίες.',
  "The lesson's chapters and tasks are copied into a new template of the school; task dates become days from the first task's opening.":
    'Τα κεφάλαια και οι εργασίες του μαθήματος αντιγράφονται σε νέο πρότυπο του σχολείου· οι ημερομηνίες των εργασιών γίνονται ημέρες από το άνοιγμα της πρώτης εργασίας.',
  'Enter a number of minutes': 'Εισαγάγετε αριθμό λεπτών',
  'At most 600 minutes': 'Έως 600 λεπτά',
  'Another template of the school already has this name.':
    'Ένα άλλο πρότυπο του σχολείου έχει ήδη αυτό το όνομα.',
  'Choose a period of this school': 'Επιλέξτε μια περίοδο αυτού του σχολείου',
  'Choose a level of this school': 'Επιλέξτε ένα επίπεδο αυτού του σχολείου',
  'Choose lesson, chapter or task': 'Επιλέξτε μάθημα, κεφάλαιο ή εργασία',
  Edit: 'Επεξεργασία',
  'Edit chapter': 'Επεξεργασία κεφαλαίου',
  'Edit task': 'Επεξεργασία εργασίας',
  'Opens on day': 'Ανοίγει την ημέρα',
  'Due on day': 'Παράδοση την ημέρα',
  'Edit {{name}}': 'Επεξεργασία: {{name}}',
};
