/** Greek for the gradebook's screens: the teacher's grid and pages, students' and parents' grades. */
export const gradesGreek: Record<string, string> = {
  Absent: 'Απών',
  Excused: 'Δικαιολογημένη',
  Justified: 'Δικαιολογημένη',
  'All gradebooks': 'Όλα τα βαθμολόγια',
  'All sub-periods': 'Όλες οι υποπερίοδοι',
  'Before rounding: {{value}}': 'Πριν τη στρογγυλοποίηση: {{value}}',
  'Categories and weights': 'Κατηγορίες και βάρη',
  'Change grades and comments': 'Αλλαγή βαθμών και σχολίων',
  Closed: 'Κλειστή',
  'Closed: read-only': 'Κλειστή: μόνο για ανάγνωση',
  Comment: 'Σχόλιο',
  Complete: 'Πλήρες',
  'Each item counts within its category; the categories count by their weights.':
    'Κάθε βαθμός μετράει μέσα στην κατηγορία του· οι κατηγορίες μετράνε με τα βάρη τους.',
  'Enter a number.': 'Γράψτε έναν αριθμό.',
  Oral: 'Προφορικό',
  Test: 'Διαγώνισμα',
  Exam: 'Εξέταση',
  Gradebook: 'Βαθμολόγιο',
  Gradebooks: 'Βαθμολόγια',
  'Grades and comments of {{subPeriod}}': 'Βαθμοί και σχόλια: {{subPeriod}}',
  'Grades of {{lesson}}': 'Βαθμοί: {{lesson}}',
  'Grades of {{lesson}}, {{subPeriod}}': 'Βαθμοί: {{lesson}}, {{subPeriod}}',
  'Grades: {{lesson}}': 'Βαθμοί: {{lesson}}',
  Item: 'Βαθμολογούμενο',
  'No categories yet: items count once they are in one.':
    'Δεν υπάρχουν ακόμη κατηγορίες: οι βαθμοί μετράνε όταν ανήκουν σε μία.',
  'No category': 'Χωρίς κατηγορία',
  'No grades yet': 'Χωρίς βαθμούς ακόμη',
  'No grades yet.': 'Δεν υπάρχουν βαθμοί ακόμη.',
  'Open a lesson to enter its grades; each sub-period has its own gradebook.':
    'Ανοίξτε ένα μάθημα για να περάσετε βαθμούς· κάθε υποπερίοδος έχει το δικό της βαθμολόγιο.',
  'Save remark': 'Αποθήκευση παρατήρησης',
  'Sub-period grade': 'Βαθμός υποπεριόδου',
  'The sub-period grade is shown when the sub-period ends.':
    'Ο βαθμός της υποπεριόδου εμφανίζεται όταν τελειώσει η υποπερίοδος.',
  'This item is graded where it was set.': 'Αυτό βαθμολογείται εκεί όπου δόθηκε.',
  'This sub-period is read-only.': 'Αυτή η υποπερίοδος είναι μόνο για ανάγνωση.',
  "Teacher's remark": 'Παρατήρηση καθηγητή',
  "Teacher's remark (students and parents see it with the grade)":
    'Παρατήρηση καθηγητή (μαθητές και γονείς τη βλέπουν μαζί με τον βαθμό)',
  '{{count}} cells are not saved: select one to see why.':
    '{{count}} κελιά δεν αποθηκεύτηκαν: επιλέξτε ένα για να δείτε γιατί.',
  '{{count}} cells fell outside the grid.': '{{count}} κελιά έπεσαν έξω από τον πίνακα.',
  '{{count}} cells need a fix.': '{{count}} κελιά χρειάζονται διόρθωση.',
  '{{count}} values saved.': 'Αποθηκεύτηκαν {{count}} βαθμοί.',
  '{{filled}} of {{expected}} entered': '{{filled}} από {{expected}} περασμένοι',
  '{{name}} {{share}}%: {{average}}': '{{name}} {{share}}%: {{average}}',
  '{{student}} in {{lesson}}': '{{student}} στο μάθημα {{lesson}}',
  '{{student}}, {{item}} (out of {{max}})': '{{student}}, {{item}} (με άριστα {{max}})',
  '{{student}}: {{lesson}}, {{subPeriod}}': '{{student}}: {{lesson}}, {{subPeriod}}',
  'Type a value to enter it; Enter moves down, Tab across, Delete clears, Escape cancels. Paste a block from a spreadsheet at the selected cell. Values are on each item’s points.':
    'Πληκτρολογήστε για να περάσετε βαθμό· το Enter πάει κάτω, το Tab δεξιά, το Delete σβήνει, το Escape ακυρώνει. Επικολλήστε ένα μπλοκ από λογιστικό φύλλο στο επιλεγμένο κελί. Οι τιμές είναι στις μονάδες κάθε βαθμολογούμενου.',
  'Absences: {{absent}} ({{unjustified}} unjustified), late: {{late}}':
    'Απουσίες: {{absent}} ({{unjustified}} αδικαιολόγητες), καθυστερήσεις: {{late}}',
};
