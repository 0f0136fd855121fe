import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Answers a page address of the single-page app with its index.html. */
export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

// Hashed file names change with their content, so a browser may keep them for good; index.html
// names the current ones and must be asked for again each time.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

// Written by the build (scripts/route-preloads.ts): the chunks a signed-in area loads at once.
const ROUTE_PRELOADS_FILE = '.route-preloads.json';
const routePreloadsSchema = z.object({
  routes: z.array(z.object({ prefix: z.string(), files: z.array(z.string()) })),
});

// crossorigin as on the entry's own tags (Vite's), so that the later fetches match the hints.
const linkTo = (file: string) =>
  file.endsWith('.css')
    ? `<${file}>; rel=preload; as=style; crossorigin`
    : `<${file}>; rel=modulepreload; crossorigin`;

/** The Link header value for each prefix, longest first; none when the build wrote no table. */
function readRoutePreloads(webDir: string): { prefix: string; link: string }[] {
  const file = path.join(webDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(file)) return [];
  const { routes } = routePreloadsSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return routes
    .filter((route) => route.files.length > 0)
    .map((route) => ({
      prefix: route.prefix,
      link: route.files.map(linkTo).join(', '),
    }));
}

function indexPage(webDir: string): PageFallback {
  const preloads = readRoutePreloads(webDir);
  return (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A chunk that is not there (an old tab after an update) must fail as a missing file, not
    // load the page as a script.
    if (pathname.startsWith('/assets/'))
      return reply
        .code(404)
        .header('Cache-Control', REVALIDATE)
        .type('text/plain')
        .send('Not found');
    const link = preloads.find((route) => pathname.startsWith(route.prefix))?.link;
    // The browser starts on these while it is still fetching and running the entry script,
    // instead of discovering them only once the app renders the area.
    if (link) reply.header('Link', link);
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  };
}

/**
 * Serves the built web app from webDir, preferring the .br and .gz copies the build wrote
 * (scripts/precompress.ts) when the browser accepts them. Resolves to the fallback for page
 * addresses (index.html, with the preload hints of the address's area), or undefined when
 * webDir holds no built app.
 */
export async function serveWebApp(
  app: FastifyInstance,
  webDir: string,
): Promise<PageFallback | undefined> {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: webDir,
    // One route per built file, listed at start: a page address (/login) goes straight to the
    // fallback instead of probing the disk for .br, .gz and plain copies first.
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    // The build's dot files (.vite/manifest.json, .route-preloads.json) are for tools and for
    // this server, not for browsers.
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      reply.header(
        'Cache-Control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE,
      );
    },
  });
  const sendIndexPage = indexPage(webDir);
  app.get('/', sendIndexPage);
  return sendIndexPage;
}
