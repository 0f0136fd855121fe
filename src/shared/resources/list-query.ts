import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';
import type { FieldDefinition, ResourceDefinition } from './types';

/** A list request after validation: paging, search, sort and the resource's filters. */
export interface ListRequest {
  page: number;
  per_page: number;
  search?: string;
  sort?: string;
  order: 'asc' | 'desc';
  filters: Record<string, (string | number | boolean)[]>;
}

const filterValue = (field: FieldDefinition) =>
  field.kind === 'boolean'
    ? z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')
    : field.kind === 'reference' || field.kind === 'references' || field.kind === 'integer'
      ? z.coerce.number().int()
      : z.string().max(200);

/** The query schema of a resource's list: paging, search, sort and its filterable fields. */
export function listQuerySchema(resource: ResourceDefinition) {
  const sortable = resource.fields.filter((f) => f.sortable).map((f) => f.name);
  const filterable = resource.fields.filter((f) => f.filterable);
  return z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
      search: z.string().trim().max(200).optional(),
      sort: z
        .string()
        .refine((s) => sortable.includes(s), { message: `Sort by one of: ${sortable.join(', ')}` })
        .optional(),
      order: z.enum(['asc', 'desc']).optional(),
      ...Object.fromEntries(
        filterable.map((f) => [
          f.name,
          z
            .string()
            .max(2000)
            .transform((text) => text.split(','))
            .pipe(z.array(filterValue(f) as z.ZodType<string | number | boolean, string>).max(100))
            .optional(),
        ]),
      ),
    })
    .transform(({ page, per_page, search, sort, order, ...filters }): ListRequest => ({
      page,
      per_page,
      search: search || undefined,
      sort: sort ?? resource.defaultSort.field,
      order: order ?? (sort ? 'asc' : resource.defaultSort.order),
      filters: Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined),
      ) as ListRequest['filters'],
    }));
}
