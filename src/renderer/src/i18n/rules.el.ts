/** Greek for the wording of the server's rule issues (api/ruleIssueText.ts). */
export const rulesGreek: Record<string, string> = {
  'Another record of the school already has this value.':
    'Άλλη εγγραφή του σχολείου έχει ήδη αυτή την τιμή.',
  'Another record of the school already has {{value}}.':
    'Άλλη εγγραφή του σχολείου έχει ήδη την τιμή {{value}}.',
  'This choice does not exist in this school.': 'Αυτή η επιλογή δεν υπάρχει σε αυτό το σχολείο.',
  'This person is already in this list.': 'Αυτό το άτομο είναι ήδη σε αυτή τη λίστα.',
  '{{name}} is already in this list.': '{{name}}: ήδη σε αυτή τη λίστα.',
  'This account also belongs to another school or holds more than you may manage; ask its school or a full admin.':
    'Αυτός ο λογαριασμός ανήκει και σε άλλο σχολείο ή έχει περισσότερα από όσα μπορείτε να διαχειριστείτε· ρωτήστε το σχολείο του ή έναν διαχειριστή με πλήρη πρόσβαση.',
  'Another account already uses this email.': 'Άλλος λογαριασμός χρησιμοποιεί ήδη αυτό το email.',
  'Another account already uses {{email}}.': 'Άλλος λογαριασμός χρησιμοποιεί ήδη το {{email}}.',
  'Granting, changing or removing the admin role needs full access.':
    'Η απόδοση, αλλαγή ή αφαίρεση του ρόλου διαχειριστή χρειάζεται πλήρη πρόσβαση.',
  'The school would be left without an admin with full access.':
    'Το σχολείο θα έμενε χωρίς διαχειριστή με πλήρη πρόσβαση.',
  'A new admin cannot get more access than you hold.':
    'Ένας νέος διαχειριστής δεν μπορεί να πάρει περισσότερη πρόσβαση από όση έχετε.',
  'You cannot do this to your own account.': 'Δεν μπορείτε να το κάνετε στον δικό σας λογαριασμό.',
  'Only its author or the office may change this.':
    'Μόνο ο συντάκτης του ή η γραμματεία μπορεί να το αλλάξει.',
  'This record is used elsewhere and cannot be deleted.':
    'Αυτή η εγγραφή χρησιμοποιείται αλλού και δεν μπορεί να διαγραφεί.',
  'This record is used by {{count}} other records and cannot be deleted.':
    'Αυτή η εγγραφή χρησιμοποιείται από {{count}} άλλες εγγραφές και δεν μπορεί να διαγραφεί.',
  'You can do this only for lessons you teach.':
    'Μπορείτε να το κάνετε μόνο για μαθήματα που διδάσκετε.',
  'This task is not open yet.': 'Αυτή η εργασία δεν έχει ανοίξει ακόμη.',
  'This quiz is not open yet.': 'Αυτό το κουίζ δεν έχει ανοίξει ακόμη.',
  'This quiz opens on {{opens_at}}.': 'Αυτό το κουίζ ανοίγει στις {{opens_at}}.',
  'This quiz has closed.': 'Αυτό το κουίζ έχει κλείσει.',
  'You have used every attempt this quiz allows.':
    'Έχετε χρησιμοποιήσει όλες τις προσπάθειες που επιτρέπει αυτό το κουίζ.',
  'You have used every attempt this quiz allows ({{allowed}}).':
    'Έχετε χρησιμοποιήσει όλες τις προσπάθειες που επιτρέπει αυτό το κουίζ ({{allowed}}).',
  'This attempt is over: its answers can no longer change.':
    'Αυτή η προσπάθεια έληξε: οι απαντήσεις της δεν μπορούν πια να αλλάξουν.',
  'Only a submitted attempt can be graded.': 'Βαθμολογείται μόνο προσπάθεια που έχει υποβληθεί.',
  'Students have started this quiz: its questions can no longer change.':
    'Μαθητές έχουν ξεκινήσει αυτό το κουίζ: οι ερωτήσεις του δεν μπορούν πια να αλλάξουν.',
  'This task opens on {{open_at}}.': 'Αυτή η εργασία ανοίγει στις {{open_at}}.',
  'The due date has passed: handed-in work can no longer change.':
    'Η προθεσμία πέρασε: η εργασία που παραδόθηκε δεν μπορεί πια να αλλάξει.',
  'The due date has passed and this task does not accept late work.':
    'Η προθεσμία πέρασε και αυτή η εργασία δεν δέχεται εκπρόθεσμες παραδόσεις.',
  'This work is graded; your teacher may return it for another try.':
    'Η εργασία έχει βαθμολογηθεί· ο καθηγητής σας μπορεί να την επιστρέψει για νέα προσπάθεια.',
  'Only handed-in work can be graded or returned.':
    'Μόνο εργασία που παραδόθηκε μπορεί να βαθμολογηθεί ή να επιστραφεί.',
  'More points than the task is worth.': 'Περισσότεροι βαθμοί από όσους αξίζει η εργασία.',
  'This task is worth at most {{max}} points.': 'Αυτή η εργασία αξίζει το πολύ {{max}} βαθμούς.',
  "Each step must be a task or chapter of the book's lesson.":
    'Κάθε βήμα πρέπει να είναι εργασία ή κεφάλαιο του μαθήματος του βιβλίου.',
  'This kind of file is not accepted (programs and scripts).':
    'Αυτό το είδος αρχείου δεν γίνεται δεκτό (προγράμματα και σενάρια εντολών).',
  'This sub-period is closed: its grades are read-only until the office reopens it.':
    'Αυτή η υποπερίοδος έχει κλείσει: οι βαθμοί της δεν αλλάζουν μέχρι να την ανοίξει ξανά η γραμματεία.',
  'This item is graded where it was set (its quiz or task), not in the gradebook.':
    'Αυτό το στοιχείο βαθμολογείται εκεί όπου ορίστηκε (στο κουίζ ή στην εργασία του), όχι στο βαθμολόγιο.',
  'This value is outside the scale.': 'Αυτή η τιμή είναι εκτός κλίμακας.',
  'Enter a value from 0 to {{max}}.': 'Δώστε τιμή από 0 έως {{max}}.',
  'Enter at most two decimals.': 'Δώστε το πολύ δύο δεκαδικά ψηφία.',
  'Some students have more points than that: change their values first.':
    'Κάποιοι μαθητές έχουν περισσότερους βαθμούς: αλλάξτε πρώτα τις τιμές τους.',
  'Another category already collects these items.':
    'Άλλη κατηγορία συγκεντρώνει ήδη αυτά τα στοιχεία.',
  'The category "{{name}}" already collects these items.':
    'Η κατηγορία «{{name}}» συγκεντρώνει ήδη αυτά τα στοιχεία.',
  "This student is not on the lesson's roster.":
    'Αυτός ο μαθητής δεν είναι στο παρουσιολόγιο του μαθήματος.',
  'This file is larger than the server accepts.':
    'Αυτό το αρχείο είναι μεγαλύτερο από όσο δέχεται ο διακομιστής.',
  'This file is larger than {{max_mb}} MB, the most the server accepts.':
    'Αυτό το αρχείο είναι μεγαλύτερο από {{max_mb}} MB, το μέγιστο που δέχεται ο διακομιστής.',
};
