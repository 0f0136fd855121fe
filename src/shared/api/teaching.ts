import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE } from '../constants';

// Pieces the teaching areas' contracts share (chapters, tasks, task books, calendar).

/** An instant as ISO-8601 UTC (DESIGN.md); stored and answered as `…Z` text. */
export const instant = z.iso
  .datetime({ offset: true, error: 'Enter a date and time (ISO-8601)' })
  .transform((value) => new Date(value).toISOString());

export const day = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/** What the caller may do with a record (abilities travel with records, house style 4). */
export const abilities = z.object({ update: z.boolean(), delete: z.boolean() });
export type Abilities = z.infer<typeof abilities>;

/** A list's query: paging, search, one lesson, a stated sort and its direction. */
export const teachingListQuery = <const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZE),
    search: z.string().trim().max(200).optional(),
    lesson_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    sort: z.enum(sorts, { error: `Sort by ${sorts.join(', ')}` }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: 'Choose asc or desc' }).default('asc'),
  });

/** A boolean that forms may send as text. */
export const flag = z.preprocess(
  (v) =>
    v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean({ error: 'Choose yes or no' }),
);

export const requiredTitle = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(200, 'This text is too long');

export const lessonIdField = z.coerce
  .number({ error: 'Choose the lesson' })
  .int()
  .positive('Choose the lesson')
  .max(2_147_483_647, 'Choose the lesson');
