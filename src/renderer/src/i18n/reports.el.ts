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
};
