import { z } from 'zod';
import { failureEnvelope, okEnvelope } from '../../shared/api/envelope';
import type { Endpoint } from '../../shared/api/endpoint';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

/** OpenAPI 3 document generated from the same zod schemas that validate the calls. */
export function openApiDocument(endpoints: Endpoint[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const path = `/api${e.path.replace(/:([a-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['path', e.params],
      ['query', e.query],
    ] as const) {
      if (!schema) continue;
      const json = jsonSchema(schema, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(json.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (json.required ?? []).includes(name),
          schema: property,
        });
      }
    }
    const operation: Record<string, unknown> = {
      summary: e.summary,
      parameters,
      security: e.access === 'public' ? [] : [{ token: [] }],
      responses: {
        200: {
          description: 'Success',
          content: {
            'application/json': { schema: jsonSchema(okEnvelope(e.response, e.list), 'output') },
          },
        },
        default: {
          description: 'Failure',
          content: { 'application/json': { schema: jsonSchema(failureEnvelope, 'output') } },
        },
      },
    };
    if (e.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(e.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Mathema API', version },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Token' } } },
    paths,
  };
}
