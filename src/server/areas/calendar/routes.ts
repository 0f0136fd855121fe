import type { FastifyInstance } from 'fastify';
import { calendarEndpoints as api } from '../../../shared/api/calendar';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import { createFeed, dutiesBetween, eventsBetween, feedText, homeOf, revokeFeed } from './service';

/** The calendar, its private iCalendar feed, the study guide and each role's home. */
export function calendarRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.events, async ({ ctx, query }) =>
    eventsBetween(deps, await teachingCaller(deps, ctx), query.from, query.to),
  );
  route(app, deps, api.createFeed, async ({ ctx }) => createFeed(deps, ctx));
  route(app, deps, api.revokeFeed, async ({ ctx }) => {
    await revokeFeed(deps, ctx);
    return null;
  });
  route(app, deps, api.feed, async ({ params, reply }) => {
    const text = await feedText(deps, params.token);
    reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="mathema.ics"')
      .header('X-Content-Type-Options', 'nosniff');
    return (await reply.send(text)) as never;
  });
  route(app, deps, api.duties, async ({ ctx, query }) =>
    dutiesBetween(deps, await teachingCaller(deps, ctx), query.from, query.to),
  );
  route(app, deps, api.home, async ({ ctx, query }) =>
    homeOf(deps, await teachingCaller(deps, ctx), query.since),
  );
}
