import type { FastifyInstance } from 'fastify';
import { chapterEndpoints as api } from '../../../shared/api/chapters';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import {
  changeChapter,
  chapterDetail,
  chapterList,
  createChapter,
  markRead,
  removeChapter,
} from './service';

/** Chapters: a lesson's reading material (rich text, files), published or draft. */
export function chapterRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    chapterList(deps, await teachingCaller(deps, ctx), {
      page: query.page,
      perPage: query.per_page,
      search: query.search,
      lessonId: query.lesson_id,
      sort: query.sort,
      order: query.order,
    }),
  );
  route(app, deps, api.get, async ({ ctx, params }) =>
    chapterDetail(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.create, async ({ ctx, body }) => {
    const caller = await teachingCaller(deps, ctx);
    const id = await createChapter(deps, ctx, caller, body);
    return chapterDetail(deps, caller, id);
  });
  route(app, deps, api.update, async ({ ctx, params, body }) => {
    const caller = await teachingCaller(deps, ctx);
    await changeChapter(deps, ctx, caller, params.id, body);
    return chapterDetail(deps, caller, params.id);
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await removeChapter(deps, ctx, await teachingCaller(deps, ctx), params.id);
    return null;
  });
  route(app, deps, api.markRead, async ({ ctx, params }) =>
    markRead(deps, await teachingCaller(deps, ctx), params.id),
  );
}
