/**
 * Bookings (SPEC sections 1, 2, 4, 5 and 9): the wizard's rules and create/update, imports and exports
 * (this folder), creatives and the creative service (creatives/), publishing through the sync queue and the
 * booking lifecycle (publishing/). See ../API.md for the contract between the parts.
 */
import { Router } from 'express';
import type { ServerPlugin } from '@adsuite/backend/kit';
import { bookingApi } from './openapi.ts';
import { bookingRoutes } from './routes.ts';
import { creativeRoutes, creativeWebRoutes, creativeJobs } from './creatives/index.ts';
import { publishingRoutes, publishingJobs } from './publishing/index.ts';

const plugin: ServerPlugin = {
  name: 'booking',
  openapi: bookingApi,
  api(core) {
    const router = Router();
    router.use(creativeRoutes(core));
    router.use(publishingRoutes(core));
    router.use(bookingRoutes(core));
    return router;
  },
  web(core) {
    return creativeWebRoutes(core);
  },
  jobs(core) {
    return { ...creativeJobs(core), ...publishingJobs(core) };
  },
};

export default plugin;
