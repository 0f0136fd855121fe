import { z } from 'zod';

type WithoutDefaults<S extends z.ZodRawShape> = {
  [K in keyof S]: S[K] extends z.ZodDefault<infer Inner> ? Inner : S[K];
};

/**
 * The body of an update: every field of the create body optional, and none filled in.
 * zod fills a default even inside `.partial()`, so a create body's `published: false` default
 * would turn "change the title" into "change the title and unpublish".
 */
export function updateBodyOf<S extends z.ZodRawShape>(create: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([name, field]) => [
      name,
      field instanceof z.ZodDefault ? field.unwrap() : field,
    ]),
  ) as WithoutDefaults<S>;
  return z.object(shape).partial();
}
