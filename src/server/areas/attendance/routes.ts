import type { FastifyInstance } from 'fastify';
import { attendanceEndpoints as api } from '../../../shared/api/attendance';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import './notice';
import { attendanceCaller } from './policy';
import { absenceList, absencesOfStudent, justifyAbsence } from './absences';
import { registerOf, takeAttendance } from './service';

/** Registers of lessons, the office's absences and justifications. */
export function attendanceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.register, async ({ ctx, params }) =>
    registerOf(deps, await attendanceCaller(deps, ctx), params.lesson_id, params.date),
  );
  route(app, deps, api.take, async ({ ctx, params, body }) =>
    takeAttendance(
      deps,
      ctx,
      await attendanceCaller(deps, ctx),
      params.lesson_id,
      params.date,
      body,
    ),
  );
  route(app, deps, api.absences, async ({ ctx, query }) =>
    absenceList(deps, await attendanceCaller(deps, ctx), query),
  );
  route(app, deps, api.studentAbsences, async ({ ctx, params }) =>
    absencesOfStudent(deps, await attendanceCaller(deps, ctx), params.user_id),
  );
  route(app, deps, api.childAbsences, async ({ ctx, params }) =>
    absencesOfStudent(deps, await attendanceCaller(deps, ctx), params.student_id, true),
  );
  route(app, deps, api.justify, async ({ ctx, params, body }) =>
    justifyAbsence(
      deps,
      ctx,
      await attendanceCaller(deps, ctx),
      params.user_id,
      params.record_id,
      body,
    ),
  );
}
