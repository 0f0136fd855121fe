/** Greek for the calendar screen and its private iCalendar link. */
export const calendarGreek: Record<string, string> = {
  'Task due': 'Προθεσμία εργασίας',
  'Quiz closes': 'Λήξη κουίζ',
  Month: 'Μήνας',
  Week: 'Εβδομάδα',
  List: 'Λίστα',
  View: 'Προβολή',
  'Previous month': 'Προηγούμενος μήνας',
  'Previous week': 'Προηγούμενη εβδομάδα',
  'Next month': 'Επόμενος μήνας',
  'Next week': 'Επόμενη εβδομάδα',
  Legend: 'Υπόμνημα',
  'Nothing in these days.': 'Τίποτα αυτές τις ημέρες.',
  Time: 'Ώρα',
  Event: 'Γεγονός',
  'All day': 'Ολοήμερο',
  Subscribe: 'Συνδρομή',
  'A private link that adds your timetable and tasks due to the calendar on your phone or computer (Google, Outlook, Apple), kept up to date; anyone who has it can see them.':
    'Ένας ιδιωτικός σύνδεσμος που προσθέτει το πρόγραμμα και τις προθεσμίες των εργασιών σας στο ημερολόγιο του κινητού ή του υπολογιστή σας (Google, Outlook, Apple) και τα κρατά ενημερωμένα· όποιος τον έχει μπορεί να τα δει.',
  'Your private link': 'Ο ιδιωτικός σας σύνδεσμος',
  'Shown only once. Making a new link stops this one.':
    'Εμφανίζεται μόνο μία φορά. Ένας νέος σύνδεσμος σταματά αυτόν.',
  'Make a new link': 'Νέος σύνδεσμος',
  'Revoke the link': 'Ανάκληση του συνδέσμου',
  'Making a new link stops the one you made before.':
    'Ένας νέος σύνδεσμος σταματά αυτόν που φτιάξατε πριν.',
  'Revoke your calendar link?': 'Ανάκληση του συνδέσμου ημερολογίου;',
  'Calendars subscribed with it stop updating. You can make a new link at any time.':
    'Τα ημερολόγια που τον χρησιμοποιούν σταματούν να ενημερώνονται. Μπορείτε να φτιάξετε νέο σύνδεσμο όποτε θέλετε.',
  'Your private link is ready. Copy it now: it is shown only once.':
    'Ο ιδιωτικός σας σύνδεσμος είναι έτοιμος. Αντιγράψτε τον τώρα: εμφανίζεται μόνο μία φορά.',
  'The link was revoked: calendars that used it stop updating.':
    'Ο σύνδεσμος ανακλήθηκε: τα ημερολόγια που τον χρησιμοποιούσαν σταματούν να ενημερώνονται.',
  'The link was copied.': 'Ο σύνδεσμος αντιγράφηκε.',
  'Select the link and copy it yourself.': 'Επιλέξτε τον σύνδεσμο και αντιγράψτε τον.',
};
