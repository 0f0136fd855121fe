/** Greek for the reports: the screens and the server's report declarations (titles, columns, filters). */
export const reportsGreek: Record<string, string> = {
  'Attendance by lesson and month': 'Παρουσίες ανά μάθημα και μήνα',
  'Absences, late arrivals and excused absences of each lesson, per month.':
    'Απουσίες, καθυστερήσεις και δικαιολογημένες απουσίες κάθε μαθήματος, ανά μήνα.',
  'Marks taken': 'Καταγραφές',
  'Absence rate': 'Ποσοστό απουσιών',
  'Students over the absence threshold': 'Μαθητές πάνω από το όριο απουσιών',
  "Students whose unjustified absences in a lesson reached the school's threshold.":
    'Μαθητές των οποίων οι αδικαιολόγητες απουσίες σε ένα μάθημα έφτασαν το όριο του σχολείου.',
  'Unjustified absences': 'Αδικαιολόγητες απουσίες',
  Threshold: 'Όριο',
  'Last absence': 'Τελευταία απουσία',
  'Grades distribution': 'Κατανομή βαθμών',
  "How each lesson's sub-period grades spread over the scale, with the mean and the students below the pass mark.":
    'Πώς κατανέμονται οι βαθμοί υποπεριόδου κάθε μαθήματος στην κλίμακα, με τον μέσο όρο και τους μαθητές κάτω από τη βάση.',
  Mean: 'Μέσος όρος',
  'Below the pass mark': 'Κάτω από τη βάση',
  '50–64%': '50–64%',
  '65–79%': '65–79%',
  '80–92%': '80–92%',
  '93–100%': '93–100%',
  'Students at risk': 'Μαθητές σε κίνδυνο',
  'Students whose sub-period grade in a lesson is below the pass mark.':
    'Μαθητές με βαθμό υποπεριόδου κάτω από τη βάση σε ένα μάθημα.',
  'Pass mark': 'Βάση',
  'Below by': 'Απόσταση από τη βάση',
  'Enrolment by level and course': 'Εγγραφές ανά τάξη και κύκλο μαθημάτων',
  'Lessons, places taken and students of each level and course in a period.':
    'Μαθήματα, θέσεις και μαθητές κάθε τάξης και κύκλου μαθημάτων σε μια περίοδο.',
  'Places taken': 'Θέσεις',
  'Excused absences': 'Δικαιολογημένες απουσίες',
  'Students graded': 'Βαθμολογημένοι μαθητές',
  All: 'Όλα',
  Total: 'Σύνολο',
  'Total: {{count}}': 'Σύνολο: {{count}}',
  'Export to Excel': 'Εξαγωγή σε Excel',
  'Export to CSV': 'Εξαγωγή σε CSV',
  'Export to PDF': 'Εξαγωγή σε PDF',
  'Preparing the export…': 'Ετοιμάζεται η εξαγωγή…',
  'The export failed.': 'Η εξαγωγή απέτυχε.',
  'Ready: {{count}} rows.': 'Έτοιμο: {{count}} γραμμές.',
  'Chart of {{title}}; the table below holds the same figures.':
    'Γράφημα: {{title}}· ο πίνακας από κάτω έχει τα ίδια στοιχεία.',
  'Live sessions by lesson': 'Ζωντανά μαθήματα ανά μάθημα',
  "Sessions held and missed in each lesson, the hours held, the students' attendance and the recordings.":
    'Συνεδρίες που έγιναν και που χάθηκαν σε κάθε μάθημα, οι ώρες, η συμμετοχή των μαθητών και οι καταγραφές.',
  'Sessions planned': 'Προγραμματισμένες συνεδρίες',
  Missed: 'Χάθηκαν',
  'Hours held': 'Ώρες',
  'Students attending': 'Συμμετοχή μαθητών',
  'Income and expenses by month': 'Έσοδα και έξοδα ανά μήνα',
  'Income and expenses of each month by category, with the net result.':
    'Έσοδα και έξοδα κάθε μήνα ανά κατηγορία, με το καθαρό αποτέλεσμα.',
  'Outstanding balances by payer': 'Ανεξόφλητα υπόλοιπα ανά πληρωτή',
  'What each payer still owes today, by how many days the unpaid installments are overdue.':
    'Τι οφείλει σήμερα κάθε πληρωτής, κατά ημέρες καθυστέρησης των ανεξόφλητων δόσεων.',
  'Oldest due date': 'Παλαιότερη λήξη',
  'Not yet due': 'Δεν έχει λήξει',
  '1–30 days': '1–30 ημέρες',
  '31–60 days': '31–60 ημέρες',
  '61–90 days': '61–90 ημέρες',
  'Over 90 days': 'Πάνω από 90 ημέρες',
  Outstanding: 'Υπόλοιπο',
  'Fund balances': 'Υπόλοιπα ταμείων',
  'Opening balance, money in, money out and closing balance of each fund over the dates.':
    'Υπόλοιπο έναρξης, εισπράξεις, πληρωμές και υπόλοιπο λήξης κάθε ταμείου για τις ημερομηνίες.',
  'Opening balance': 'Υπόλοιπο έναρξης',
  'Money in': 'Εισπράξεις',
  'Money out': 'Πληρωμές',
  'Closing balance': 'Υπόλοιπο λήξης',
  'myDATA documents not yet accepted': 'Παραστατικά που δεν έγιναν ακόμη δεκτά στο myDATA',
  'Receipts and invoices without a MARK from myDATA, with their state and what stands in the way.':
    'Αποδείξεις και τιμολόγια χωρίς ΜΑΡΚ από το myDATA, με την κατάστασή τους και τι εμποδίζει.',
  'myDATA state': 'Κατάσταση myDATA',
  'What stands in the way': 'Τι εμποδίζει',
  'Being retried': 'Νέα προσπάθεια',
  Rejected: 'Απορρίφθηκε',
  "The school's invoicing details are incomplete":
    'Τα στοιχεία τιμολόγησης του σχολείου είναι ελλιπή',
  'myDATA is not set up on this server': 'Το myDATA δεν έχει ρυθμιστεί σε αυτόν τον διακομιστή',
  'Report cards': 'Έλεγχοι προόδου',
  'Report card': 'Έλεγχος προόδου',
  'Download the report cards of {{what}}': 'Λήψη των ελέγχων προόδου: {{what}}',
  Download: 'Λήψη',
  'A whole level at once': 'Μια ολόκληρη τάξη μαζί',
  'One PDF with a card per student of the level, each on its own pages.':
    'Ένα PDF με έναν έλεγχο για κάθε μαθητή της τάξης, καθένας στις δικές του σελίδες.',
  '{{level}} ({{count}} students)': '{{level}} ({{count}} μαθητές)',
  "Make the level's report cards": 'Δημιουργία των ελέγχων της τάξης',
  'Drawing the report cards…': 'Ετοιμάζονται οι έλεγχοι προόδου…',
  'The report cards could not be drawn.': 'Οι έλεγχοι προόδου δεν μπόρεσαν να δημιουργηθούν.',
  'Ready: {{count}} report cards.': 'Έτοιμοι: {{count}} έλεγχοι προόδου.',
  'Ready to download': 'Έτοιμοι για λήψη',
  '{{count}} report cards': '{{count}} έλεγχοι προόδου',
  "Each student's grade, absences and teacher's comment in every lesson of a sub-period, with the school's logo and colours.":
    'Ο βαθμός, οι απουσίες και το σχόλιο του εκπαιδευτικού σε κάθε μάθημα μιας υποπεριόδου, με το λογότυπο και τα χρώματα του σχολείου.',
  'The cards are written in English, the school language.':
    'Οι έλεγχοι γράφονται στα αγγλικά, τη γλώσσα του σχολείου.',
  'The cards are written in Greek, the school language.':
    'Οι έλεγχοι γράφονται στα ελληνικά, τη γλώσσα του σχολείου.',
  "One student's card is on the student's page.":
    'Ο έλεγχος ενός μαθητή βρίσκεται στη σελίδα του μαθητή.',
  "Each student's grades, absences and teachers' comments for a sub-period, as a PDF; a whole level at once.":
    'Βαθμοί, απουσίες και σχόλια των εκπαιδευτικών κάθε μαθητή για μια υποπερίοδο, σε PDF· και για ολόκληρη τάξη μαζί.',
  'Download the report card': 'Λήψη του ελέγχου προόδου',
};
