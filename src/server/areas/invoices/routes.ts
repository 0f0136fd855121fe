import type { FastifyInstance } from 'fastify';
import { invoiceEndpoints as api } from '../../../shared/api/invoices';
import type { ServerDeps } from '../../deps';
import { route } from '../../http/route';
import './document-mail';
import './outbox';
import { invoiceCaller } from './policy';
import {
  cancelDocument,
  createDocument,
  documentDetail,
  documentList,
  documentPdfFor,
  mydataReadiness,
  profileFor,
  resendDocument,
  updateProfile,
} from './service';

/** Receipts, invoices and their way to myDATA; the payer's own documents. */
export function invoiceRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    documentList(deps, await invoiceCaller(deps, ctx), query),
  );
  route(app, deps, api.readiness, async ({ ctx }) =>
    mydataReadiness(deps, await invoiceCaller(deps, ctx)),
  );
  route(app, deps, api.profile, async ({ ctx }) =>
    profileFor(deps, await invoiceCaller(deps, ctx)),
  );
  route(app, deps, api.updateProfile, async ({ ctx, body }) =>
    updateProfile(deps, ctx, await invoiceCaller(deps, ctx), body),
  );
  route(app, deps, api.detail, async ({ ctx, params }) =>
    documentDetail(deps, await invoiceCaller(deps, ctx), params.id),
  );
  route(app, deps, api.pdf, async ({ ctx, params, reply }) => {
    const { bytes, fileName } = await documentPdfFor(
      deps,
      await invoiceCaller(deps, ctx),
      params.id,
    );
    reply
      .header('Content-Type', 'application/pdf')
      .header(
        'Content-Disposition',
        `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .header('Cache-Control', 'no-store');
    return (await reply.send(bytes)) as never;
  });
  route(app, deps, api.create, async ({ ctx, body }) =>
    createDocument(deps, ctx, await invoiceCaller(deps, ctx), body),
  );
  route(app, deps, api.send, async ({ ctx, params }) =>
    resendDocument(deps, ctx, await invoiceCaller(deps, ctx), params.id),
  );
  route(app, deps, api.cancel, async ({ ctx, params, body }) =>
    cancelDocument(deps, ctx, await invoiceCaller(deps, ctx), params.id, body),
  );
}
