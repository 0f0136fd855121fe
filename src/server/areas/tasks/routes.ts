import type { FastifyInstance } from 'fastify';
import { taskEndpoints as api } from '../../../shared/api/tasks';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import {
  changeTask,
  childTaskList,
  createTask,
  gradeSubmission,
  removeTask,
  saveSubmission,
  submissionsOfTask,
  taskDetail,
  taskList,
} from './service';

const listOptions = (query: {
  page: number;
  per_page: number;
  search?: string;
  lesson_id?: number;
  due_from?: string;
  sort: 'due_at' | 'title' | 'open_at';
  order: 'asc' | 'desc';
}) => ({
  page: query.page,
  perPage: query.per_page,
  search: query.search,
  lessonId: query.lesson_id,
  dueFrom: query.due_from,
  sort: query.sort,
  order: query.order,
});

/** Tasks, the students' work on them, grading, and a parent's view of a child's tasks. */
export function taskRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    taskList(deps, await teachingCaller(deps, ctx), listOptions(query)),
  );
  route(app, deps, api.get, async ({ ctx, params }) =>
    taskDetail(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.create, async ({ ctx, body }) => {
    const caller = await teachingCaller(deps, ctx);
    return taskDetail(deps, caller, await createTask(deps, ctx, caller, body));
  });
  route(app, deps, api.update, async ({ ctx, params, body }) => {
    const caller = await teachingCaller(deps, ctx);
    await changeTask(deps, ctx, caller, params.id, body);
    return taskDetail(deps, caller, params.id);
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await removeTask(deps, ctx, await teachingCaller(deps, ctx), params.id);
    return null;
  });
  route(app, deps, api.submissions, async ({ ctx, params, query }) =>
    submissionsOfTask(deps, await teachingCaller(deps, ctx), params.id, query.page, query.per_page),
  );
  route(app, deps, api.grade, async ({ ctx, params, body }) =>
    gradeSubmission(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      params.id,
      params.submission_id,
      body,
    ),
  );
  route(app, deps, api.submit, async ({ ctx, params, body }) =>
    saveSubmission(deps, ctx, await teachingCaller(deps, ctx), params.id, body),
  );
  route(app, deps, api.childTasks, async ({ ctx, params, query }) =>
    childTaskList(deps, await teachingCaller(deps, ctx), params.id, listOptions(query)),
  );
}
