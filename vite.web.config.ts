import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { routePreloads } from './scripts/route-preloads.ts';

const root = fileURLToPath(new URL('./src/renderer', import.meta.url));
const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * Emits sw.js with the list of every built file, so that a signed-in user who reloads while the
 * server is down still gets the app (and then the persisted query cache) — spec §9 offline use.
 */
function serviceWorker(): Plugin {
  return {
    name: 'mathema-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => !name.endsWith('.map'));
      const source = readFileSync(
        new URL('./src/renderer/service-worker.js', import.meta.url),
        'utf8',
      )
        .replace('__PRECACHE_FILES__', JSON.stringify(['/', ...files.map((f) => `/${f}`)]))
        .replace('__CACHE_VERSION__', JSON.stringify(`${version}-${Date.now()}`));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// Every signed-in page shows, while its screen loads, the page spinner. The toaster comes when it
// is first needed (app/toaster.ts), with tabster, Fluent's focus manager, in its chunk.
const toaster = 'src/app/AppToaster.tsx';
const spinner = 'src/components/PageSpinner.tsx';
const signedIn = [spinner];
// What a role area draws on its home: the four areas, their shell and homes, one chunk for all.
const roleAreas = {
  '/admin/': 'src/features/admin/AdminArea.tsx',
  '/teacher/': 'src/features/teacher/TeacherArea.tsx',
  '/student/': 'src/features/student/StudentArea.tsx',
  '/client/': 'src/features/client/ClientArea.tsx',
};
const signedInPreloads = {
  ...Object.fromEntries(
    Object.entries(roleAreas).map(([prefix, area]) => [prefix, [...signedIn, area]]),
  ),
  '/dashboard': [...signedIn, 'src/features/dashboard/DashboardPage.tsx'],
};
const isModule = (modules: string[]) => (id: string) =>
  modules.some((module) => id.endsWith(`/${module}`));

// The renderer alone, for browsers and phone webviews; the server serves out/web.
export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    serviceWorker(),
    // What a signed-in page under each prefix loads lazily at once: the server hints it in a Link
    // header so that it downloads alongside the entry (see src/server/http/web-app.ts).
    // zod (the shared schemas) is most of a form's weight and no home needs it to draw.
    routePreloads(signedInPreloads, ['/node_modules/zod/']),
    // Last: it reads the written files, sw.js included.
    precompress(),
  ],
  resolve: {
    // @tanstack/query-persist-client-core pins an older query-core of its own; one copy serves
    // both, so that the persister hydrates with the same code as the client it restores into.
    dedupe: ['@tanstack/query-core'],
  },
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
  },
  build: {
    outDir: fileURLToPath(new URL('./out/web', import.meta.url)),
    emptyOutDir: true,
    minify: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the login screen and what it stands on) in
          // one chunk: left alone, the bundler scatters it over a dozen small shared chunks,
          // which cost a request each and compress worse apart (on HTTP/1.1 six at a time).
          // Each group takes its modules' static imports along, unless an earlier group has them.
          groups: [
            { name: 'start', tags: ['$initial'] },
            // Small, and also what the sign-in screens' lazy pages wait with.
            { name: 'PageSpinner', test: isModule([spinner]) },
            // The sign-in form's flash loads lazily too; in a group of its own, the parts it
            // shares with the areas (message bar, icons) stay out of the area chunk, which the
            // sign-in screen would otherwise fetch for them.
            { name: 'FlashMessage', test: isModule(['src/components/FlashMessage.tsx']) },
            // A role area's home in one chunk: shell, loader, homes and the Fluent parts they
            // draw. What they draw later (menus, panels, the period choice, the role's other
            // screens) they import lazily, after the first paint, into chunks of their own.
            { name: 'area', test: isModule(Object.values(roleAreas)) },
            // After the area: the parts of Fluent's toast code a home uses (the toast's title and
            // body) go with the area, and tabster, which only the toaster needs at first, with it.
            { name: 'AppToaster', test: isModule([toaster]) },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/socket.io': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
