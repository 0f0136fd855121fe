// CPU time of a process's main thread against all its other threads (libuv's pool, V8's
// helpers), from Linux's /proc. It tells where work ran: a slow event loop alone cannot say
// whether it was computing or waiting (on a disk flush, or for a core).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface ThreadCpu {
  mainThreadMs: number;
  otherThreadsMs: number;
}

let ticksPerSecond: number | undefined;

/** The process's CPU time so far, or null where /proc is not there (not Linux). */
export function threadCpu(pid: number): ThreadCpu | null {
  const tasks = `/proc/${pid}/task`;
  if (!fs.existsSync(tasks)) return null;
  ticksPerSecond ??=
    Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const cpu = { mainThreadMs: 0, otherThreadsMs: 0 };
  for (const tid of fs.readdirSync(tasks)) {
    let stat: string;
    try {
      stat = fs.readFileSync(`${tasks}/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the parenthesised name; utime and stime are the 14th and 15th of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    if (tid === String(pid)) cpu.mainThreadMs += ms;
    else cpu.otherThreadsMs += ms;
  }
  return cpu;
}

export const cpuSince = (before: ThreadCpu, after: ThreadCpu): ThreadCpu => ({
  mainThreadMs: after.mainThreadMs - before.mainThreadMs,
  otherThreadsMs: after.otherThreadsMs - before.otherThreadsMs,
});
