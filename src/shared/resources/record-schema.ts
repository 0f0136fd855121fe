import { z } from 'zod';
import type { FieldDefinition, ResourceDefinition } from './types';

/** How each kind of field travels in an answer (the write schemas say how it is sent). */
function answerSchema(field: FieldDefinition): z.ZodType {
  switch (field.kind) {
    case 'integer':
    case 'money':
    case 'reference':
      return z.number().int().nullable();
    case 'references':
      return z.array(z.number().int());
    case 'boolean':
      return z.boolean();
    default:
      return z.string().nullable();
  }
}

const abilities = z.object({ update: z.boolean(), delete: z.boolean() });
const option = z.object({ id: z.number().int(), label: z.string() });

/**
 * A record as the engine answers it: its fields (those hidden from the caller's role are
 * absent), the caller's abilities on it, and, in a single record, the labels of what it points at.
 */
export function recordSchema(resource: ResourceDefinition, detail = false) {
  const shape: Record<string, z.ZodType> = {
    id: z.number().int(),
    abilities,
  };
  for (const field of resource.fields) {
    if (field.kind === 'references' && !detail) continue;
    shape[field.name] = answerSchema(field).optional();
  }
  if (detail) shape.labels = z.record(z.string(), z.array(option)).optional();
  return z.looseObject(shape);
}
