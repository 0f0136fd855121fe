import { spawn } from 'node:child_process';
import { OperationsError } from './operations-error';

/**
 * Runs pg_dump or pg_restore. They come with PostgreSQL's client package, not with Node: when
 * missing, the operator is told which package to install rather than shown a spawn error.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new OperationsError(
              `${tool} was not found. PostgreSQL backups need the PostgreSQL client tools ` +
                `(package postgresql-client), of the server's major version or newer, on the PATH.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new OperationsError(`${tool} stopped with code ${code}:\n${errors.trim()}`.trim()));
    });
  });
}
