/** Background jobs (ARCHITECTURE "Data and state"): the queue, its runner and the handler types. */
export { JobQueue, PermanentFailure, isLastRun, jobOptionsFromEnv, type EnqueueOptions, type JobQueueOptions, type JobRow, type JobRun } from './queue.ts';
export type { JobHandler, JobHandlers } from '../plugin.ts';
