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

// Every signed-in page shows the toaster and, while its screen loads, the page spinner.
const signedIn = ['src/app/AppToaster.tsx', 'src/components/PageSpinner.tsx'];
const signedInPreloads = {
  '/admin/': [...signedIn, 'src/features/admin/AdminArea.tsx'],
  '/teacher/': [...signedIn, 'src/features/teacher/TeacherArea.tsx'],
  '/student/': [...signedIn, 'src/features/student/StudentArea.tsx'],
  '/client/': [...signedIn, 'src/features/client/ClientArea.tsx'],
  '/dashboard': [...signedIn, 'src/features/dashboard/DashboardPage.tsx'],
};

// The renderer alone, for browsers and phone webviews; the server serves out/web.
export default defineConfig({
  root,
  base: '/',
  plugins: [
    react(),
    serviceWorker(),
    // What a signed-in page under each prefix loads lazily at once: the server hints it in a Link
    // header so that it downloads alongside the entry (see src/server/http/web-app.ts).
    routePreloads(signedInPreloads),
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
          // which cost a request each and compress worse apart.
          groups: [{ name: 'start', tags: ['$initial'] }],
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
