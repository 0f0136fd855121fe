/** Greek for assessment: the gradebook, attendance and their school settings. */
export const assessmentGreek: Record<string, string> = {
  // School settings
  'Grades and absences': 'Βαθμοί και απουσίες',
  'Grading scale': 'Κλίμακα βαθμολογίας',
  '0 to 20': '0 έως 20',
  '0 to 10': '0 έως 10',
  '0 to 100': '0 έως 100',
  'Rounding of the sub-period grade': 'Στρογγυλοποίηση του βαθμού υποπεριόδου',
  'Whole numbers': 'Ακέραιοι',
  Halves: 'Μισές μονάδες',
  'One decimal': 'Ένα δεκαδικό',
  'Two decimals': 'Δύο δεκαδικά',
  'Students and parents see the sub-period grade':
    'Μαθητές και γονείς βλέπουν τον βαθμό υποπεριόδου',
  Immediately: 'Αμέσως',
  'At the end of the sub-period': 'Στο τέλος της υποπεριόδου',
  'Minutes before parents are told of an absence':
    'Λεπτά πριν ενημερωθούν οι γονείς για μια απουσία',
  'A correction within this time cancels the notice.':
    'Μια διόρθωση μέσα σε αυτό το διάστημα ακυρώνει την ειδοποίηση.',
  'Unjustified absences per lesson that warn the office and the parents':
    'Αδικαιολόγητες απουσίες ανά μάθημα που ειδοποιούν τη γραμματεία και τους γονείς',
  '0 turns the warning off.': 'Με 0 η ειδοποίηση απενεργοποιείται.',
};
