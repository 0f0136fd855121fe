import type { Flag, Id, Instant, TableColumns } from '../../db/column-types';

// Table types of notification delivery (migration 036): an account's choices and devices.

export interface NotificationPreferencesTable {
  id: Id;
  user_id: number;
  kind: string;
  in_app: Flag;
  email: Flag;
  push: Flag;
  updated_at: Instant;
}

export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  /** The session it was made in: ending that session removes it. */
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Instant;
}

export interface NotificationDeliveryTables {
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
}

/** Every column of these tables, checked against the migrated database by a test. */
export const NOTIFICATION_DELIVERY_COLUMNS: TableColumns<NotificationDeliveryTables> = {
  notification_preferences: {
    id: true,
    user_id: true,
    kind: true,
    in_app: true,
    email: true,
    push: true,
    updated_at: true,
  },
  push_subscriptions: {
    id: true,
    user_id: true,
    session_id: true,
    endpoint: true,
    p256dh: true,
    auth: true,
    created_at: true,
  },
};
