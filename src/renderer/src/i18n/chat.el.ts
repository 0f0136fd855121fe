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
  'Sent a file': 'Έστειλε αρχείο',
  'Files to send': 'Αρχεία προς αποστολή',
  'At most {{count}} files in one message': 'Έως {{count}} αρχεία σε ένα μήνυμα',
  'Up to {{count}} files, each up to {{size}}; programs and scripts are not accepted.':
    'Έως {{count}} αρχεία, το καθένα έως {{size}}· προγράμματα και σενάρια δεν γίνονται δεκτά.',
  'New group': 'Νέα ομάδα',
  'Name of the group': 'Όνομα της ομάδας',
  'Choose at least one member': 'Επιλέξτε τουλάχιστον ένα μέλος',
  'Members of {{name}}': 'Μέλη της ομάδας «{{name}}»',
  'Add people': 'Προσθήκη ατόμων',
  'Add {{name}}': 'Προσθήκη: {{name}}',
  '{{name}} was added.': 'Προστέθηκε: {{name}}.',
  '{{name}} was removed.': 'Αφαιρέθηκε: {{name}}.',
  'Remove member': 'Αφαίρεση μέλους',
  'Take {{name}} out of this group? They will no longer read it or receive its messages.':
    'Να αφαιρεθεί το μέλος {{name}} από την ομάδα; Δεν θα τη διαβάζει ούτε θα λαμβάνει τα μηνύματά της.',
  you: 'εσείς',
  // The server's answers, shown as they come.
  'At most 5 files in one message': 'Έως 5 αρχεία σε ένα μήνυμα',
  'You are attaching files too fast; wait a moment.':
    'Επισυνάπτετε αρχεία πολύ γρήγορα· περιμένετε λίγο.',
  'You have 10 files waiting in this room: send or remove them first.':
    'Έχετε 10 αρχεία σε αναμονή σε αυτή τη συνομιλία· στείλτε ή αφαιρέστε τα πρώτα.',
  'Some of these files are not waiting in this room any more; attach them again.':
    'Κάποια από αυτά τα αρχεία δεν είναι πια σε αναμονή εδώ· επισυνάψτε τα ξανά.',
  'Attach the files to this room again': 'Επισυνάψτε ξανά τα αρχεία σε αυτή τη συνομιλία',
  'A file of a sent message goes with the message: delete the message.':
    'Το αρχείο ενός σταλμένου μηνύματος φεύγει μαζί με το μήνυμα· διαγράψτε το μήνυμα.',
  'This file is only for the people of its chat room.':
    'Αυτό το αρχείο είναι μόνο για τα μέλη της συνομιλίας του.',
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
  "A lesson room's members are the lesson's teachers and students: change the lesson's enrolment.":
    'Μέλη της συνομιλίας ενός μαθήματος είναι οι καθηγητές και οι μαθητές του· αλλάξτε τις εγγραφές του μαθήματος.',
  "Only the office changes a group's members.": 'Τα μέλη μιας ομάδας τα αλλάζει μόνο η γραμματεία.',
  'This person is not a member of this room.':
    'Αυτό το άτομο δεν είναι μέλος αυτής της συνομιλίας.',
  'A group keeps at least one member.': 'Μια ομάδα κρατά τουλάχιστον ένα μέλος.',
  'Choose people of this school': 'Επιλέξτε άτομα αυτού του σχολείου',
  'Choose at least one person': 'Επιλέξτε τουλάχιστον ένα άτομο',
  'At most 100 people at a time': 'Έως 100 άτομα τη φορά',
};
