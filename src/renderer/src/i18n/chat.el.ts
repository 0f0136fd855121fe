/** Greek for chat: the rooms list, a room, new conversations, and the server's chat messages. */
export const chatGreek: Record<string, string> = {
  'Message deleted': 'Το μήνυμα διαγράφηκε',
  'Delete message': 'Διαγραφή μηνύματος',
  'Delete this message for everyone in the room?':
    'Να διαγραφεί αυτό το μήνυμα για όλους στη συνομιλία;',
  'Seen by {{names}}': 'Το είδαν: {{names}}',
  'Load older messages': 'Παλαιότερα μηνύματα',
  'No messages yet. Say hello!': 'Δεν υπάρχουν ακόμη μηνύματα. Πείτε ένα γεια!',
  'No messages yet': 'Δεν υπάρχουν ακόμη μηνύματα',
  'Write a message': 'Γράψτε ένα μήνυμα',
  Send: 'Αποστολή',
  'You are moderating this room; only its members write here.':
    'Επιβλέπετε αυτή τη συνομιλία· γράφουν μόνο τα μέλη της.',
  '{{names}} is typing…': '{{names}} γράφει…',
  'Members: {{count}}': 'Μέλη: {{count}}',
  'New conversation': 'Νέα συνομιλία',
  'Search people': 'Αναζήτηση ατόμων',
  People: 'Άτομα',
  Conversation: 'Προσωπική',
  Group: 'Ομάδα',
  // The server's answers, shown as they come.
  'At most 2000 characters': 'Έως 2000 χαρακτήρες',
  'You are sending messages too fast; wait a moment.':
    'Στέλνετε μηνύματα πολύ γρήγορα· περιμένετε λίγο.',
  'This chat room does not exist.': 'Αυτή η συνομιλία δεν υπάρχει.',
  'Only the members of this room write in it.': 'Σε αυτή τη συνομιλία γράφουν μόνο τα μέλη της.',
  "You may delete only your own messages here; the lesson's teacher moderates.":
    'Εδώ διαγράφετε μόνο τα δικά σας μηνύματα· τη συνομιλία επιβλέπει ο καθηγητής του μαθήματος.',
  'You cannot start a conversation with this person.':
    'Δεν μπορείτε να ξεκινήσετε συνομιλία με αυτό το άτομο.',
  'This person is not in this school.': 'Αυτό το άτομο δεν ανήκει σε αυτό το σχολείο.',
  'Only the office makes chat rooms.': 'Συνομιλίες δημιουργεί μόνο η γραμματεία.',
  'This message does not exist.': 'Αυτό το μήνυμα δεν υπάρχει.',
};
