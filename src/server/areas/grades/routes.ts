import type { FastifyInstance } from 'fastify';
import { gradeRecordEndpoints as records } from '../../../shared/api/gradeRecords';
import { gradeEndpoints as api } from '../../../shared/api/grades';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import { gradebookOf, gradesOfStudent, setSubPeriodState } from './service';
import { gradebooksOf, setRemark, studentRecordOf } from './records';
import { setEntries, setEntry } from './entries';
import {
  createCategory,
  createItem,
  removeCategory,
  removeItem,
  updateCategory,
  updateItem,
} from './structure';

/** The gradebook: the teacher's grid, items and categories, closing, students' and parents' views. */
export function gradeRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.gradebook, async ({ ctx, params, query }) =>
    gradebookOf(deps, await teachingCaller(deps, ctx), params.lesson_id, query.sub_period_id),
  );
  route(app, deps, api.setEntry, async ({ ctx, params, body }) =>
    setEntry(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      { lessonId: params.lesson_id, itemId: params.item_id, studentId: params.student_id },
      body,
    ),
  );
  route(app, deps, api.createItem, async ({ ctx, params, body }) =>
    createItem(deps, ctx, await teachingCaller(deps, ctx), params.lesson_id, body),
  );
  route(app, deps, api.updateItem, async ({ ctx, params, body }) =>
    updateItem(deps, ctx, await teachingCaller(deps, ctx), params.lesson_id, params.item_id, body),
  );
  route(app, deps, api.removeItem, async ({ ctx, params }) => {
    await removeItem(deps, ctx, await teachingCaller(deps, ctx), params.lesson_id, params.item_id);
    return null;
  });
  route(app, deps, api.createCategory, async ({ ctx, params, body }) =>
    createCategory(deps, ctx, await teachingCaller(deps, ctx), params.lesson_id, body),
  );
  route(app, deps, api.updateCategory, async ({ ctx, params, body }) =>
    updateCategory(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      params.lesson_id,
      params.category_id,
      body,
    ),
  );
  route(app, deps, api.removeCategory, async ({ ctx, params, query }) => {
    await removeCategory(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      params.lesson_id,
      params.category_id,
      query.move_items_to,
    );
    return null;
  });
  route(app, deps, api.subPeriodState, async ({ ctx, params, body }) =>
    setSubPeriodState(deps, ctx, params.sub_period_id, body.closed),
  );
  route(app, deps, api.myGrades, async ({ ctx, query }) =>
    gradesOfStudent(deps, await teachingCaller(deps, ctx), null, query.sub_period_id),
  );
  route(app, deps, records.gradebooks, async ({ ctx }) =>
    gradebooksOf(deps, await teachingCaller(deps, ctx)),
  );
  route(app, deps, records.studentRecord, async ({ ctx, params }) =>
    studentRecordOf(deps, await teachingCaller(deps, ctx), params.lesson_id, params.student_id),
  );
  route(app, deps, records.setEntries, async ({ ctx, params, body }) =>
    setEntries(deps, ctx, await teachingCaller(deps, ctx), params.lesson_id, body),
  );
  route(app, deps, records.setRemark, async ({ ctx, params, body }) =>
    setRemark(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      {
        lessonId: params.lesson_id,
        studentId: params.student_id,
        subPeriodId: params.sub_period_id,
      },
      body,
    ),
  );
  route(app, deps, api.childGrades, async ({ ctx, params, query }) =>
    gradesOfStudent(deps, await teachingCaller(deps, ctx), params.student_id, query.sub_period_id),
  );
}
