import { insertReturningIds, type SeedDb } from '../../db/seed/batches';
import type { Random } from '../../db/seed/random';
import { demoNotificationsOfEveryKind } from '../notifications/seed';

/**
 * The demo users' inbox in Athens: unseen notifications of every kind, and chat rooms of
 * staff, parents and a class with their first messages.
 */
export async function seedInbox(
  db: SeedDb,
  random: Random,
  now: string,
  ids: {
    athens: number;
    admin: number;
    teacher: number;
    student: number;
    parent: number;
    otherTeachers: number[];
  },
) {
  const base = Date.parse(now);
  const at = (hoursAgo: number) => new Date(base - hoursAgo * 3_600_000).toISOString();
  const notification = (
    userId: number,
    role: string,
    title: string,
    entity: string | null,
    hoursAgo: number,
  ) => ({
    school_id: ids.athens,
    user_id: userId,
    role,
    title,
    body: null,
    entity,
    entity_id: null,
    created_at: at(hoursAgo),
    seen_at: null,
  });
  const adminTitles = [
    'New enrolment request',
    'Invoice sent to myDATA',
    'Payment received',
    'Teacher absence reported',
    'Room B2 booked',
    'Term 1 grades published',
    'New parent message',
    'Monthly report ready',
    'Announcement scheduled',
    'Lesson timetable changed',
    'Supplier invoice due',
    'Fund balance low',
  ];
  await insertReturningIds(db, 'notifications', [
    ...adminTitles.map((title, i) => notification(ids.admin, 'admin', title, null, i * 5 + 1)),
    ...(await demoNotificationsOfEveryKind(db, ids, at)),
    notification(ids.parent, 'client', 'Invoice for November', null, 12),
  ]);

  const room = async (name: string, members: number[]) => {
    const [roomId] = await insertReturningIds(db, 'chat_rooms', [
      { school_id: ids.athens, name, created_at: at(200) },
    ]);
    await insertReturningIds(
      db,
      'chat_room_members',
      members.map((userId) => ({
        school_id: ids.athens,
        room_id: roomId!,
        user_id: userId,
        last_read_message_id: 0,
      })),
    );
    return roomId!;
  };
  const staffRoom = await room("Teachers' room", [
    ids.admin,
    ids.teacher,
    ...ids.otherTeachers.slice(0, 4),
  ]);
  const parentsRoom = await room('Class A1 parents', [ids.teacher, ids.parent]);
  const studentRoom = await room('Mathematics A1', [ids.teacher, ids.student]);
  const message = (roomId: number, userId: number, body: string, hoursAgo: number) => ({
    school_id: ids.athens,
    room_id: roomId,
    user_id: userId,
    body,
    created_at: at(hoursAgo),
  });
  await insertReturningIds(db, 'chat_messages', [
    message(
      staffRoom,
      ids.otherTeachers[0]!,
      'Good morning! The projector in room A3 is fixed.',
      20,
    ),
    message(staffRoom, ids.teacher, 'Thanks! I will use it for the physics lab.', 19),
    message(staffRoom, ids.otherTeachers[1]!, 'Staff meeting moved to Thursday 14:00.', 4),
    message(parentsRoom, ids.teacher, 'Καλησπέρα σας, η εκδρομή είναι την Παρασκευή.', 10),
    message(parentsRoom, ids.parent, 'Ευχαριστούμε πολύ!', 9),
    message(studentRoom, ids.teacher, 'Remember to finish exercises 4–7 for Monday.', 6),
  ]);
}
