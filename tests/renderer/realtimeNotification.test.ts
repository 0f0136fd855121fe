import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../src/renderer/src/api/queryKeys';
import {
  isSchoolNotificationQuery,
  readNotificationEvent,
} from '../../src/renderer/src/api/realtimeNotification';
import { notificationAppRoute } from '../../src/renderer/src/features/inbox/notificationRoute';

const announcement = {
  school_id: 1,
  role: 'student',
  title: 'Trip',
  entity: 'announcements',
  entity_id: 12,
  lesson_id: 7,
};

describe('real-time notification events', () => {
  it('reads the payload the server sends', () => {
    expect(readNotificationEvent(announcement)).toEqual(announcement);
    expect(readNotificationEvent({ school_id: 1, title: 'Note' })).toEqual({
      school_id: 1,
      role: null,
      title: 'Note',
      entity: null,
      entity_id: null,
      lesson_id: null,
    });
    expect(readNotificationEvent({ ...announcement, role: 'janitor' })?.role).toBeNull();
  });

  it('ignores malformed payloads and unknown entities', () => {
    expect(readNotificationEvent(null)).toBeNull();
    expect(readNotificationEvent('notification')).toBeNull();
    expect(readNotificationEvent({ title: 'No school' })).toBeNull();
    expect(readNotificationEvent({ school_id: '1', title: 'Text id' })).toBeNull();
    expect(readNotificationEvent({ ...announcement, entity: 'rocket' })?.entity).toBeNull();
  });

  it("refreshes the school's unseen counts and lists in every role, and nothing else", () => {
    const refreshed = [
      queryKeys.unseenNotifications(1, 'student'),
      queryKeys.unseenNotifications(1, 'teacher'),
      queryKeys.notifications(1, 'student', ''),
      queryKeys.notifications(1, 'admin', 'trip'),
    ];
    const kept = [
      queryKeys.unseenNotifications(2, 'student'),
      queryKeys.unseenMessages(1, 'student'),
      queryKeys.chatRooms(1, 'student', ''),
      queryKeys.settings(1),
      queryKeys.account,
    ];
    for (const key of refreshed) expect(isSchoolNotificationQuery(key, 1)).toBe(true);
    for (const key of kept) expect(isSchoolNotificationQuery(key, 1)).toBe(false);
  });

  it("opens the entity's screen for the role, the list for the admin, nothing otherwise", () => {
    expect(notificationAppRoute('admin', 1, 'task', 3)).toBe('/admin/1/notifications');
    expect(notificationAppRoute('student', 1, null, null)).toBeUndefined();
    const { entity, entity_id } = readNotificationEvent(announcement)!;
    expect(notificationAppRoute('student', 1, entity, entity_id)).toBe(
      '/student/1/announcement/12',
    );
    expect(notificationAppRoute('teacher', 1, entity, entity_id)).toBe(
      '/teacher/1/announcements/12',
    );
    expect(notificationAppRoute('admin', 1, entity, entity_id)).toBe('/admin/1/announcements/12');
    expect(notificationAppRoute('client', 1, entity, entity_id)).toBe('/client/1/students');
  });
});
