// The command line of `npm run bench`: which workloads, and how long or how hard each runs.
import { parseArgs } from 'node:util';
import { DEFAULT_SCALE_SEED } from '../src/server/db/seed/scale';

export const WORKLOAD_NAMES = ['W1', 'W2', 'W3', 'W4', 'W5', 'W5F', 'W6', 'W8', 'W9'] as const;

const USAGE = `npm run bench [-- <workload>… ] [options]
  workloads: W1 api overhead, W2 data path, W3 sign-in storm, W4 web start,
             W5 Lighthouse mobile runs, W5F year report (finance), W6 chat fan-out,
             W8 quiz storm, W9 gradebook (default: all)
  --quick                 shorter runs, for trying the harness out (figures are less stable)
  --w1-seconds <s>        W1: seconds of each load run (5)
  --connections <n>       W1: concurrent connections (16)
  --w2-seconds <s>        W2: seconds per page and side each round, in interleaved 0.2 s slices (1)
  --rounds <n>            W1, W2: baseline/subject rounds, in ABBA order (2)
  --scale-seed <n>        W1, W2: seed number of the scale data (${DEFAULT_SCALE_SEED})
  --sign-ins <n>          W3: sign-ins in the storm (2000)
  --ramp <s>              W3: seconds over which their arrival rate rises (5)
  --baseline-seconds <s>  W3: seconds of each raw-hashing baseline (3)
  --samples <n>           W4: page loads of each kind (15)
  --lighthouse-runs <n>   W5: Lighthouse runs of each page, median reported (1)
  --transactions <n>      W5F: transactions in the school's year (1000000)
  --report-seconds <s>    W5F: seconds of list load per side and round, in 1 s slices (4)
  --report-rounds <n>     W5F: rounds (3)
  --chat-clients <n>      W6: socket clients, in rooms of 25 plus one room of all (5000)
  --chat-lesson-rate <n>  W6: messages per second into lesson rooms (100)
  --chat-school-rate <n>  W6: messages per second into the whole school's room (1)
  --chat-seconds <s>      W6: seconds each side sends (10)
  --chat-processes <n>    W6: client processes (4)
  --chat-client <kind>    W6: how the socket.io clients are played: protocol (socket.io's
                          protocol over bare ws sockets, as the baseline's) or library
                          (socket.io-client) (protocol)
  --quiz-students <n>     W8: students taking the quiz at once (500)
  --quiz-ramp <s>         W8: seconds over which they start (30)
  --grid-loads <n>        W9: timed loads of the 40 × 80 grid, each side (30)
  --grid-saves <n>        W9: timed saves of the whole grid, each side (10)
  --grid-frames <n>       W9: animation frames of each scroll sweep across the grid in Chromium (300)
  --grid-sweeps <n>       W9: timed scroll sweeps (3)`;

// [default, --quick, whole number?]
const NUMBERS = {
  'w1-seconds': [5, 2, false],
  connections: [16, 16, true],
  'w2-seconds': [1, 0.3, false],
  rounds: [2, 2, true],
  'scale-seed': [DEFAULT_SCALE_SEED, DEFAULT_SCALE_SEED, true],
  'sign-ins': [2000, 300, true],
  ramp: [5, 2, false],
  'baseline-seconds': [3, 1.5, false],
  samples: [15, 3, true],
  'lighthouse-runs': [1, 1, true],
  transactions: [1_000_000, 100_000, true],
  'report-seconds': [4, 2, true],
  'report-rounds': [3, 1, true],
  'chat-clients': [5000, 1000, true],
  'chat-lesson-rate': [100, 50, false],
  'chat-school-rate': [1, 1, false],
  'chat-seconds': [10, 5, false],
  'chat-processes': [4, 2, true],
  'quiz-students': [500, 100, true],
  'quiz-ramp': [30, 5, false],
  'grid-loads': [30, 10, true],
  'grid-saves': [10, 3, true],
  'grid-frames': [300, 120, true],
  'grid-sweeps': [3, 1, true],
} as const;
type NumberName = keyof typeof NUMBERS;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** Reads the command line; prints the usage and exits when it is wrong or --help. */
export function readOptions(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        quick: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        'chat-client': { type: 'string' },
        ...Object.fromEntries(Object.keys(NUMBERS).map((name) => [name, { type: 'string' }])),
      } as Record<string, { type: 'string' | 'boolean'; default?: boolean }>,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick === true;
  const number = (name: NumberName) => {
    const [normal, short, whole] = NUMBERS[name];
    const given = values[name];
    if (typeof given !== 'string') return quick ? short : normal;
    const value = Number(given);
    if (!(value > 0) || (whole && !Number.isInteger(value)))
      fail(`--${name} takes a positive ${whole ? 'whole ' : ''}number`);
    return value;
  };
  const chatClient = values['chat-client'] ?? 'protocol';
  if (chatClient !== 'protocol' && chatClient !== 'library')
    fail('--chat-client takes protocol or library');
  const socketIoClient: 'protocol' | 'library' = chatClient;
  const workloads = positionals.length
    ? positionals.map((name) => name.toUpperCase())
    : [...WORKLOAD_NAMES];
  const unknown = workloads.filter((name) => !(WORKLOAD_NAMES as readonly string[]).includes(name));
  if (unknown.length) fail(`Unknown workload ${unknown.join(', ')}.`);
  return {
    workloads,
    quick,
    apiOverhead: {
      seconds: number('w1-seconds'),
      connections: number('connections'),
      rounds: number('rounds'),
      scaleSeed: number('scale-seed'),
    },
    dataPath: {
      seconds: number('w2-seconds'),
      rounds: number('rounds'),
      scaleSeed: number('scale-seed'),
    },
    signInStorm: {
      signIns: number('sign-ins'),
      rampSeconds: number('ramp'),
      baselineSeconds: number('baseline-seconds'),
    },
    webStart: { samples: number('samples') },
    lighthouse: { runs: number('lighthouse-runs') },
    yearReport: {
      transactions: number('transactions'),
      seconds: number('report-seconds'),
      rounds: number('report-rounds'),
    },
    chatFanout: {
      clients: number('chat-clients'),
      lessonRate: number('chat-lesson-rate'),
      schoolRate: number('chat-school-rate'),
      seconds: number('chat-seconds'),
      clientProcesses: number('chat-processes'),
      socketIoClient,
    },
    quizStorm: { students: number('quiz-students'), rampSeconds: number('quiz-ramp') },
    gradebook: {
      loads: number('grid-loads'),
      saves: number('grid-saves'),
      frames: number('grid-frames'),
      sweeps: number('grid-sweeps'),
    },
  };
}
