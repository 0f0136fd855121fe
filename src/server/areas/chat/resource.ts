import type { ResourceHooks, SaveContext } from '../../resources/hooks';
import {
  announceMembershipChanges,
  syncLessonRoom,
  syncLessonRoomsOfMembership,
  type MembershipChange,
} from './lesson-rooms';

// Enrolment changes through the resources (a lesson's teachers and students, a student's or a
// teacher's lessons): chat keeps the lesson rooms in step in the same transaction, and moves
// the sockets once it has committed.

type AfterSave = NonNullable<ResourceHooks['afterSave']>;

const announceLater = (save: SaveContext, changes: MembershipChange[]) => {
  const schoolId = save.ctx.schoolId!;
  if (changes.length > 0)
    save.afterCommit.push(() => announceMembershipChanges(save.realtime, schoolId, changes));
};

const lessonSaved: AfterSave = async (save, id) => {
  const change = await syncLessonRoom(save.trx, save.ctx.schoolId!, id, save.nowIso);
  announceLater(save, change ? [change] : []);
};

const personSaved: AfterSave = async (save, id) => {
  announceLater(
    save,
    await syncLessonRoomsOfMembership(save.trx, save.ctx.schoolId!, id, save.nowIso),
  );
};

/** An area's hooks with chat's step after its own afterSave. */
function followedBy(hooks: ResourceHooks, step: AfterSave): ResourceHooks {
  const own = hooks.afterSave;
  return {
    ...hooks,
    async afterSave(save, id, values, created) {
      await own?.(save, id, values, created);
      await step(save, id, values, created);
    },
  };
}

export const withLessonRoom = (hooks: ResourceHooks) => followedBy(hooks, lessonSaved);
export const withPersonLessonRooms = (hooks: ResourceHooks) => followedBy(hooks, personSaved);
