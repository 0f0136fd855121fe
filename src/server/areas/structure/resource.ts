import type { ResourceHooks } from '../../resources/hooks';

// The school's frame (periods, categories, courses): every member reads all of it.

export const schoolWideHooks: ResourceHooks = {
  scopes: { teacher: 'school', student: 'school', client: 'school' },
};

export const periodHooks: ResourceHooks = {
  ...schoolWideHooks,
  async afterSave(save, id, values) {
    if (!values.is_current) return;
    // One current period per school.
    await save.trx
      .updateTable('periods')
      .set({ is_current: 0 })
      .where('school_id', '=', save.ctx.schoolId!)
      .where('id', '!=', id)
      .execute();
  },
};
