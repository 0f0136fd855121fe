import type { FastifyInstance } from 'fastify';
import { taskBookEndpoints as api } from '../../../shared/api/taskbooks';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import {
  changeTaskBook,
  childTaskBookList,
  createTaskBook,
  removeTaskBook,
  taskBookDetail,
  taskBookList,
  taskBookProgress,
} from './service';

/** Task books: a lesson's unit of study, an ordered set of its tasks and chapters. */
export function taskBookRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    taskBookList(deps, await teachingCaller(deps, ctx), {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      lessonId: query.lesson_id,
      sort: query.sort,
      order: query.order,
    }),
  );
  route(app, deps, api.get, async ({ ctx, params }) =>
    taskBookDetail(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.create, async ({ ctx, body }) => {
    const caller = await teachingCaller(deps, ctx);
    return taskBookDetail(deps, caller, await createTaskBook(deps, ctx, caller, body));
  });
  route(app, deps, api.update, async ({ ctx, params, body }) => {
    const caller = await teachingCaller(deps, ctx);
    await changeTaskBook(deps, ctx, caller, params.id, body);
    return taskBookDetail(deps, caller, params.id);
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await removeTaskBook(deps, ctx, await teachingCaller(deps, ctx), params.id);
    return null;
  });
  route(app, deps, api.progress, async ({ ctx, params, query }) =>
    taskBookProgress(deps, await teachingCaller(deps, ctx), params.id, query.page, query.per_page),
  );
  route(app, deps, api.childList, async ({ ctx, params, query }) =>
    childTaskBookList(deps, await teachingCaller(deps, ctx), params.id, {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      lessonId: query.lesson_id,
      sort: query.sort,
      order: query.order,
    }),
  );
}
