import type { FastifyInstance } from 'fastify';
import { lessonEndpoints as api } from '../../../shared/api/lessons';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { createLessonFromTemplate, saveLessonAsTemplate, templateMaterial } from './service';
import { teachingCaller } from './teaching-access';

/** Lesson templates' material and lessons made from them (the records are the engine's). */
export function lessonRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.templateMaterial, async ({ ctx, params }) =>
    templateMaterial(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.createFromTemplate, async ({ ctx, params, body }) =>
    createLessonFromTemplate(deps, ctx, await teachingCaller(deps, ctx), params.id, body),
  );
  route(app, deps, api.saveAsTemplate, async ({ ctx, params, body }) =>
    saveLessonAsTemplate(deps, ctx, await teachingCaller(deps, ctx), params.id, body),
  );
}
