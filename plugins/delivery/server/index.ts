/**
 * The placements' ad server (issue 38; docs/delivery.md): a publisher's placements (the declared resource
 * `placement`) answered at `/z/{placement}` by a choice among the eligible line items of the campaigns the
 * publisher accepted, with pacing, frequency caps and targeting (zone.ts, cache.ts, rules.ts), and each
 * placement's requests per day (routes.ts). Views go through the tracking plugin's pipeline.
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { dropOldCounts, prepareTables } from './cache.ts';
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
};

export default plugin;
