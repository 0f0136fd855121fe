import { z } from 'zod';
import { endpoint, type Endpoint } from '../api/endpoint';
import { idParam, schoolRoleParams } from '../api/school';
import { writeSchema } from './schemas';
import type { ResourceDefinition } from './types';

const record = z.record(z.string(), z.unknown());
const option = z.object({ id: z.number().int(), label: z.string() });

/** The endpoints the engine gives a declared resource (for the server and the OpenAPI document). */
export function resourceEndpoints(resource: ResourceDefinition) {
  const base = `/schools/:school_id/:role/${resource.name}`;
  const withId = schoolRoleParams.extend({ id: idParam });
  const title = resource.title.toLowerCase();
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      access: 'school-role',
      summary: `List ${title}: page, per_page (≤ 100), search, sort, order and filters.`,
      params: schoolRoleParams,
      response: z.array(record),
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
  } satisfies Record<string, Endpoint>;
}
