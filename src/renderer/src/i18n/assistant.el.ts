/** Greek for the assistant: its buttons, chat modal and messages. */
export const assistantGreek: Record<string, string> = {
  '{{name}} Assistant': 'Βοηθός {{name}}',
  'What would you like to learn today?': 'Τι θα ήθελες να μάθεις σήμερα;',
  'Thinking...': 'Σκέφτομαι...',
  'Could not create chat session': 'Δεν ήταν δυνατή η δημιουργία συνομιλίας',
  Conversation: 'Συνομιλία',
  Sources: 'Πηγές',
  Chapter: 'Κεφάλαιο',
  Lesson: 'Μάθημα',
  Announcement: 'Ανακοίνωση',
  Task: 'Εργασία',
  Close: 'Κλείσιμο',
  Send: 'Αποστολή',
  'Your question': 'Η ερώτησή σου',
  'Ask about your lessons': 'Ρώτα κάτι για τα μαθήματά σου',
};
