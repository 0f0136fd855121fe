// `npm run bench [-- W1 W3 …] [--quick] [--option value …]`: runs the chosen workloads (all by
// default) one after another, prints one line each and writes the run to bench/results/.
import { parseArgs } from 'node:util';
import { DEFAULT_SCALE_SEED } from '../src/server/db/seed/scale';
import { describeRun, formatLine, writeResults, type WorkloadResult } from './report';
import { apiOverhead } from './workloads/w1-api-overhead';
import { dataPath } from './workloads/w2-data-path';
import { signInStorm } from './workloads/w3-signin-storm';
import { webStart } from './workloads/w4-web-start';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    'w1-seconds': { type: 'string' },
    connections: { type: 'string' },
    'w2-seconds': { type: 'string' },
    rounds: { type: 'string' },
    'scale-seed': { type: 'string' },
    'sign-ins': { type: 'string' },
    ramp: { type: 'string' },
    'baseline-seconds': { type: 'string' },
    samples: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const USAGE = `npm run bench [-- <workload>… ] [options]
  workloads: W1 api overhead, W2 data path, W3 sign-in storm, W4 web start (default: all)
  --quick                 shorter runs, for trying the harness out (figures are less stable)
  --w1-seconds <s>        W1: seconds of each load run (5)
  --connections <n>       W1: concurrent connections (16)
  --w2-seconds <s>        W2: seconds of each timing run (1)
  --rounds <n>            W1, W2: baseline/subject rounds, in ABBA order (2)
  --scale-seed <n>        W1, W2: seed number of the scale data (${DEFAULT_SCALE_SEED})
  --sign-ins <n>          W3: sign-ins in the storm (2000)
  --ramp <s>              W3: seconds over which their arrival rate rises (5)
  --baseline-seconds <s>  W3: seconds of each raw-hashing baseline (3)
  --samples <n>           W4: page loads of each kind (7)`;

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const quick = values.quick;
const numberOption = (name: keyof typeof values, normal: number, short: number) => {
  const given = values[name];
  if (typeof given !== 'string') return quick ? short : normal;
  const parsed = Number(given);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    console.error(`--${name} must be a positive number`);
    process.exit(2);
  }
  return parsed;
};

const options = {
  seconds: numberOption('w1-seconds', 5, 2),
  connections: numberOption('connections', 16, 16),
  dataPathSeconds: numberOption('w2-seconds', 1, 0.3),
  rounds: numberOption('rounds', 2, 2),
  scaleSeed: numberOption('scale-seed', DEFAULT_SCALE_SEED, DEFAULT_SCALE_SEED),
  signIns: numberOption('sign-ins', 2000, 300),
  rampSeconds: numberOption('ramp', 5, 2),
  baselineSeconds: numberOption('baseline-seconds', 3, 1.5),
  samples: numberOption('samples', 7, 3),
};

const workloads: Record<string, () => Promise<WorkloadResult>> = {
  W1: () => apiOverhead(options),
  W2: () => dataPath({ ...options, seconds: options.dataPathSeconds }),
  W3: () => signInStorm(options),
  W4: () => webStart(options),
};

const chosen = positionals.length
  ? positionals.map((name) => name.toUpperCase())
  : Object.keys(workloads);
const unknown = chosen.filter((name) => !(name in workloads));
if (unknown.length) {
  console.error(`Unknown workload ${unknown.join(', ')}.\n${USAGE}`);
  process.exit(2);
}

const run = describeRun({ workloads: chosen, quick, ...options });
console.log(
  `Mathema benchmarks on ${run.cpu.cores} × ${run.cpu.model}, Node ${run.node}, load average ${run.loadAverageAtStart.join(' ')}`,
);
const results: WorkloadResult[] = [];
let failed = false;
for (const name of chosen) {
  try {
    const result = await workloads[name]!();
    results.push(result);
    console.log(formatLine(result));
  } catch (error) {
    failed = true;
    console.error(
      `${name} could not run: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
  }
}
if (results.length) console.log(`Written to ${writeResults(run, results)}`);
process.exit(failed ? 1 : 0);
