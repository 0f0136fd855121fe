/**
 * The queries a chat event outdates for the role area: the unread count and the rooms list
 * (`['schools', id, role, 'messages', 'unseen' | 'chatrooms', …]`). Kept apart from chatApi so
 * that the area's socket code does not bring the chat screens along.
 */
export const isChatCountQuery = (key: readonly unknown[], schoolId: number): boolean =>
  key[0] === 'schools' &&
  key[1] === schoolId &&
  key[3] === 'messages' &&
  (key[4] === 'unseen' || key[4] === 'chatrooms');
