// Bundles the server into out/server/index.js; npm packages stay external (native modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'out/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  define: { __MATHEMA_VERSION__: JSON.stringify(version) },
  logLevel: 'warning',
});
