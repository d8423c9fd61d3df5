/**
 * The creative tools (SPEC sections 2, 3 and 7): the graphics library's folders and uploads, the banner generator
 * and the template editor's preview (./banners.ts), the coupon history, and their demo data.
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { creativesApi } from './openapi.ts';
import { creativeRoutes } from './routes.ts';
import { seedCreatives } from './seed.ts';

const plugin: ServerPlugin = {
  name: 'creatives',
  openapi: creativesApi,
  api: (core) => creativeRoutes(core),
  seed: (core) => seedCreatives(core),
};

export default plugin;
