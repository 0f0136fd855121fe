/** Greek for the screens of accounts, access and sessions: users, invitations, not found. */
export const accessGreek: Record<string, string> = {
  'Full access': 'Πλήρης πρόσβαση',
  'Page not found': 'Η σελίδα δεν βρέθηκε',
  'There is no page at this address in this area.':
    'Δεν υπάρχει σελίδα σε αυτή τη διεύθυνση σε αυτόν τον χώρο.',
  'Go to the home page': 'Μετάβαση στην αρχική σελίδα',
  'Switch account?': 'Αλλαγή λογαριασμού;',
  'You are signed in as {{name}}. Continue as the other account?':
    'Έχετε συνδεθεί ως {{name}}. Συνέχεια με τον άλλο λογαριασμό;',
  'Your current session will end.': 'Η τρέχουσα σύνδεσή σας θα τερματιστεί.',
  'Stay signed in': 'Παραμονή',
  'Switch account': 'Αλλαγή λογαριασμού',
  'An invitation to a school': 'Πρόσκληση σε σχολείο',
  'Sign in first with the account the invitation was sent to.':
    'Συνδεθείτε πρώτα με τον λογαριασμό στον οποίο στάλθηκε η πρόσκληση.',
  'You joined {{school}}.': 'Εγγραφήκατε στο {{school}}.',
  'You joined the school.': 'Εγγραφήκατε στο σχολείο.',
  'Go to the dashboard': 'Μετάβαση στον πίνακα ελέγχου',
  'A school invites you to join it on Mathema.': 'Ένα σχολείο σας προσκαλεί στο Mathema.',
  'Signed in as {{name}}': 'Συνδεδεμένος ως {{name}}',
  'This invitation link is no longer valid: it has expired, was revoked or was already used, or it was sent to another account.':
    'Αυτός ο σύνδεσμος πρόσκλησης δεν ισχύει πλέον: έληξε, ανακλήθηκε ή χρησιμοποιήθηκε ήδη, ή στάλθηκε σε άλλον λογαριασμό.',
  'Accept the invitation': 'Αποδοχή της πρόσκλησης',
  // The users screen and its invitations.
  Pending: 'Σε εκκρεμότητα',
  Accepted: 'Αποδεκτή',
  Revoked: 'Ανακλήθηκε',
  Expired: 'Έληξε',
  'The invitation was revoked: its link no longer works.':
    'Η πρόσκληση ανακλήθηκε: ο σύνδεσμός της δεν λειτουργεί πλέον.',
  'Revoke the invitation of {{email}}': 'Ανάκληση της πρόσκλησης του {{email}}',
  Revoke: 'Ανάκληση',
  'Sent {{sent}}, expires {{expires}}': 'Στάλθηκε {{sent}}, λήγει {{expires}}',
  Invitations: 'Προσκλήσεις',
  Role: 'Ρόλος',
  Sent: 'Στάλθηκε',
  Expires: 'Λήγει',
  Status: 'Κατάσταση',
  Pages: 'Σελίδες',
  Previous: 'Προηγούμενη',
  'Page {{page}} of {{pages}}': 'Σελίδα {{page}} από {{pages}}',
  'Revoke this invitation?': 'Ανάκληση αυτής της πρόσκλησης;',
  'The link mailed to {{email}} will stop working. You can invite again later.':
    'Ο σύνδεσμος που στάλθηκε στο {{email}} θα σταματήσει να λειτουργεί. Μπορείτε να προσκαλέσετε ξανά αργότερα.',
  'Only an admin with full access changes permission groups.':
    'Μόνο ένας διαχειριστής με πλήρη πρόσβαση αλλάζει τις ομάδες δικαιωμάτων.',
  "Every right in this school. Without it, an admin has only their permission groups' rights.":
    'Όλα τα δικαιώματα σε αυτό το σχολείο. Χωρίς αυτήν, ένας διαχειριστής έχει μόνο τα δικαιώματα των ομάδων του.',
  'Groups: {{names}}': 'Ομάδες: {{names}}',
  'No permission group: no rights': 'Καμία ομάδα δικαιωμάτων: κανένα δικαίωμα',
  'Delete {{name}}': 'Διαγραφή: {{name}}',
  'Roles and access': 'Ρόλοι και πρόσβαση',
  Accounts: 'Λογαριασμοί',
};
