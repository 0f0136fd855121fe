// Load generators and baseline servers run in processes of their own, so that producing the
// load never competes with the measured server (or the bench's bookkeeping) for one event loop.
import { type ChildProcess, fork } from 'node:child_process';

type ChildMessage = { type: 'result'; output: unknown } | { type: 'error'; message: string };

export interface ChildService<Output> {
  output: Output;
  stop(): Promise<void>;
}

/**
 * Forks a bench TypeScript file and hands it `input`; resolves with what it reports back while
 * it keeps running (a server), until `stop`.
 */
export async function startChildService<Output>(
  scriptPath: string,
  input: unknown,
  timeoutMs: number,
): Promise<ChildService<Output>> {
  const child = fork(scriptPath, [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const output = await new Promise<Output>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${scriptPath} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    child.on('message', (message: ChildMessage) =>
      settle(() =>
        message.type === 'result'
          ? resolve(message.output as Output)
          : reject(new Error(`${scriptPath}: ${message.message}`)),
      ),
    );
    child.on('exit', (code) =>
      settle(() => reject(new Error(`${scriptPath} exited with code ${code} before reporting`))),
    );
    child.send({ type: 'start', input });
  });
  return { output, stop: () => stopChild(child) };
}

/** Forks a bench TypeScript file that does one job and exits; resolves with its report. */
export async function runChildScript<Output>(
  scriptPath: string,
  input: unknown,
  timeoutMs: number,
): Promise<Output> {
  const service = await startChildService<Output>(scriptPath, input, timeoutMs);
  await service.stop();
  return service.output;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/**
 * The child's side: waits for its input, runs, reports the output (or the error). A one-job
 * script then exits; a service stays up until its parent stops it.
 */
export function reportToParent<Input, Output>(
  work: (input: Input) => Promise<Output>,
  { keepRunning = false } = {},
): void {
  process.once('message', (message: { type: 'start'; input: Input }) => {
    work(message.input).then(
      (output) =>
        process.send!({ type: 'result', output }, () => {
          if (!keepRunning) process.exit(0);
        }),
      (error: unknown) =>
        process.send!(
          {
            type: 'error',
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          },
          () => process.exit(1),
        ),
    );
  });
}
