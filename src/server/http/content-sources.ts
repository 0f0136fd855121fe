import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { embedPagesSetting } from '../../shared/api/school';
import type { Database } from '../db/schema';

/** Origins outside our own that the web app's pages may show, read from configuration. */
export interface ContentOrigins {
  /** Images: absolute logo and login-image links of schools and white labels, and Jitsi. */
  images: string[];
  /** Frames: the schools' embedded pages, and Jitsi. */
  frames: string[];
  /** Scripts: Jitsi's IFrame API (external_api.js), which the web call window loads. */
  scripts?: string[];
}

export interface ContentSources {
  /** The current origins; reads the database first when they are stale or were invalidated. */
  current(): ContentOrigins | Promise<ContentOrigins>;
  /** Called after a write that may change them (school settings, logos), so the next page gets them. */
  invalidate(): void;
}

// Another API node's settings write reaches this node's pages within this time.
const REFRESH_MS = 60_000;

/** The origin of an absolute http(s) link, or null for a file name or anything else. */
export function originOfLink(link: string | null | undefined): string | null {
  if (!link || !/^https?:\/\//i.test(link)) return null;
  try {
    return new URL(link).origin;
  } catch {
    return null;
  }
}

/** `meet.example.org` (or with a port) as the https origin Jitsi's frame and images come from. */
export function jitsiOrigin(domain: string | null): string | null {
  return domain ? originOfLink(`https://${domain}`) : null;
}

const sortedUnique = (origins: (string | null)[]) =>
  [...new Set(origins.filter((origin): origin is string => origin !== null))].sort();

async function readOrigins(db: Kysely<Database>, jitsi: string | null): Promise<ContentOrigins> {
  // One row per school for each; `name` alone is not indexed, which a read a minute can afford.
  const [pages, schools, whiteLabels] = await Promise.all([
    db.selectFrom('settings').select('data').where('name', '=', 'embed_pages').execute(),
    db.selectFrom('schools').select('logo').where('logo', 'like', 'http%').execute(),
    db.selectFrom('white_labels').select(['logo', 'splash', 'login_img']).execute(),
  ]);
  const frames = pages.flatMap((row) => {
    let value: unknown;
    try {
      value = JSON.parse(row.data);
    } catch {
      return [];
    }
    const parsed = embedPagesSetting.safeParse(value);
    return parsed.success ? parsed.data.map((page) => originOfLink(page.url)) : [];
  });
  const images = [
    ...schools.map((row) => originOfLink(row.logo)),
    ...whiteLabels.flatMap((row) => [row.logo, row.splash, row.login_img].map(originOfLink)),
  ];
  return {
    images: sortedUnique([...images, jitsi]),
    frames: sortedUnique([...frames, jitsi]),
    scripts: sortedUnique([jitsi]),
  };
}

/**
 * The union of every school's configured origins, cached. One policy for all schools because
 * the web app is one document that moves between schools without reloading; a per-school
 * policy would block a school's frame after the user switched to it.
 */
export function createContentSources(options: {
  db: Kysely<Database>;
  jitsiDomain: string | null;
  clockMs: () => number;
  logger: FastifyBaseLogger;
}): ContentSources {
  const jitsi = jitsiOrigin(options.jitsiDomain);
  let cached: ContentOrigins | null = null;
  let readAt = Number.NEGATIVE_INFINITY;
  // Bumped by invalidate(): a read that started before a write may not count as fresh after it.
  let generation = 0;
  let reading: { generation: number; origins: Promise<ContentOrigins> } | null = null;

  const refresh = (): Promise<ContentOrigins> => {
    if (reading?.generation === generation) return reading.origins;
    const started = generation;
    const origins = readOrigins(options.db, jitsi)
      .then((read) => {
        if (started === generation) {
          cached = read;
          readAt = options.clockMs();
        }
        return read;
      })
      .catch((error: unknown) => {
        // Keep serving what we had (or Jitsi alone): a page must not fail over this. Try again
        // on the next request after REFRESH_MS.
        options.logger.warn({ err: error }, 'could not read the content origins');
        if (started === generation) readAt = options.clockMs();
        return (
          cached ?? {
            images: sortedUnique([jitsi]),
            frames: sortedUnique([jitsi]),
            scripts: sortedUnique([jitsi]),
          }
        );
      })
      .finally(() => {
        if (reading?.origins === origins) reading = null;
      });
    reading = { generation: started, origins };
    return origins;
  };

  return {
    current() {
      if (cached && options.clockMs() - readAt < REFRESH_MS) return cached;
      return refresh();
    },
    invalidate() {
      generation += 1;
      readAt = Number.NEGATIVE_INFINITY;
    },
  };
}
