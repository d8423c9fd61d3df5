/** The placements' ad server (zone.ts, public, outside /api) and a placement's requests per day (routes.ts) in /api/openapi.json. */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

const { answer, inPath, json, object, query } = openapi;
const html = (description: string) => ({ description, content: { 'text/html': {} } });
const placementIn = { ...inPath('placement', 'The placement'), schema: { type: 'string', format: 'uuid', 'x-ref': 'placement' } };
const count = { type: 'integer', minimum: 0 };

export const deliveryApi: NonNullable<ServerPlugin['openapi']> = {
  '/z/{placement}': {
    get: {
      operationId: 'servePlacement', tags: ['delivery'], security: [],
      summary: 'A placement\'s ad: the line item chosen among the eligible ones of the campaigns its publisher accepted (budgets, pacing, frequency caps, targeting), its view counted; the house ad when none is eligible',
      parameters: [placementIn, query('site', 'The host of the page showing the placement (the async tag sends it); else the Referer\'s, else the placement\'s website')],
      responses: { 200: html('The ad\'s page (or the house ad), in a sandbox'), 404: html('The 404 page: unknown placement'), 503: answer('Unavailable') },
    },
  },
  '/z/{placement}/tag.js': {
    get: {
      operationId: 'getPlacementScript', tags: ['delivery'], security: [],
      summary: 'The async tag\'s script: fills the page\'s slots of the placement with its frame',
      parameters: [placementIn],
      responses: { 200: { description: 'The script, cacheable for an hour', content: { 'application/javascript': {} } }, 404: html('The 404 page') },
    },
  },
  '/api/placement/{id}/requests': {
    get: {
      operationId: 'getPlacementRequests', tags: ['delivery'],
      summary: 'A placement\'s requests per day of the last days (UTC) and how many of them showed an ad (the rest the house ad)',
      parameters: [inPath('id', 'The placement (the publisher\'s own; staff any)'), { ...query('days', 'Days back, today included (1-31, default 7)', 'integer'), schema: { type: 'integer', minimum: 1, maximum: 31 } }],
      responses: {
        200: json('One row per day, oldest first', { type: 'array', items: object({ day: { type: 'string', format: 'date' }, requests: count, filled: count }, ['day', 'requests', 'filled']) }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
};
