/** Publishing through the sync queue, channel connectors and the booking lifecycle (../../API.md). */
import type { Core, JobHandlers } from '@adsuite/backend/kit';
import { CALENDAR_INTERVAL_MS, CALENDAR_JOB, followCalendar } from './calendar.ts';
import { liveChangeJobs } from './liveChanges.ts';
import { runSyncJob, SYNC_JOB } from './sync.ts';

export { publishingRoutes } from './routes.ts';

export function publishingJobs(core: Core): JobHandlers {
  core.jobs.every(CALENDAR_JOB, CALENDAR_INTERVAL_MS);
  return {
    [SYNC_JOB]: (payload, job) => runSyncJob(core, payload.syncId, job),
    [CALENDAR_JOB]: async () => void (await followCalendar(core)),
    ...liveChangeJobs(core),
  };
}
