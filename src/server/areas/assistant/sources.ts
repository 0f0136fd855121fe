import type { AiChatSource, AiSourceKind } from '../../../shared/api/assistant';
import type { Role } from '../../../shared/constants';

// Where a source of an answer opens, in the role area the chat was asked from (spec §2 routes).

export interface StoredSource {
  kind: AiSourceKind;
  id: number;
  name: string;
  lesson_id: number | null;
}

function screenOf(role: Role, source: StoredSource): string {
  const lesson = source.lesson_id ?? source.id;
  switch (role) {
    case 'student':
      return {
        chapter: `chapters/${source.id}`,
        task: `task/${source.id}`,
        lesson: `lesson/${lesson}`,
        announcement: `announcement/${source.id}`,
      }[source.kind];
    case 'teacher':
      return {
        chapter: `chapters/${source.id}`,
        task: `tasks/${source.id}`,
        lesson: `lesson/${lesson}`,
        announcement: `announcements/${source.id}`,
      }[source.kind];
    case 'admin':
      return source.kind === 'announcement' ? `announcements/${source.id}` : `lessons/${lesson}`;
    default:
      // A parent's area has no material screens: their children's page is where it shows.
      return 'students';
  }
}

export const sourceLink = (role: Role, schoolId: number, source: StoredSource): AiChatSource => ({
  id: source.id,
  name: source.name,
  kind: source.kind,
  url: `/${role}/${schoolId}/${screenOf(role, source)}`,
});
