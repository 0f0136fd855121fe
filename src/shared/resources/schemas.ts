import { z } from 'zod';
import type { ResourceDefinition } from './types';

/**
 * Body schema of a create (required fields required) or an update (every field optional;
 * absent means unchanged). The server validates with it and the forms reuse it.
 */
export function writeSchema(resource: ResourceDefinition, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const field of resource.fields) {
    if (field.readOnly) continue;
    shape[field.name] =
      mode === 'create' && field.required ? field.schema : field.schema.optional();
  }
  return z.object(shape);
}
