/** Greek for the SCORM screens: packages, upload, the player, the learners' report. */
export const scormGreek: Record<string, string> = {
  'The file is not a zip archive, or it is damaged.':
    'Το αρχείο δεν είναι αρχείο zip ή είναι κατεστραμμένο.',
  'The package has no imsmanifest.xml at its root: it is not a SCORM package.':
    'Το πακέτο δεν έχει imsmanifest.xml στη ρίζα του: δεν είναι πακέτο SCORM.',
  "The package's imsmanifest.xml cannot be read or names no launch file.":
    'Το imsmanifest.xml του πακέτου δεν διαβάζεται ή δεν ορίζει αρχείο έναρξης.',
  'The launch file the manifest names is not in the package.':
    'Το αρχείο έναρξης που ορίζει το manifest δεν υπάρχει στο πακέτο.',
  'The launch file the manifest names ({{path}}) is not in the package.':
    'Το αρχείο έναρξης που ορίζει το manifest ({{path}}) δεν υπάρχει στο πακέτο.',
  'The package has a path that would leave it (.., an absolute path or backslashes).':
    'Το πακέτο έχει διαδρομή που βγαίνει έξω από αυτό (.., απόλυτη διαδρομή ή ανάστροφες καθέτους).',
  'The package has a path that would leave it: {{path}}':
    'Το πακέτο έχει διαδρομή που βγαίνει έξω από αυτό: {{path}}',
  'The package contains a symbolic link, which is not accepted.':
    'Το πακέτο περιέχει συμβολικό σύνδεσμο, που δεν γίνεται δεκτός.',
  'The package contains a symbolic link: {{path}}':
    'Το πακέτο περιέχει συμβολικό σύνδεσμο: {{path}}',
  'The package is too large when unpacked.': 'Το πακέτο είναι πολύ μεγάλο όταν αποσυμπιεστεί.',
  'Unpacked, the package (or one of its files) is larger than {{max_mb}} MB.':
    'Αποσυμπιεσμένο, το πακέτο (ή ένα αρχείο του) ξεπερνά τα {{max_mb}} MB.',
  'The package has a file the server cannot read (encrypted or unknown compression).':
    'Το πακέτο έχει αρχείο που ο διακομιστής δεν μπορεί να διαβάσει (κρυπτογραφημένο ή άγνωστη συμπίεση).',
  SCORM: 'SCORM',
  Score: 'Βαθμολογία',
  'Time spent': 'Χρόνος',
  'Interactive material': 'Διαδραστικό υλικό',
  Attempts: 'Προσπάθειες',
  'Last played': 'Τελευταία φορά',
  Learners: 'Μαθητές',
  '{{count}} files': '{{count}} αρχεία',
  'Count the best score in the gradebook': 'Η καλύτερη βαθμολογία μετρά στο βαθμολόγιο',
  'Preview: nothing you do here is recorded.':
    'Προεπισκόπηση: τίποτα από όσα κάνετε δεν καταγράφεται.',
  'Close preview': 'Κλείσιμο προεπισκόπησης',
  Version: 'Έκδοση',
  Finished: 'Ολοκλήρωσαν',
  '{{done}} of {{count}}': '{{done}} από {{count}}',
  'Your progress could not be saved: {{reason}}': 'Η πρόοδός σας δεν αποθηκεύτηκε: {{reason}}',
  'Upload a SCORM package': 'Ανέβασμα πακέτου SCORM',
  'Title (optional)': 'Τίτλος (προαιρετικός)',
  "The package's own title": 'Ο τίτλος του πακέτου',
  'SCORM package (zip)': 'Πακέτο SCORM (zip)',
  'Uploading...': 'Ανέβασμα...',
  Upload: 'Ανέβασμα',
  'Not attempted': 'Δεν ξεκίνησε',
  Incomplete: 'Σε εξέλιξη',
  Completed: 'Ολοκληρώθηκε',
  Passed: 'Επιτυχία',
  Failed: 'Αποτυχία',
  '{{h}} h {{m}} min': '{{h}} ώ {{m}} λεπ.',
  '{{m}} min {{s}} s': '{{m}} λεπ. {{s}} δευτ.',
};
