// Preloaded into the server under test (node --import): measures how long its event loop is held
// up and how busy it is, so that a workload can tell whether work such as hashing ever runs on
// it. The bench talks to it over the IPC channel; the server's own code is unchanged.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
let since = performance.eventLoopUtilization();
const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;

process.on('message', (message) => {
  if (message?.type === 'event-loop:reset') {
    histogram.reset();
    since = performance.eventLoopUtilization();
    process.send?.({ type: 'event-loop:reset' });
  } else if (message?.type === 'event-loop:read') {
    const use = performance.eventLoopUtilization(since);
    process.send?.({
      type: 'event-loop:delay',
      delay: {
        meanMs: ms(histogram.mean),
        p99Ms: ms(histogram.percentile(99)),
        maxMs: ms(histogram.max),
        busyMs: Math.round(use.active),
        utilization: Math.round(use.utilization * 1000) / 1000,
      },
    });
  }
});
// The channel must not keep a stopping server alive.
process.channel?.unref();
