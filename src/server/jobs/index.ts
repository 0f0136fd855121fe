// Durable background jobs in the application's database: see docs/architecture.md, "Jobs".
import './upkeep';

export { enqueueJob, type NewJob } from './enqueue';
export {
  registerJobHandler,
  type ClaimedJob,
  type JobDefinition,
  type JobHandlerInput,
} from './registry';
export { JobFailure, JobRunner, type JobRunnerOptions } from './runner';
export type { JobStatus } from './tables';
