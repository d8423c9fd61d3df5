/**
 * The affiliate wizard (SPEC sections 2 to 5 and 7; issue 37): affiliate programs written with their network's
 * preset, set live with their catalog, its feed import and their tracking code; the pickers' countries and
 * categories; and pushing an assignment into a booking. routes.ts lists the routes, openapi.ts describes them.
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { affiliateApi } from './openapi.ts';
import { affiliateRoutes } from './routes.ts';

const plugin: ServerPlugin = {
  name: 'affiliate',
  openapi: affiliateApi,
  api: (core) => affiliateRoutes(core),
};

export default plugin;
