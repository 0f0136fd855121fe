import { ConfigError } from '../config';
import { OperationsError } from './operations-error';

/** Runs a command-line operation: the operator sees a plain message and a non-zero exit. */
export async function runOperation(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof OperationsError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}
