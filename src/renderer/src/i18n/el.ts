import { resourcesGreek } from './resources.el';
import { rulesGreek } from './rules.el';
import { editorGreek } from './editor.el';
import { accessGreek } from './access.el';
import { teachingGreek } from './teaching.el';
import { calendarGreek } from './calendar.el';
import { quizzesGreek } from './quizzes.el';
import { opsGreek } from './ops.el';
import { assessmentGreek } from './assessment.el';
import { taskBooksGreek } from './taskbooks.el';
import { filesProfileGreek } from './filesProfile.el';
import { lessonsGreek } from './lessons.el';
import { gradesGreek } from './grades.el';
import { reportsGreek } from './reports.el';
import { assistantGreek } from './assistant.el';
import { attendanceGreek } from './attendance.el';
import { notificationsGreek } from './notifications.el';
import { sessionsGreek } from './sessions.el';
import { invoicesGreek } from './invoices.el';
import { adminStartGreek } from './adminStart.el';
import { financeGreek } from './finance.el';
import { chatGreek } from './chat.el';
import { scormGreek } from './scorm.el';

/** Greek for every built-in text; keys are the English texts (a unit test checks coverage). */
export const greek: Record<string, string> = {
  // The resource screens' texts; the entries below win where both name a key.
  ...resourcesGreek,
  ...rulesGreek,
  ...editorGreek,
  ...accessGreek,
  ...teachingGreek,
  ...calendarGreek,
  ...quizzesGreek,
  ...opsGreek,
  ...assessmentGreek,
  ...taskBooksGreek,
  ...filesProfileGreek,
  ...lessonsGreek,
  ...gradesGreek,
  ...reportsGreek,
  ...assistantGreek,
  ...attendanceGreek,
  ...notificationsGreek,
  ...sessionsGreek,
  ...invoicesGreek,
  ...adminStartGreek,
  ...financeGreek,
  ...chatGreek,
  ...scormGreek,
  // Spec §5 and §8 messages (the zod schemas of src/shared carry the English ones).
  'Email is required!': 'Το email είναι υποχρεωτικό!',
  'Email must be max 320 characters': 'Το email πρέπει να έχει έως 320 χαρακτήρες',
  'Password is required!': 'Ο κωδικός είναι υποχρεωτικός!',
  'Please accept privacy policy': 'Παρακαλούμε αποδεχτείτε την πολιτική απορρήτου',
  'The password must be at least 8 characters': 'Ο κωδικός πρέπει να έχει τουλάχιστον 8 χαρακτήρες',
  'Wrong password Or Email': 'Λάθος κωδικός ή email',
  'Network Error': 'Σφάλμα δικτύου',
  'Network Error!': 'Σφάλμα δικτύου!',
  'Some error occurred. Please contact with administration':
    'Παρουσιάστηκε σφάλμα. Παρακαλούμε επικοινωνήστε με τη διαχείριση',
  'Nothing Found': 'Δεν βρέθηκε τίποτα',
  'No Data': 'Δεν υπάρχουν δεδομένα',
  exit_no_save: 'Έξοδος χωρίς αποθήκευση;',
  'Some changes you made will be lost': 'Κάποιες αλλαγές που κάνατε θα χαθούν',
  'Are you sure you want to delete this?':
    'Πρόκειται να διαγράψεις αυτό το αντικείμενο. Είσαι σίγουρος;',
  'Required Fields Are Missing': 'Λείπουν υποχρεωτικά πεδία',
  'Missing Required Fields!': 'Λείπουν υποχρεωτικά πεδία!',
  'Updated Successfully!': 'Ενημερώθηκε με επιτυχία!',
  'Could not create chat session': 'Δεν ήταν δυνατή η δημιουργία συνεδρίας συνομιλίας',
  'Too many attempts. Please try again later.': 'Πάρα πολλές προσπάθειες. Δοκιμάστε ξανά αργότερα.',

  // Sign-in screens
  'Sign in': 'Σύνδεση',
  'Signing in...': 'Σύνδεση...',
  Email: 'Email',
  Password: 'Κωδικός',
  'Remember me': 'Να με θυμάσαι',
  'Forgot your password?': 'Ξεχάσατε τον κωδικό σας;',
  'Show password': 'Εμφάνιση κωδικού',
  'Hide password': 'Απόκρυψη κωδικού',
  'Reset your password': 'Επαναφορά κωδικού',
  'We will send a link to reset your password to this address.':
    'Θα στείλουμε σε αυτή τη διεύθυνση έναν σύνδεσμο για να ορίσετε νέο κωδικό.',
  Reset: 'Επαναφορά',
  Cancel: 'Ακύρωση',
  'If the address belongs to an account, a reset link is on its way.':
    'Αν η διεύθυνση ανήκει σε λογαριασμό, ο σύνδεσμος επαναφοράς έχει σταλεί.',
  'Create your password': 'Δημιουργήστε τον κωδικό σας',
  'Choose a new password': 'Επιλέξτε νέο κωδικό',
  'New password': 'Νέος κωδικός',
  'At least 8 characters.': 'Τουλάχιστον 8 χαρακτήρες.',
  'I have read and accept the': 'Διάβασα και αποδέχομαι την',
  'privacy policy': 'πολιτική απορρήτου',
  'Privacy policy': 'Πολιτική απορρήτου',
  'Save password': 'Αποθήκευση κωδικού',
  'Your password has been saved. You can sign in now.':
    'Ο κωδικός σας αποθηκεύτηκε. Μπορείτε να συνδεθείτε.',
  Close: 'Κλείσιμο',
  Language: 'Γλώσσα',
  'Your school uses Mathema to organise lessons, online teaching, grades, absences, messages and payments. The school is the controller of your personal data; Mathema processes it on the school’s behalf.':
    'Το σχολείο σας χρησιμοποιεί το Mathema για την οργάνωση μαθημάτων, διαδικτυακής διδασκαλίας, βαθμών, απουσιών, μηνυμάτων και πληρωμών. Υπεύθυνος επεξεργασίας των προσωπικών σας δεδομένων είναι το σχολείο· το Mathema τα επεξεργάζεται για λογαριασμό του.',
  'We keep only what the school needs for these purposes: your name, contact details, the school records that concern you, and the messages and files you exchange on the platform.':
    'Κρατάμε μόνο όσα χρειάζεται το σχολείο για αυτούς τους σκοπούς: το όνομά σας, τα στοιχεία επικοινωνίας, τις σχολικές εγγραφές που σας αφορούν και τα μηνύματα και αρχεία που ανταλλάσσετε στην πλατφόρμα.',
  'Your data is not sold or shared for advertising. It is disclosed only to the school’s staff, to the people the school allows (for example a student’s guardians), and where the law requires it.':
    'Τα δεδομένα σας δεν πωλούνται ούτε κοινοποιούνται για διαφήμιση. Γνωστοποιούνται μόνο στο προσωπικό του σχολείου, στα πρόσωπα που επιτρέπει το σχολείο (για παράδειγμα στους κηδεμόνες ενός μαθητή) και όπου το απαιτεί ο νόμος.',
  'Data is kept for as long as you are a member of the school and for the periods the law sets for school and financial records; then it is deleted.':
    'Τα δεδομένα διατηρούνται όσο είστε μέλος του σχολείου και για τα διαστήματα που ορίζει ο νόμος για τα σχολικά και οικονομικά αρχεία· έπειτα διαγράφονται.',
  'You may ask the school to see, correct, export or erase your data, or object to its processing. You may also complain to the Hellenic Data Protection Authority.':
    'Μπορείτε να ζητήσετε από το σχολείο να δείτε, να διορθώσετε, να εξαγάγετε ή να διαγράψετε τα δεδομένα σας, ή να αντιταχθείτε στην επεξεργασία τους. Μπορείτε επίσης να υποβάλετε καταγγελία στην Αρχή Προστασίας Δεδομένων Προσωπικού Χαρακτήρα.',

  // Dashboard
  'Choose a school and role': 'Επιλέξτε σχολείο και ρόλο',
  'Your account has no school roles yet. Please contact your school.':
    'Ο λογαριασμός σας δεν έχει ακόμη ρόλο σε κάποιο σχολείο. Παρακαλούμε επικοινωνήστε με το σχολείο σας.',
  Roles: 'Ρόλοι',
  Admin: 'Διαχειριστής',
  Teacher: 'Καθηγητής',
  Student: 'Μαθητής',
  Client: 'Πελάτης',
  Logout: 'Αποσύνδεση',
  'Loading...': 'Φόρτωση...',

  // Shell
  'Main menu': 'Κύριο μενού',
  'Skip to content': 'Μετάβαση στο περιεχόμενο',
  Open: 'Άνοιγμα',
  'Open {{label}}': 'Άνοιγμα: {{label}}',
  'Clear selection': 'Καθαρισμός επιλογής',
  'Open menu': 'Άνοιγμα μενού',
  'Collapse menu': 'Σύμπτυξη μενού',
  'Expand menu': 'Ανάπτυξη μενού',
  Back: 'Πίσω',
  mocking: 'προσομοίωση',
  'Close impersonation': 'Τέλος προσομοίωσης',
  Notifications: 'Ειδοποιήσεις',
  unseen: 'νέες',
  'New notification': 'Νέα ειδοποίηση',
  'New notification from {{school}}': 'Νέα ειδοποίηση από {{school}}',
  'Get notified on this device when something new arrives, even with the app in the background.':
    'Λάβετε ειδοποίηση σε αυτή τη συσκευή όταν φτάνει κάτι νέο, ακόμη και με την εφαρμογή στο παρασκήνιο.',
  'Turn on notifications': 'Ενεργοποίηση ειδοποιήσεων',
  Messages: 'Μηνύματα',
  unread: 'μη αναγνωσμένα',
  '{{count}} unread': '{{count}} μη αναγνωσμένα',
  Tools: 'Εργαλεία',
  Calculator: 'Αριθμομηχανή',
  'Weather in Athens': 'Ο καιρός στην Αθήνα',
  'Profile menu': 'Μενού προφίλ',
  'Select role': 'Επιλογή ρόλου',
  Manual: 'Εγχειρίδιο',
  Search: 'Αναζήτηση',
  'Search notifications': 'Αναζήτηση ειδοποιήσεων',
  'Search chat rooms': 'Αναζήτηση συνομιλιών',
  Title: 'Τίτλος',
  Date: 'Ημερομηνία',
  Day: 'Ημέρα',
  Error: 'Σφάλμα',
  Stay: 'Παραμονή',
  Leave: 'Έξοδος',
  'Coming soon': 'Έρχεται σύντομα',
  'This part of Mathema is being prepared and will be available in an upcoming release.':
    'Αυτό το τμήμα του Mathema ετοιμάζεται και θα είναι διαθέσιμο σε επόμενη έκδοση.',
  'Embedded page': 'Ενσωματωμένη σελίδα',
  'Welcome, {{name}}': 'Καλώς ήρθατε, {{name}}',
  'Current period: {{name}} ({{start}} – {{end}})':
    'Τρέχουσα περίοδος: {{name}} ({{start}} – {{end}})',
  'No period has been set up yet.': 'Δεν έχει οριστεί ακόμη περίοδος.',
  Period: 'Περίοδος',
  current: 'τρέχουσα',

  // Calculator and weather
  Clear: 'Καθαρισμός',
  'Change sign': 'Αλλαγή προσήμου',
  Percent: 'Ποσοστό',
  Divide: 'Διαίρεση',
  Multiply: 'Πολλαπλασιασμός',
  Subtract: 'Αφαίρεση',
  Add: 'Πρόσθεση',
  Equals: 'Ίσον',
  'Decimal point': 'Υποδιαστολή',
  Thunder: 'Καταιγίδα',
  Snow: 'Χιόνι',
  Rain: 'Βροχή',
  Fog: 'Ομίχλη',
  Cloudy: 'Συννεφιά',
  'Partly cloudy': 'Λίγα σύννεφα',
  'Clear sky': 'Αίθριος',
  Forecast: 'Πρόγνωση',

  // Menus and screen titles
  Home: 'Αρχική',
  Clients: 'Πελάτες',
  Students: 'Μαθητές',
  Absences: 'Απουσίες',
  'Absences of a student': 'Απουσίες μαθητή',
  Teachers: 'Καθηγητές',
  Lessons: 'Μαθήματα',
  Lesson: 'Μάθημα',
  'Lesson templates': 'Πρότυπα μαθημάτων',
  Courses: 'Κύκλοι σπουδών',
  Course: 'Κύκλος σπουδών',
  Levels: 'Επίπεδα',
  Level: 'Επίπεδο',
  Periods: 'Περίοδοι',
  'Sub-period': 'Υποπερίοδος',
  Settings: 'Ρυθμίσεις',
  Announcements: 'Ανακοινώσεις',
  Announcement: 'Ανακοίνωση',
  'Pricing items': 'Χρεώσεις',
  'Pricing item': 'Χρέωση',
  Reports: 'Αναφορές',
  Report: 'Αναφορά',
  Buildings: 'Κτίρια',
  Building: 'Κτίριο',
  Transactions: 'Συναλλαγές',
  Transaction: 'Συναλλαγή',
  Suppliers: 'Προμηθευτές',
  Supplier: 'Προμηθευτής',
  Funds: 'Ταμεία',
  Fund: 'Ταμείο',
  Permissions: 'Δικαιώματα',
  'Permission group': 'Ομάδα δικαιωμάτων',
  Users: 'Χρήστες',
  User: 'Χρήστης',
  Tags: 'Ετικέτες',
  Tag: 'Ετικέτα',
  'New user': 'Νέος χρήστης',
  Session: 'Συνεδρία',
  'Session dashboard': 'Πίνακας συνεδρίας',
  Chat: 'Συνομιλία',
  Notification: 'Ειδοποίηση',
  'First steps': 'Πρώτα βήματα',
  Tasks: 'Εργασίες',
  Task: 'Εργασία',
  'Study guide': 'Οδηγός μελέτης',
  'Task book': 'Τετράδιο εργασιών',
  Quiz: 'Κουίζ',
  'New quiz': 'Νέο κουίζ',
  'Quiz answers': 'Απαντήσεις κουίζ',
  Calendar: 'Ημερολόγιο',
  Profile: 'Προφίλ',
  Chapters: 'Κεφάλαια',
  Chapter: 'Κεφάλαιο',
  Grades: 'Βαθμοί',
  Files: 'Αρχεία',
  School: 'Σχολείο',
  'SCORM packages': 'Πακέτα SCORM',
  'SCORM package': 'Πακέτο SCORM',
  Meetings: 'Συναντήσεις',
  Meeting: 'Συνάντηση',

  // Manual
  'Signing in': 'Σύνδεση',
  'Sign in with your email and password. If you forgot your password, choose “Forgot your password?” and follow the link we send you.':
    'Συνδεθείτε με το email και τον κωδικό σας. Αν ξεχάσατε τον κωδικό, επιλέξτε «Ξεχάσατε τον κωδικό σας;» και ακολουθήστε τον σύνδεσμο που θα σας στείλουμε.',
  'Choosing a school and role': 'Επιλογή σχολείου και ρόλου',
  'If you belong to more than one school, or hold more than one role, the dashboard lists them by role. Choose one to open it. Use “Select role” in the profile menu to switch later.':
    'Αν ανήκετε σε περισσότερα από ένα σχολεία ή έχετε περισσότερους από έναν ρόλους, ο πίνακας επιλογής τα δείχνει ανά ρόλο. Επιλέξτε ένα για να το ανοίξετε. Για να αλλάξετε αργότερα, χρησιμοποιήστε την «Επιλογή ρόλου» στο μενού προφίλ.',
  'Finding your way': 'Πλοήγηση',
  'The menu on the left lists the parts of the school you can use. On a wide screen it can be narrowed to icons; on a phone, open it with the menu button at the top left.':
    'Το μενού στα αριστερά δείχνει τα τμήματα του σχολείου που μπορείτε να χρησιμοποιήσετε. Σε μεγάλη οθόνη μπορεί να περιοριστεί σε εικονίδια· στο κινητό ανοίγει με το κουμπί μενού πάνω αριστερά.',
  'Notifications and messages': 'Ειδοποιήσεις και μηνύματα',
  'The bell shows notifications you have not seen yet; opening the list marks them as seen. The chat button opens your conversations.':
    'Το καμπανάκι δείχνει τις ειδοποιήσεις που δεν έχετε δει· με το άνοιγμα της λίστας σημειώνονται ως αναγνωσμένες. Το κουμπί συνομιλίας ανοίγει τις συζητήσεις σας.',
  'The tools menu in the top bar offers a calculator and the weather forecast for Athens.':
    'Το μενού εργαλείων στην επάνω μπάρα προσφέρει αριθμομηχανή και την πρόγνωση του καιρού για την Αθήνα.',
  'Working offline': 'Εργασία χωρίς σύνδεση',
  'The last data you saw stays available for seven days, so you can still read it when the connection drops. Changes need a connection.':
    'Τα τελευταία δεδομένα που είδατε μένουν διαθέσιμα για επτά ημέρες, ώστε να τα διαβάζετε και όταν χαθεί η σύνδεση. Οι αλλαγές χρειάζονται σύνδεση.',
};
