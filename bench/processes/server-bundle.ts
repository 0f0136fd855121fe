// The server under test is the production bundle, built from the working tree into the bench's
// own folder (the same esbuild settings as scripts/build-server.mjs) so that out/ is untouched.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { benchBuildDir, repoRoot } from '../paths';

let built: Promise<string> | undefined;

/** Bundles src/server once per run; resolves to the bundle's path. */
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    const outfile = path.join(benchBuildDir, 'server', 'index.js');
    const { version } = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
    ) as { version: string };
    await build({
      entryPoints: [path.join(repoRoot, 'src/server/index.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external',
      sourcemap: false,
      define: { __MATHEMA_VERSION__: JSON.stringify(version) },
      logLevel: 'warning',
    });
    return outfile;
  })();
  return built;
}
