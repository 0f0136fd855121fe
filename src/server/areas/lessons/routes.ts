import type { FastifyInstance } from 'fastify';
import { lessonEndpoints as api } from '../../../shared/api/lessons';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { createLessonFromTemplate, saveLessonAsTemplate, templateMaterial } from './service';
import { teachingCaller } from './teaching-access';
import {
  removeTemplateItem,
  templateChapter,
  templateTask,
  updateTemplateChapter,
  updateTemplateTask,
} from './template-material';

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
  route(app, deps, api.templateChapter, async ({ ctx, params }) =>
    templateChapter(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.updateTemplateChapter, async ({ ctx, params, body }) =>
    updateTemplateChapter(deps, ctx, await teachingCaller(deps, ctx), params.id, body),
  );
  route(app, deps, api.removeTemplateChapter, async ({ ctx, params }) =>
    removeTemplateItem(deps, ctx, await teachingCaller(deps, ctx), 'chapter', params.id),
  );
  route(app, deps, api.templateTask, async ({ ctx, params }) =>
    templateTask(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.updateTemplateTask, async ({ ctx, params, body }) =>
    updateTemplateTask(deps, ctx, await teachingCaller(deps, ctx), params.id, body),
  );
  route(app, deps, api.removeTemplateTask, async ({ ctx, params }) =>
    removeTemplateItem(deps, ctx, await teachingCaller(deps, ctx), 'task', params.id),
  );
}
