export { startServer, createCore, type RunningServer } from './server.ts';
export { createApp } from './app.ts';
export type { Core, RequestContext } from './core.ts';
export * from './errors.ts';
export { JobQueue, PermanentFailure, type JobRun } from './jobs/queue.ts';
