/** Greek for notification delivery: the settings per kind and push on this device. */
export const notificationsGreek: Record<string, string> = {
  'Live sessions': 'Ζωντανά μαθήματα',
  'In the app': 'Στην εφαρμογή',
  'E-mail': 'E-mail',
  Push: 'Push',
  Kind: 'Είδος',
  'Notification settings': 'Ρυθμίσεις ειδοποιήσεων',
  'Choose how you hear of each kind of notification.':
    'Επιλέξτε πώς θα ενημερώνεστε για κάθε είδος ειδοποίησης.',
  '{{kind}}: {{channel}}': '{{kind}}: {{channel}}',
  'Push notifications are on for this device.':
    'Οι ειδοποιήσεις push είναι ενεργές σε αυτή τη συσκευή.',
  'Push notifications are off for this device.':
    'Οι ειδοποιήσεις push είναι ανενεργές σε αυτή τη συσκευή.',
  'This browser cannot receive push notifications.':
    'Αυτό το πρόγραμμα περιήγησης δεν μπορεί να λάβει ειδοποιήσεις push.',
  'This browser blocks notifications from Mathema; allow them in its settings.':
    'Αυτό το πρόγραμμα περιήγησης μπλοκάρει τις ειδοποιήσεις του Mathema· επιτρέψτε τες στις ρυθμίσεις του.',
  'The desktop app shows notifications itself.':
    'Η εφαρμογή υπολογιστή εμφανίζει μόνη της τις ειδοποιήσεις.',
  'Turn on push on this device': 'Ενεργοποίηση push σε αυτή τη συσκευή',
  'Turn off push on this device': 'Απενεργοποίηση push σε αυτή τη συσκευή',
};
