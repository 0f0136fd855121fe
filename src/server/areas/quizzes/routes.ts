import type { FastifyInstance } from 'fastify';
import { quizEndpoints as api } from '../../../shared/api/quizzes';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import { readAttempt, saveAttemptAnswer, startAttempt, submitOwnAttempt } from './attempts';
import { reviewQuiz, scoreAnswer } from './review';
import { changeQuiz, childQuizList, createQuiz, quizDetail, quizList, removeQuiz } from './service';

const listOptions = (query: {
  page: number;
  per_page: number;
  search?: string;
  lesson_id?: number;
  sort: 'opens_at' | 'closes_at' | 'title';
  order: 'asc' | 'desc';
}) => ({
  page: query.page,
  perPage: query.per_page,
  search: query.search,
  lessonId: query.lesson_id,
  sort: query.sort,
  order: query.order,
});

/** Quizzes, taking them, the teacher's review and grading, and a parent's view. */
export function quizRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    quizList(deps, await teachingCaller(deps, ctx), listOptions(query)),
  );
  route(app, deps, api.get, async ({ ctx, params }) =>
    quizDetail(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.create, async ({ ctx, body }) => {
    const caller = await teachingCaller(deps, ctx);
    return quizDetail(deps, caller, await createQuiz(deps, ctx, caller, body));
  });
  route(app, deps, api.update, async ({ ctx, params, body }) => {
    const caller = await teachingCaller(deps, ctx);
    await changeQuiz(deps, ctx, caller, params.id, body);
    return quizDetail(deps, caller, params.id);
  });
  route(app, deps, api.remove, async ({ ctx, params }) => {
    await removeQuiz(deps, ctx, await teachingCaller(deps, ctx), params.id);
    return null;
  });
  route(app, deps, api.review, async ({ ctx, params }) =>
    reviewQuiz(deps, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.start, async ({ ctx, params }) =>
    startAttempt(deps, ctx, await teachingCaller(deps, ctx), params.id),
  );
  route(app, deps, api.attempt, async ({ ctx, params }) =>
    readAttempt(deps, await teachingCaller(deps, ctx), params.id, params.attempt_id),
  );
  route(app, deps, api.answer, async ({ ctx, params, body }) =>
    saveAttemptAnswer(
      deps,
      await teachingCaller(deps, ctx),
      params.id,
      params.attempt_id,
      params.question_id,
      body.answer,
    ),
  );
  route(app, deps, api.submit, async ({ ctx, params }) =>
    submitOwnAttempt(deps, ctx, await teachingCaller(deps, ctx), params.id, params.attempt_id),
  );
  route(app, deps, api.score, async ({ ctx, params, body }) =>
    scoreAnswer(
      deps,
      ctx,
      await teachingCaller(deps, ctx),
      params.id,
      params.attempt_id,
      params.question_id,
      body,
    ),
  );
  route(app, deps, api.childQuizzes, async ({ ctx, params, query }) =>
    childQuizList(deps, await teachingCaller(deps, ctx), params.id, listOptions(query)),
  );
}
