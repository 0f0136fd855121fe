import type { ObjectStore } from '../../files/object-store';
import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import { seedChatAttachment } from '../files/seed';
import type { Random } from '../../db/seed/random';
import { insertRoom } from './queries';
import { syncLessonRoom } from './lesson-rooms';

// Demo chat: every lesson's room (its teachers and students), a few weeks of talk in the demo
// teacher's lesson rooms, and direct conversations of the demo accounts with some unread (one
// message carrying a picture).

const LESSON_LINES: [by: 'teacher' | 'student', text: string][] = [
  ['teacher', 'Καλησπέρα σε όλους! Αύριο γράφουμε το διαγώνισμα στο κεφάλαιο 3.'],
  ['student', 'Κύριε, θα έχει και ασκήσεις από το 2ο κεφάλαιο;'],
  ['teacher', 'Μόνο τις βασικές: εξισώσεις πρώτου βαθμού και ανισώσεις.'],
  ['student', 'Ευχαριστούμε! Μπορούμε να φέρουμε κομπιουτεράκι;'],
  ['teacher', 'Ναι, απλό κομπιουτεράκι επιτρέπεται.'],
  ['student', 'Στην άσκηση 5 βγάζω x = 3/2, είναι σωστό;'],
  ['teacher', 'Σωστό! Θυμηθείτε να κάνετε επαλήθευση στο τέλος.'],
  ['student', 'Θα ανεβάσετε τις λύσεις της εργασίας;'],
  ['teacher', 'Τις ανέβασα στο κεφάλαιο «Ασκήσεις επανάληψης».'],
  ['student', 'Καλή εβδομάδα σε όλους!'],
];

export async function seedChat(
  db: SeedDb,
  storage: ObjectStore,
  random: Random,
  now: string,
  ids: {
    schools: number[];
    athens: number;
    demoLessons: number[];
    admin: number;
    teacher: number;
    student: number;
    parent: number;
    otherTeachers: number[];
  },
) {
  const base = Date.parse(now);
  const at = (minutesAgo: number) => new Date(base - minutesAgo * 60_000).toISOString();
  for (const schoolId of ids.schools) {
    const lessons = await db
      .selectFrom('lessons')
      .select('id')
      .where('school_id', '=', schoolId)
      .execute();
    for (const lesson of lessons) await syncLessonRoom(db, schoolId, lesson.id, at(60 * 24 * 30));
  }

  // History in the demo teacher's lesson rooms: the teacher and the room's students talking.
  for (const [index, lessonId] of ids.demoLessons.slice(0, 4).entries()) {
    const room = await db
      .selectFrom('chat_rooms')
      .select('id')
      .where('school_id', '=', ids.athens)
      .where('lesson_id', '=', lessonId)
      .executeTakeFirstOrThrow();
    const members = await db
      .selectFrom('chat_room_members')
      .select('user_id')
      .where('room_id', '=', room.id)
      .execute();
    const students = members.map((m) => m.user_id).filter((u) => u !== ids.teacher);
    if (students.length === 0) continue;
    const count = 6 + index * 2;
    const lines = Array.from({ length: count }, (_, i) => LESSON_LINES[i % LESSON_LINES.length]!);
    const messageIds = await insertReturningIds(
      db,
      'chat_messages',
      lines.map(([by, text], i) => ({
        school_id: ids.athens,
        room_id: room.id,
        user_id:
          by === 'teacher'
            ? ids.teacher
            : i === 5 && students.includes(ids.student)
              ? ids.student
              : random.pick(students),
        body: text,
        created_at: at((count - i) * 97 + index * 13),
      })),
    );
    // Everyone has read all but the last few; the demo student has some unread in each.
    const readUpTo = messageIds[Math.max(0, messageIds.length - 3)]!;
    await db
      .updateTable('chat_room_members')
      .set({ last_read_message_id: readUpTo })
      .where('room_id', '=', room.id)
      .execute();
    await db
      .updateTable('chat_room_members')
      .set({ last_read_message_id: messageIds[messageIds.length - 1]! })
      .where('room_id', '=', room.id)
      .where('user_id', '=', ids.teacher)
      .execute();
  }

  const direct = async (a: number, b: number, name: string, lines: [number, string][]) => {
    const roomId = await insertRoom(
      db,
      {
        schoolId: ids.athens,
        name,
        kind: 'direct',
        directKey: `${Math.min(a, b)}:${Math.max(a, b)}`,
        createdBy: a,
        nowIso: at(60 * 24 * 10),
      },
      [a, b],
    );
    const messageIds = await insertReturningIds(
      db,
      'chat_messages',
      lines.map(([by, body], i) => ({
        school_id: ids.athens,
        room_id: roomId,
        user_id: by,
        body,
        created_at: at((lines.length - i) * 45),
      })),
    );
    // Each side has read up to their own last message.
    for (const member of [a, b]) {
      const own = lines.map(([by], i) => (by === member ? messageIds[i]! : 0));
      await db
        .updateTable('chat_room_members')
        .set({ last_read_message_id: Math.max(...own) })
        .where('room_id', '=', roomId)
        .where('user_id', '=', member)
        .execute();
    }
    return { roomId, messageIds };
  };
  await direct(ids.teacher, ids.parent, 'Νίκος Παπαδάκης · Μαρία Γεωργίου', [
    [ids.parent, 'Καλησπέρα κύριε Παπαδάκη, η Σοφία θα λείψει την Πέμπτη λόγω γιατρού.'],
    [ids.teacher, 'Καλησπέρα σας, ευχαριστώ για την ενημέρωση. Θα της στείλω τις ασκήσεις.'],
    [ids.parent, 'Πώς τα πηγαίνει στα μαθηματικά αυτό το τρίμηνο;'],
    [ids.teacher, 'Πολύ καλά! Είναι συνεπής και συμμετέχει στο μάθημα.'],
  ]);
  const withStudent = await direct(ids.teacher, ids.student, 'Νίκος Παπαδάκης · Σοφία Γεωργίου', [
    [ids.student, 'Κύριε, δεν κατάλαβα την άσκηση 7 της εργασίας.'],
    [ids.teacher, 'Δοκίμασε να φέρεις όλους τους όρους με x στο ένα μέλος.'],
    [ids.teacher, 'Αν κολλήσεις, τη λύνουμε μαζί στο μάθημα.'],
  ]);
  // The teacher's hint came with a sketch.
  await seedChatAttachment(db, storage, {
    schoolId: ids.athens,
    roomId: withStudent.roomId,
    lessonId: null,
    messageId: withStudent.messageIds[1]!,
    uploaderUserId: ids.teacher,
    name: 'άσκηση-7-σχήμα.png',
    createdAt: at(90),
  });
  if (ids.otherTeachers[0])
    await direct(ids.teacher, ids.otherTeachers[0], 'Νίκος Παπαδάκης · συνάδελφος', [
      [ids.otherTeachers[0], 'Νίκο, μπορείς να με αντικαταστήσεις την Τρίτη στις 17:00;'],
      [ids.teacher, 'Ναι, κανένα πρόβλημα. Ποιο τμήμα είναι;'],
      [ids.otherTeachers[0], 'Το Β2, φυσική. Σου αφήνω σημειώσεις στο γραφείο.'],
    ]);
  await direct(ids.admin, ids.teacher, 'Ελένη Αλεξίου · Νίκος Παπαδάκης', [
    [ids.admin, 'Καλημέρα! Το πρόγραμμα εξετάσεων ανέβηκε στις ανακοινώσεις.'],
    [ids.teacher, 'Ευχαριστώ, το είδα.'],
  ]);
}
