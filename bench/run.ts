// `npm run bench [-- W1 W3 …] [--quick] [--option value …]`: runs the chosen workloads (all by
// default) one after another, prints one line each and writes the run to bench/results/.
import { readOptions } from './options';
import { describeRun, formatLine, writeResults, type WorkloadResult } from './report';
import { apiOverhead } from './workloads/w1-api-overhead';
import { dataPath } from './workloads/w2-data-path';
import { signInStorm } from './workloads/w3-signin-storm';
import { webStart } from './workloads/w4-web-start';
import { lighthouseRuns } from './workloads/w5-lighthouse';
import { yearReport } from './workloads/w5f-year-report';
import { chatFanout } from './workloads/w6-chat-fanout';
import { quizStorm } from './workloads/w8-quiz-storm';
import { gradebook } from './workloads/w9-gradebook';

const options = readOptions(process.argv.slice(2));
const workloads: Record<string, () => Promise<WorkloadResult>> = {
  W1: () => apiOverhead(options.apiOverhead),
  W2: () => dataPath(options.dataPath),
  W3: () => signInStorm(options.signInStorm),
  W4: () => webStart(options.webStart),
  W5: () => lighthouseRuns(options.lighthouse),
  W5F: () => yearReport(options.yearReport),
  W6: () => chatFanout(options.chatFanout),
  W8: () => quizStorm(options.quizStorm),
  W9: () => gradebook(options.gradebook),
};

const { workloads: chosen, ...settings } = options;
const run = describeRun({ workloads: chosen, ...settings });
console.log(
  `Mathema benchmarks on ${run.cpu.cores} × ${run.cpu.model}, Node ${run.node}, ` +
    `load average ${run.loadAverageAtStart.join(' ')}`,
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
