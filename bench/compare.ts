// `npm run bench:compare [-- <runs>]`: the headline figure of every workload over the last runs
// in bench/results, one row per run, so that a trend (or a neighbour's noise) shows at a glance.
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir, type WorkloadResult } from './report';

interface StoredRun {
  startedAt: string;
  commit: string | null;
  uncommittedChanges: boolean;
  loadAverageAtStart: number[];
  workloads: WorkloadResult[];
}

/** The one figure each workload's goal is about, as printed in its column. */
const HEADLINES: Record<
  string,
  { column: string; read: (figures: Record<string, unknown>) => unknown }
> = {
  W1: { column: 'W1 api/bare', read: (f) => f.throughputRatio },
  W2: { column: 'W2 p250/p1', read: (f) => f.engineLastPageOverFirst },
  W3: { column: 'W3 storm/raw', read: (f) => f.throughputRatio },
  W4: {
    column: 'W4 sign-in kB',
    read: (f) => (f.signInRoute as { jsGzipKb?: number } | undefined)?.jsGzipKb,
  },
};

function readRuns(): StoredRun[] {
  if (!fs.existsSync(resultsDir)) return [];
  return fs
    .readdirSync(resultsDir)
    .filter((name) => /^\d{4}-.*\.json$/.test(name))
    .sort()
    .flatMap((name) => {
      try {
        return [JSON.parse(fs.readFileSync(path.join(resultsDir, name), 'utf8')) as StoredRun];
      } catch {
        return [];
      }
    });
}

/** A headline cell: the figure, marked with ! when one of the workload's goals was missed. */
function cell(run: StoredRun, id: string): string {
  const workload = run.workloads.find((w) => w.id === id);
  if (!workload) return '';
  const value = HEADLINES[id]!.read(workload.figures);
  const missed = workload.goals.some((goal) => !goal.met);
  return `${value ?? '?'}${missed ? ' !' : ''}`;
}

function main() {
  const wanted = Number(process.argv[2] ?? 10);
  if (!Number.isInteger(wanted) || wanted < 1) {
    console.error('usage: npm run bench:compare [-- <number of runs, 10 by default>]');
    process.exit(2);
  }
  const runs = readRuns().slice(-wanted);
  if (runs.length === 0) {
    console.log('No runs in bench/results yet: npm run bench');
    return;
  }
  const ids = Object.keys(HEADLINES);
  const header = ['started (UTC)', 'commit', 'load', ...ids.map((id) => HEADLINES[id]!.column)];
  const rows = runs.map((run) => [
    run.startedAt.slice(0, 16).replace('T', ' '),
    `${run.commit?.slice(0, 7) ?? '?'}${run.uncommittedChanges ? '+' : ''}`,
    String(run.loadAverageAtStart[0] ?? '?'),
    ...ids.map((id) => cell(run, id)),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const format = (row: string[]) => row.map((text, i) => text.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  for (const row of rows) console.log(format(row));
  console.log('! = a goal of that workload missed in that run; + = uncommitted changes');
}

main();
