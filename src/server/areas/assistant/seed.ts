import type { ServerDeps } from '../../deps';
import { refreshIndex } from './passages';

// The demo's assistant: Athens has it on (its ai_chatbot_enabled setting, school/seed.ts) and
// answers from the chapters, tasks, lessons and announcements the other areas seed. Indexing
// them here, once, spares the first question of a fresh demo the wait.
export async function seedAssistantIndex(deps: ServerDeps): Promise<void> {
  const schools = await deps.db.selectFrom('schools').select('id').execute();
  for (const { id } of schools)
    await refreshIndex(deps.db, deps.dbKind, id, deps.now().toISOString());
}
