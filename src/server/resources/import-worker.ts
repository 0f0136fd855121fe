import { parentPort } from 'node:worker_threads';
import { parseImportFile, type ImportLimits } from './import-parser';

// Entry point of an import worker thread (see import-pool.ts): one file at a time.
parentPort?.on(
  'message',
  async (task: { id: number; file: Uint8Array; filename: string; limits: ImportLimits }) => {
    try {
      const outcome = await parseImportFile(Buffer.from(task.file), task.filename, task.limits);
      parentPort!.postMessage({ id: task.id, outcome });
    } catch (error) {
      parentPort!.postMessage({ id: task.id, failure: String((error as Error)?.message ?? error) });
    }
  },
);
