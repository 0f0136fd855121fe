import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const { version } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as {
  version: string;
};

// The desktop build (`npm run build:desktop`): main process, the two preloads and the renderer,
// into out/. Packaging (electron-builder.yml) then takes out/ and the production dependencies.

export default defineConfig({
  main: {
    build: {
      // Dependencies stay in node_modules and are required at run time: better-sqlite3 is a
      // native module rebuilt for Electron at packaging, electron-store and electron-updater
      // import electron themselves, and the Jitsi SDK ships native code and HTML of its own.
      externalizeDeps: {
        include: ['better-sqlite3', 'electron-store', 'electron-updater', '@jitsi/electron-sdk'],
      },
      rolldownOptions: {
        input: { index: resolve('src/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads cannot require anything but electron: bundle every dependency
      // (the Jitsi SDK's preload bridge), one self-contained CommonJS file per window.
      externalizeDeps: false,
      isolatedEntries: true,
      rolldownOptions: {
        input: {
          index: resolve('src/preload/index.ts'),
          call: resolve('src/preload/call.ts'),
        },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // The offline query cache is thrown away when the app version changes (spec §9).
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
    },
    plugins: [
      react(),
      {
        // electron-vite forces base './' for file:// pages. The app serves the renderer from
        // app://mathema/ with path routes, so assets must be absolute: /student/7 reloaded
        // still finds /assets/…; a relative ./assets/… would not.
        name: 'mathema:absolute-base',
        config: () => ({ base: '/' }),
      },
    ],
    server: {
      // In development the call page (app://mathema/call.html) loads its script from here.
      cors: { origin: 'app://mathema' },
    },
    build: {
      // electron-vite leaves the renderer unminified by default.
      minify: true,
      rolldownOptions: {
        input: {
          index: resolve('src/renderer/index.html'),
          // The call window's page script; its HTML is generated per call by the main process.
          'call-window': resolve('src/main/call-window/page/call-page.ts'),
        },
        output: {
          // A fixed name, because the generated call page refers to it (app-identity.ts).
          entryFileNames: (chunk) =>
            chunk.name === 'call-window' ? 'call-window.js' : 'assets/[name]-[hash].js',
        },
      },
    },
  },
});
