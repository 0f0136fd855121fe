// Bundles the server into out/server/index.js; npm packages stay external (native modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  // The import worker runs in a thread of its own (src/server/resources/import-pool.ts).
  entryPoints: {
    index: 'src/server/index.ts',
    'import-worker': 'src/server/resources/import-worker.ts',
  },
  outdir: 'out/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: true,
  define: { __MATHEMA_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
