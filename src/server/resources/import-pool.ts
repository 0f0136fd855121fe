import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ImportLimits, ParseOutcome } from './import-parser';

// A small pool of worker threads that parse import files, so that no upload holds the event
// loop: at most POOL_SIZE files are parsed at once (others wait their turn), and a file
// that takes longer than the timeout has its worker stopped.

const POOL_SIZE = 2;
const PARSE_TIMEOUT_MS = 20_000;
const IDLE_MS = 30_000;

interface Task {
  file: Buffer;
  filename: string;
  limits: ImportLimits;
  resolve(outcome: ParseOutcome): void;
  reject(error: Error): void;
}

/**
 * The worker's script: the bundled .js beside the production server, else the TypeScript
 * source, run through tsx's loader (tests and `tsx` runs).
 */
function workerScript(): { url: URL; execArgv: string[] } {
  const bundled = new URL('./import-worker.js', import.meta.url);
  if (fs.existsSync(bundled)) return { url: bundled, execArgv: [] };
  return { url: new URL('./import-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

class ImportPool {
  private readonly idle: Worker[] = [];
  private busy = 0;
  private readonly queue: Task[] = [];
  private nextId = 1;

  parse(file: Buffer, filename: string, limits: ImportLimits): Promise<ParseOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ file, filename, limits, resolve, reject });
      this.drain();
    });
  }

  private drain() {
    while (this.queue.length > 0 && this.busy < POOL_SIZE) {
      const task = this.queue.shift()!;
      this.busy++;
      const worker = this.idle.pop() ?? this.spawn();
      this.run(worker, task);
    }
  }

  private spawn(): Worker {
    const { url, execArgv } = workerScript();
    const worker = new Worker(url, { execArgv });
    // An idle worker must not keep the process (or a test run) alive.
    worker.unref();
    return worker;
  }

  private run(worker: Worker, task: Task) {
    const id = this.nextId++;
    let settled = false;
    const finish = (reuse: boolean) => {
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.busy--;
      if (reuse) this.park(worker);
      else void worker.terminate();
      this.drain();
    };
    const onMessage = (message: { id: number; outcome?: ParseOutcome; failure?: string }) => {
      if (message.id !== id || settled) return;
      finish(true);
      if (message.outcome) task.resolve(message.outcome);
      else task.reject(new Error(`import parse failed: ${message.failure}`));
    };
    const onError = (error: Error) => {
      if (settled) return;
      finish(false);
      task.reject(error);
    };
    const onExit = () => onError(new Error('import worker exited'));
    const timer = setTimeout(() => {
      if (settled) return;
      finish(false);
      task.resolve({
        ok: false,
        code: 'too_large',
        message: 'The file took too long to read; split it into smaller files.',
      });
    }, PARSE_TIMEOUT_MS);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // The worker gets its own copy: a Buffer may share a larger pooled ArrayBuffer.
    const copy = new Uint8Array(task.file);
    worker.postMessage({ id, file: copy, filename: task.filename, limits: task.limits }, [
      copy.buffer,
    ]);
  }

  private park(worker: Worker) {
    this.idle.push(worker);
    setTimeout(() => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) {
        this.idle.splice(at, 1);
        void worker.terminate();
      }
    }, IDLE_MS).unref();
  }
}

let pool: ImportPool | null = null;

/** Parses an import file in a worker thread; the outcome says why it was refused, if it was. */
export function parseImportInWorker(
  file: Buffer,
  filename: string,
  limits: ImportLimits,
): Promise<ParseOutcome> {
  pool ??= new ImportPool();
  return pool.parse(file, filename, limits);
}
