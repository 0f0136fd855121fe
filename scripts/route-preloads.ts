// A Vite plugin that writes .route-preloads.json: for each address prefix of a lazily loaded area,
// the chunks that area needs before it can render. The server names them in a Link header of the
// page, so that the browser fetches them alongside the entry instead of after running it.
import type { Plugin } from 'vite';

/** Where the server reads the table (a dot file, which the server does not send to browsers). */
export const ROUTE_PRELOADS_FILE = '.route-preloads.json';

export interface RoutePreloads {
  /** Longest prefixes first; each file is a path from the site's root ("/assets/…"). */
  routes: { prefix: string; files: string[] }[];
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * modulesByPrefix: address prefix -> source modules (relative to the renderer's root, e.g.
 * "src/features/admin/AdminArea.tsx") that a page under it imports lazily on its first render.
 * notBeforeFirstPaint: parts of module paths (e.g. "/node_modules/zod/") that no preloaded file
 * may hold; the build fails if one does, naming what brought it in. One static import in a
 * home's chunk is enough to put a library in front of every first paint (bench W5).
 */
export function routePreloads(
  modulesByPrefix: Record<string, string[]>,
  notBeforeFirstPaint: string[] = [],
): Plugin {
  return {
    name: 'mathema-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is typeof output & ChunkLike => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: ChunkLike, into: Set<string>) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const css of start.viteMetadata?.importedCss ?? []) into.add(css);
        for (const imported of start.imports) {
          const chunk = byFile.get(imported);
          if (chunk) closure(chunk, into);
        }
        return into;
      };
      // The entry's own files lead each list: on HTTP/1.1 a browser opens six connections per
      // server, and the entry must not wait behind the area's chunks for one of them.
      const entry = new Set<string>();
      for (const chunk of chunks.filter((c) => c.isEntry)) closure(chunk, entry);

      const routes = Object.entries(modulesByPrefix).map(([prefix, modules]) => {
        const files = new Set<string>(entry);
        for (const module of modules) {
          // The chunk holding the module; it need not be named after it (a module imported
          // both lazily and statically joins a shared chunk).
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${module}`)));
          if (!chunk) {
            this.warn(`route preloads: no chunk for ${module} (moved or no longer lazy?)`);
            continue;
          }
          closure(chunk, files);
        }
        for (const file of files) {
          const held = byFile
            .get(file)
            ?.moduleIds.find((id) => notBeforeFirstPaint.some((part) => id.includes(part)));
          if (held)
            this.error(
              `route preloads: ${file}, loaded before the first paint under ${prefix}, holds ` +
                `${held}; import it lazily from the modules that need it`,
            );
        }
        return { prefix, files: [...files].map((file) => `/${file}`) };
      });
      routes.sort((a, b) => b.prefix.length - a.prefix.length);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify({ routes } satisfies RoutePreloads),
      });
    },
  };
}
