import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
/** Builds made for the benchmarks, kept apart from out/ so that a run never disturbs it. */
export const benchBuildDir = path.join(repoRoot, 'bench', 'results', 'build');
