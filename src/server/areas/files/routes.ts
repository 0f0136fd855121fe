import fsp from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { fileEndpoints as api, uploadFields } from '../../../shared/api/files';
import { fieldsOf } from '../../../shared/api/envelope';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { forbidden, notFound, validationError } from '../../http/errors';
import { route } from '../../http/route';
import { teachingCaller } from '../lessons/teaching-access';
import { assertAcceptedType, assertMayRemoveFile, uploadTarget } from './policy';
import { fileById, fileInSchool, insertFile } from './queries';
import { fileList, fileRefOf, removeFiles } from './service';
import { checkFileLink } from './signing';
import { isShownInline } from './sniff';
import { uploadedFileKey } from '../../files/object-store';
import { keepUpload, receiveUpload } from './storage';

/** The files list, uploads (spec §7 `POST …/files`), removal, and downloads through signed links. */
export function fileRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.list, async ({ ctx, query }) =>
    fileList(deps, await teachingCaller(deps, ctx), {
      page: query.page,
      perPage: query.per_page,
      type: query.type,
      entityId: query.entity_id,
      lessonId: query.lesson_id,
      search: query.search,
      sort: query.sort,
      order: query.order,
    }),
  );

  route(app, deps, api.upload, async ({ ctx, request }) => {
    const caller = await teachingCaller(deps, ctx);
    const upload = await receiveUpload(request, deps);
    try {
      // Spec §5: an upload needs file, type, entity_id (role and school are in the path).
      const fields = uploadFields.safeParse(upload.fields);
      if (!fields.success)
        throw validationError(fieldsOf(fields.error), fields.error.issues[0]?.message);
      assertAcceptedType(upload.sniffed);
      const target = await uploadTarget(deps, ctx, caller, fields.data.type, fields.data.entity_id);
      const key = await keepUpload(deps.storage, caller.schoolId, upload.tempPath);
      const nowIso = deps.now().toISOString();
      const row = await insertFile(deps.db, {
        school_id: caller.schoolId,
        lesson_id: target.lessonId,
        entity: target.entity,
        entity_id: target.entityId,
        storage_key: key,
        name: upload.name,
        content_type: upload.sniffed.contentType,
        size: upload.size,
        uploaded_by_user_id: caller.userId,
        created_at: nowIso,
      });
      await recordAudit(
        deps.db,
        ctx,
        {
          schoolId: caller.schoolId,
          action: 'create',
          entity: 'file',
          entityId: row.id,
          detail: { on: target.entity, id: target.entityId },
        },
        nowIso,
      );
      return fileRefOf(deps, row);
    } finally {
      // Gone already when kept; removed when refused.
      await fsp.rm(upload.tempPath, { force: true });
    }
  });

  route(app, deps, api.remove, async ({ ctx, params }) => {
    const caller = await teachingCaller(deps, ctx);
    const file = await fileInSchool(deps.db, caller.schoolId, params.id);
    if (!file) throw notFound('This file does not exist.');
    await assertMayRemoveFile(deps, ctx, caller, file);
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await removeFiles(trx, caller.schoolId, { ids: [file.id] }, now);
      await recordAudit(
        trx,
        ctx,
        { schoolId: caller.schoolId, action: 'delete', entity: 'file', entityId: file.id },
        now.toISOString(),
      );
    });
    return null;
  });

  route(app, deps, api.download, async ({ params, query, reply }) => {
    const now = deps.now();
    const check = checkFileLink(deps.config, params.id, query.expires, query.signature, now);
    if (check === 'expired')
      throw forbidden('This link has expired; open the page again for a new one.');
    if (check === 'invalid') throw forbidden('This link is not valid.');
    const file = await fileById(deps.db, params.id);
    const stored =
      file && (await deps.storage.get(uploadedFileKey(file.school_id, file.storage_key)));
    if (!file || !stored) throw notFound('This file does not exist any more.');
    const showInline = isShownInline(file.content_type);
    const disposition = showInline ? 'inline' : 'attachment';
    const encodedName = encodeURIComponent(file.name);
    reply
      // Markup and unknown types are only ever downloaded, never drawn as a page of ours.
      .header('Content-Type', showInline ? file.content_type : 'application/octet-stream')
      .header(
        'Content-Disposition',
        `${disposition}; filename="${asciiName(file.name)}"; filename*=UTF-8''${encodedName}`,
      )
      .header('Content-Length', String(stored.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
      )
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      // The link is the permission and it expires: a private cache may keep it that long.
      .header(
        'Cache-Control',
        `private, max-age=${Math.max(0, query.expires - Math.floor(now.getTime() / 1000))}`,
      );
    return (await reply.send(stored.stream)) as never;
  });
}

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
