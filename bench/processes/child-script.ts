// Load generators run in a process of their own, so that producing the load never competes with
// the measured server (or the bench's bookkeeping) for the same event loop.
import { fork } from 'node:child_process';

type ChildMessage = { type: 'result'; output: unknown } | { type: 'error'; message: string };

/** Forks a bench TypeScript file, hands it `input`, resolves with what it reports back. */
export function runChildScript<Output>(
  scriptPath: string,
  input: unknown,
  timeoutMs: number,
): Promise<Output> {
  const child = fork(scriptPath, [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<Output>((resolve, reject) => {
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
}

/** The child's side: waits for its input, runs, reports the output (or the error), exits. */
export function reportToParent<Input, Output>(work: (input: Input) => Promise<Output>): void {
  process.once('message', (message: { type: 'start'; input: Input }) => {
    work(message.input).then(
      (output) => process.send!({ type: 'result', output }, () => process.exit(0)),
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
