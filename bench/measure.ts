// Statistics shared by the workloads. Every figure a workload prints is set against a baseline
// measured in the same run, because the machines are shared and absolute numbers drift.

export interface Distribution {
  count: number;
  min: number;
  median: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending list (p from 0 to 100). */
export function percentile(ascending: readonly number[], p: number): number {
  if (ascending.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * ascending.length);
  return ascending[Math.min(ascending.length, Math.max(1, rank)) - 1]!;
}

export function distribution(values: readonly number[]): Distribution {
  const ascending = [...values].sort((a, b) => a - b);
  const sum = ascending.reduce((total, value) => total + value, 0);
  return {
    count: ascending.length,
    min: ascending[0] ?? Number.NaN,
    median: percentile(ascending, 50),
    p99: percentile(ascending, 99),
    max: ascending.at(-1) ?? Number.NaN,
    mean: ascending.length ? sum / ascending.length : Number.NaN,
  };
}

export const median = (values: readonly number[]): number => distribution(values).median;

/** subject / baseline, rounded to what the figures can support. */
export const ratio = (subject: number, baseline: number): number => round(subject / baseline, 3);

export const round = (value: number, digits = 1): number => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

/**
 * Runs baseline and subject alternately in ABBA order (baseline, subject, subject, baseline, …)
 * so that a neighbour's load that rises or falls during the run weighs on both sides alike.
 */
export async function alternate<T>(
  rounds: number,
  baseline: () => Promise<T>,
  subject: () => Promise<T>,
): Promise<{ baseline: T[]; subject: T[] }> {
  const results = { baseline: [] as T[], subject: [] as T[] };
  for (let round = 0; round < rounds; round += 1) {
    const order =
      round % 2 === 0 ? (['baseline', 'subject'] as const) : (['subject', 'baseline'] as const);
    for (const side of order)
      results[side].push(await (side === 'baseline' ? baseline() : subject()));
  }
  return results;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
