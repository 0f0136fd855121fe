// The web app built for W4 from the working tree, with a Vite manifest (the project's own build
// emits none) so that every chunk can be traced back to its source module.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { benchBuildDir, repoRoot } from '../paths';

export const BLANK_PAGE = 'bench-blank.html';

// The baseline page: the same three controls the sign-in form is judged usable by, in plain
// HTML with no script, served by the same server.
const blankPage = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Blank</title></head>
<body><form><input type="email" autocomplete="username" /><input type="password" autocomplete="current-password" /><button type="submit">Sign in</button></form></body></html>
`;

/** Builds the web app into the bench's folder; resolves to that folder. */
export function buildWebApp(): string {
  const outDir = viteBuild('web', ['--manifest']);
  fs.writeFileSync(path.join(outDir, BLANK_PAGE), blankPage);
  return outDir;
}

/** `vite build` of the web app into a folder of the bench's builds, with more flags. */
export function viteBuild(folder: string, flags: string[]): string {
  const outDir = path.join(benchBuildDir, folder);
  execFileSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    [
      'build',
      '--config',
      'vite.web.config.ts',
      '--outDir',
      outDir,
      '--emptyOutDir',
      ...flags,
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return outDir;
}
