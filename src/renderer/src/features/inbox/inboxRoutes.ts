import type { Endpoint, inboxEndpoints } from '../../../../shared/api';
import type { EndpointRoute } from '../../api/client';

// The inbox's calls as method and path only (like api/schoolRoutes.ts): the top bar's counts are
// on every area's first screen, and the shared table's schemas would bring zod along.
// tests/renderer/accountRoutes.test.ts holds them equal to the shared endpoint table.
const route = <E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> => ({
  method,
  path,
});

type Inbox = typeof inboxEndpoints;

export const inboxRoutes = {
  notifications: route<Inbox['notifications']>('GET', '/schools/:school_id/:role/notifications'),
  unseenNotifications: route<Inbox['unseenNotifications']>(
    'GET',
    '/schools/:school_id/:role/notifications/unseen',
  ),
  markNotificationsSeen: route<Inbox['markNotificationsSeen']>(
    'POST',
    '/schools/:school_id/:role/notifications/seen',
  ),
  unseenMessages: route<Inbox['unseenMessages']>(
    'GET',
    '/schools/:school_id/:role/messages/unseen',
  ),
  chatRooms: route<Inbox['chatRooms']>('GET', '/schools/:school_id/:role/messages/chatrooms'),
  notification: route<Inbox['notification']>(
    'GET',
    '/schools/:school_id/:role/notifications/:notification_id',
  ),
  markNotificationSeen: route<Inbox['markNotificationSeen']>(
    'POST',
    '/schools/:school_id/:role/notifications/:notification_id/seen',
  ),
};
