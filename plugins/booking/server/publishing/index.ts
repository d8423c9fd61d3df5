/** Publishing through the sync queue, channel connectors and the booking lifecycle (../../API.md). */
import type { Core } from '@adsuite/backend/core';
import type { JobHandlers } from '@adsuite/backend/plugin';
import { runSyncJob, SYNC_JOB } from './sync.ts';

export { publishingRoutes } from './routes.ts';

export function publishingJobs(core: Core): JobHandlers {
  return { [SYNC_JOB]: (payload, job) => runSyncJob(core, payload.syncId, job) };
}
