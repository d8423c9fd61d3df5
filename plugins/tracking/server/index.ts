/**
 * The ad server and tracking (ARCHITECTURE "Tracking and statistics"): delivery, click splitter, view pixel,
 * onsite container and its events (routes.ts), the event pipeline with group commit, rollups and spend
 * (pipeline.ts), day partitions and retention (partitions.ts), budget and balance pauses (budgets.ts), the
 * external networks' sandbox delivery (networks.ts) and the demo history (history.ts).
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { resumeLineItems, RESUME_EVERY_MS } from './budgets.ts';
import { pullSandboxDelivery, SANDBOX_EVERY_MS } from './networks.ts';
import { maintainPartitions } from './partitions.ts';
import { trackingRoutes } from './routes.ts';
import { trackingFront } from './front.ts';
import { trackingApi } from './openapi.ts';
import { seedHistory } from './history.ts';
import { trackingWriter } from './leader.ts';
import { writeEvents } from './pipeline.ts';

const HOUR_MS = 3_600_000;

const plugin: ServerPlugin = {
  name: 'tracking',
  openapi: trackingApi,
  async prepare(core) {
    // Today's and the next days' partitions exist before the first event (the pipeline also makes them on demand).
    if (core.models.has('event')) await maintainPartitions(core);
  },
  web(core) {
    return trackingRoutes(core);
  },
  // Clicks and onsite events before Express (front.ts), which still mounts them for a server without this front.
  front(core) {
    return trackingFront(core);
  },
  // The one writer of the batches that lock an advertiser, for the workers of `npm start` (leader.ts), pipelined on
  // a connection of its own where the database gives one.
  primary(core) {
    return trackingWriter((events) => writeEvents(core, events), Boolean(core.db.connect));
  },
  jobs(core) {
    return {
      'tracking.partitions': async () => void (await maintainPartitions(core)),
      'tracking.resume': async () => void (await resumeLineItems(core)),
      // Test servers leave it off, so that balances only move by what a test does (SANDBOX_DELIVERY).
      'tracking.sandbox': async () => void (core.env.sandboxDelivery && (await pullSandboxDelivery(core))),
      'tracking.history': async (payload) => void (await seedHistory(core, Number(payload.days ?? 90))),
    };
  },
  schedules: { 'tracking.partitions': HOUR_MS, 'tracking.resume': RESUME_EVERY_MS, 'tracking.sandbox': SANDBOX_EVERY_MS },
};

export default plugin;
