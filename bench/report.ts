// One printed line per workload, and one JSON file per run in bench/results/ so that runs can be
// compared (the folder is ignored by git).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Goal {
  /** What the issue asks for, e.g. "≥ 0.5 of bare throughput". */
  target: string;
  met: boolean;
}

export interface WorkloadResult {
  id: string;
  title: string;
  /** The figures and ratios in words, as printed. */
  line: string;
  /** Every measured number, units in the names (…Ms, …PerSecond, …Kb). */
  figures: Record<string, unknown>;
  goals: Goal[];
}

export const resultsDir = path.resolve(import.meta.dirname, 'results');

export function formatLine(result: WorkloadResult): string {
  const goals = result.goals.map((goal) => `goal ${goal.target}: ${goal.met ? 'met' : 'MISSED'}`);
  return [`${result.id} ${result.title}: ${result.line}`, ...goals].join(' | ');
}

/** What a later reader needs to judge a run: which code, which machine, how busy it was. */
export function describeRun(options: Record<string, unknown>) {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return null;
    }
  };
  const cpus = os.cpus();
  return {
    startedAt: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: (git('status', '--porcelain') ?? '') !== '',
    node: process.version,
    cpu: { model: cpus[0]?.model ?? 'unknown', cores: cpus.length },
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    options,
  };
}

/** Writes the run to bench/results/<time>.json and latest.json; returns the first path. */
export function writeResults(
  run: ReturnType<typeof describeRun>,
  workloads: WorkloadResult[],
): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const document = JSON.stringify(
    { ...run, loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100), workloads },
    null,
    2,
  );
  const file = path.join(resultsDir, `${run.startedAt.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, document);
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), document);
  return file;
}
