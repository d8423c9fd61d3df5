/**
 * The placements' ad server (issue 38; docs/delivery.md): a publisher's placements (the declared resource
 * `placement`) answered at `/z/{placement}` by a choice among the eligible line items of the campaigns the
 * publisher accepted, with pacing, frequency caps and targeting (zone.ts, cache.ts, rules.ts), and each
 * placement's requests per day (routes.ts). Views go through the tracking plugin's pipeline. The demo publisher's
 * placements come with the demo history (demo.ts), whose requests of them the ad server answers (replay.ts).
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { dropOldCounts, prepareTables } from './cache.ts';
import { seedDemoPlacements } from './demo.ts';
import { deliveryApi } from './openapi.ts';
import { placementRoutes } from './routes.ts';
import { zoneFront, zoneRoutes } from './zone.ts';

const DAY_MS = 86_400_000;

const plugin: ServerPlugin = {
  name: 'delivery',
  openapi: deliveryApi,
  prepare: prepareTables,
  api: placementRoutes,
  web: zoneRoutes,
  front: zoneFront,
  jobs: (core) => ({ 'delivery.retention': async () => void (await dropOldCounts(core)) }),
  schedules: { 'delivery.retention': DAY_MS },
  seed: async (core) => {
    if (core.env.seedHistoryDays > 0) await seedDemoPlacements(core);
  },
};

export default plugin;
