import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { schoolAdminEndpoints as api, type UpdateSettingsBody } from '../../../shared/api/school';
import { recordAudit } from '../../audit/audit-log';
import type { ServerDeps } from '../../deps';
import { schoolFileKey } from '../../files/object-store';
import type { RequestContext } from '../../http/context';
import { validationError } from '../../http/errors';
import { route } from '../../http/route';
import { assertAdminMayWrite } from '../permissions/effective';
import { getSettings } from './service';

const LOGO_TYPES: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/svg+xml': '.svg',
};
const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Settings are admin-only, and within admins, governed by the 'settings' permission. */
const assertSettingsWriter = (deps: ServerDeps, ctx: RequestContext) =>
  assertAdminMayWrite(deps, ctx, 'settings', {
    notAdmin: 'Only admins change the school settings.',
    noPermission: 'You do not have permission to change the settings.',
  });

async function updateSettings(deps: ServerDeps, ctx: RequestContext, body: UpdateSettingsBody) {
  const schoolId = ctx.schoolId!;
  const nowIso = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    if (body.name)
      await trx
        .updateTable('schools')
        .set({ name: body.name })
        .where('id', '=', schoolId)
        .execute();
    for (const [name, value] of Object.entries(body.settings)) {
      if (value === undefined) continue;
      const isJson = typeof value !== 'string';
      const data = isJson ? JSON.stringify(value) : value;
      const updated = await trx
        .updateTable('settings')
        .set({ data, is_json: isJson ? 1 : 0 })
        .where('school_id', '=', schoolId)
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx
          .insertInto('settings')
          .values({ school_id: schoolId, name, data, is_json: isJson ? 1 : 0 })
          .execute();
      }
    }
    await recordAudit(
      trx,
      ctx,
      {
        schoolId,
        action: 'update',
        entity: 'settings',
        detail: { fields: [...(body.name ? ['name'] : []), ...Object.keys(body.settings)] },
      },
      nowIso,
    );
  });
}

export function schoolSettingsAdminRoutes(app: FastifyInstance, deps: ServerDeps): void {
  route(app, deps, api.updateSettings, async ({ ctx, body }) => {
    await assertSettingsWriter(deps, ctx);
    await updateSettings(deps, ctx, body);
    // Embedded pages name the origins the web app's CSP allows in frames.
    if (body.settings.embed_pages !== undefined) deps.contentSources.invalidate();
    return getSettings(deps, ctx.schoolId!);
  });

  route(app, deps, api.uploadLogo, async ({ ctx, request }) => {
    await assertSettingsWriter(deps, ctx);
    const file = request.isMultipart() ? await request.file() : undefined;
    const extension = file ? LOGO_TYPES[file.mimetype] : undefined;
    if (!file || !extension)
      throw validationError({ file: 'Choose a PNG, JPEG, WebP or SVG image' });
    const buffer = await file.toBuffer();
    if (buffer.length > LOGO_MAX_BYTES)
      throw validationError({ file: 'The image must be at most 2 MB' });
    const name = `school-${ctx.schoolId}-${crypto.randomBytes(6).toString('hex')}${extension}`;
    await deps.storage.put(schoolFileKey(name), buffer);
    await deps.db
      .updateTable('schools')
      .set({ logo: name })
      .where('id', '=', ctx.schoolId!)
      .execute();
    await recordAudit(
      deps.db,
      ctx,
      {
        schoolId: ctx.schoolId,
        action: 'update',
        entity: 'settings',
        detail: { fields: ['logo'] },
      },
      deps.now().toISOString(),
    );
    return { logo: name };
  });
}
