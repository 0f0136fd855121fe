import { z } from 'zod';
import { endpoint, type Endpoint } from '../api/endpoint';
import { idParam, schoolRoleParams } from '../api/school';
import { listQuerySchema } from './list-query';
import { recordSchema } from './record-schema';
import { writeSchema } from './schemas';
import type { ResourceDefinition } from './types';

const option = z.object({ id: z.number().int(), label: z.string() });

/** The endpoints the engine gives a declared resource (for the server and the OpenAPI document). */
export function resourceEndpoints(resource: ResourceDefinition) {
  const base = `/schools/:school_id/:role/${resource.name}`;
  const withId = schoolRoleParams.extend({ id: idParam });
  const title = resource.title.toLowerCase();
  const record = recordSchema(resource, true);
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      access: 'school-role',
      summary: `List ${title}: page, per_page (≤ 100), search, sort, order and filters.`,
      params: schoolRoleParams,
      query: listQuerySchema(resource),
      response: z.array(recordSchema(resource)),
      list: true,
    }),
    options: endpoint({
      method: 'GET',
      path: `${base}/options`,
      access: 'school-role',
      summary: `Up to 50 ${title} matching a search, as {id, label}.`,
      params: schoolRoleParams,
      query: z.object({ search: z.string().max(200).optional() }),
      response: z.array(option),
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      access: 'school-role',
      summary: `One ${resource.singular.toLowerCase()} with its links and their labels.`,
      params: withId,
      response: record,
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      access: 'school-role',
      summary: `Create a ${resource.singular.toLowerCase()}.`,
      params: schoolRoleParams,
      body: writeSchema(resource, 'create'),
      response: record,
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      access: 'school-role',
      summary: `Change a ${resource.singular.toLowerCase()} (also POST to the same path).`,
      params: withId,
      body: writeSchema(resource, 'update'),
      response: record,
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${base}/:id`,
      access: 'school-role',
      summary: `Delete a ${resource.singular.toLowerCase()}.`,
      params: withId,
      response: z.null(),
    }),
    export: endpoint({
      method: 'GET',
      path: `${base}/export`,
      access: 'school-role',
      summary: `Export ${title} as CSV or XLSX (format=csv|xlsx, list filters apply).`,
      params: schoolRoleParams,
      query: exportQuery(resource),
      response: z.null(),
    }),
    import: endpoint({
      method: 'POST',
      path: `${base}/import`,
      access: 'school-role',
      summary: `Import ${title} from a CSV or XLSX file (multipart "file"); commit=true writes.`,
      params: schoolRoleParams,
      query: z.object({ commit: z.enum(['true', 'false']).default('false') }),
      response: importResult,
    }),
  } satisfies Record<string, Endpoint>;
}

/** An export takes the list's filters, search and sort, and the file format. */
export const exportQuery = (resource: ResourceDefinition) =>
  z
    .object({ format: z.enum(['csv', 'xlsx']).default('csv') })
    .loose()
    .transform(({ format, ...rest }, context) => {
      const list = listQuerySchema(resource).safeParse({ ...rest, page: 1, per_page: 100 });
      if (list.success) return { format, list: list.data };
      for (const issue of list.error.issues) {
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    });

export const importResult = z.object({
  rows: z.array(
    z.object({
      row: z.number(),
      values: z.record(z.string(), z.unknown()),
      errors: z.record(z.string(), z.string()),
    }),
  ),
  valid: z.number(),
  invalid: z.number(),
  created: z.number(),
});
