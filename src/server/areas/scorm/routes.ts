import type { FastifyInstance } from 'fastify';
import { scormEndpoints as api } from '../../../shared/api/scorm';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import { servePackageFile } from './content';
import { deletePackage, packageList, packageView, updatePackage, uploadPackage } from './service';
import { commit, launch, learnersOf } from './tracking';

/** SCORM packages: the lists, upload, the player's launch and commits, reports, content. */
export function scormRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    packageList(deps, await teachingCaller(deps, ctx), {
      page: query.page,
      perPage: query.per_page,
      lessonId: query.lesson_id,
      sort: query.sort,
      order: query.order,
      studentId: query.student_id,
    }),
  );

  route(app, deps, api.get, async ({ ctx, params, query }) =>
    packageView(deps, await teachingCaller(deps, ctx), params.id, query.student_id),
  );

  route(app, deps, api.upload, async ({ ctx, request }) =>
    uploadPackage(deps, await teachingCaller(deps, ctx), ctx, request),
  );

  route(app, deps, api.update, async ({ ctx, params, body }) =>
    updatePackage(deps, await teachingCaller(deps, ctx), ctx, params.id, body),
  );

  route(app, deps, api.remove, async ({ ctx, params }) => {
    await deletePackage(deps, await teachingCaller(deps, ctx), ctx, params.id);
    return null;
  });

  route(app, deps, api.launch, async ({ ctx, params }) =>
    launch(deps, await teachingCaller(deps, ctx), params.id),
  );

  route(app, deps, api.commit, async ({ ctx, params, body }) =>
    commit(deps, await teachingCaller(deps, ctx), params.id, params.attempt_id, body.cmi),
  );

  route(app, deps, api.learners, async ({ ctx, params }) =>
    learnersOf(deps, await teachingCaller(deps, ctx), params.id),
  );

  route(app, deps, api.content, async ({ params, reply }) => {
    await servePackageFile(deps, reply, {
      id: params.id,
      expires: params.expires,
      signature: params.signature,
      path: params['*'],
    });
    return null as never;
  });
}
