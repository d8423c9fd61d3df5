/** The optimization dashboards' routes in /api/openapi.json (systemoperator, wizard, affiliatemanager). */
import { AFFILIATE_NETWORKS } from '@adsuite/config';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, object, query } = openapi;

const id = { type: 'string', format: 'uuid' };
const day = { type: 'string', format: 'date' };
const int = { type: 'integer' };
const num = { type: 'number' };
const euros = { type: 'number', description: 'Euros, two decimals' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: unknown) => ({ type: 'array', items });
const chart = object({ labels: list(day), data: list(euros) });
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') };
const period = [
  query('startDate', 'First day (YYYY-MM-DD, UTC); not before 6 months and 1 day back'),
  query('endDate', 'Last day (YYYY-MM-DD, UTC), not after today'),
];

const row = {
  ...object({
    id,
    campaign: object({ _id: id, name: { type: 'string' }, status: nullable({ type: 'string' }), assets: object({ mediaplans: list(id), costrevenueratios: int }) }),
    optimizer: { ...object({ id, promote: { type: 'boolean' }, sticky: { type: 'boolean' }, lineItemsCount: int }), description: 'The optimizer\'s settings (qty, ctr, crp, ms, mct, rp, nth, ...) and its linked records\' ids' },
    revenueSource: nullable({ enum: [...AFFILIATE_NETWORKS] }), revenueSourceId: nullable({ type: 'string' }),
    sales: int, uniqueUsers: int, impressions: int, clicks: int, mct_pcConversions: int,
    clickThroughRate: num, mct_pcConversionRate: num, mct_marketShare: num,
    networkImpressions: int, networkClicks: int, networkConversions: int, networkMarketshare: num,
    productEvents: nullable(num), productsHaveIds: nullable(num), productsSuited: nullable(num),
    instructions: list(object({ level: { enum: ['danger', 'warning', 'info'] }, code: { type: 'string' }, message: { type: 'string' } })),
    problems: list(object({ code: { type: 'string' }, message: { type: 'string' } })),
    opr: { type: 'number', description: 'Conversions per 1,000 impressions (systemoperator and affiliatemanager only)' },
    health: { enum: ['OK', 'WARNING', 'ERROR'], description: 'Systemoperator and affiliatemanager only' },
    ordervalue: euros, realCosts: euros, revenue: euros, mct_conversionValue: euros, networkRevenue: euros, crrRevenue: euros, crrCost: euros,
    icons: object({ optimizer: object({ icon: { enum: ['pause', 'play', 'stop'] }, level: { type: 'string' } }) }),
    links: list(object({ type: { type: 'string' }, to: { type: 'string' } })),
    revenueRangeChart: chart, costRangeChart: chart,
  }),
  description: 'One optimizer\'s campaign over the period (SPEC section 3 "Optimizer dashboard row"); OPR, health, money, icons and links only for the systemoperator and the affiliatemanager',
};

export const optimizerApi: Paths = {
  '/api/optimizer/dashboard': {
    get: {
      tags: ['optimizer'], summary: 'The first optimization dashboard: revenue by network, Commission & Costs per day, the optimizer rows and the access logs of the period\'s last 3 days',
      parameters: period,
      responses: {
        200: json('The dashboard', object({
          start: day, end: day,
          revenueByNetwork: list(object({ network: nullable({ type: 'string' }), revenue: euros })),
          chart: nullable(object({ labels: list(day), commission: list(euros), costs: list(euros) })),
          rows: list(row),
          accessLogs: object({ start: day, end: day, hosts: list(object({ host: { type: 'string' }, count: int })) }),
        })),
        ...refusals,
      },
    },
  },
  '/api/optimizer/dashboard2': {
    get: {
      tags: ['optimizer'], summary: 'The affiliate dashboard\'s rows with health, hints and problems',
      parameters: [
        ...period,
        query('campaign', 'Campaign ids, comma separated; none: all'),
        query('revenueSource', 'Only this revenue source (affiliate network)'),
        query('ignoresticky', 'true: sticky entries count as any other'),
      ],
      responses: { 200: json('The rows', object({ start: day, end: day, rows: list(row) })), ...refusals },
    },
  },
  '/api/optimizer/campaigns': {
    get: {
      tags: ['optimizer'], summary: 'The campaigns with an optimizer, for the filter bar',
      responses: { 200: json('Campaigns by name', list(object({ _id: id, name: { type: 'string' }, sticky: { type: 'boolean' } }))), ...refusals },
    },
  },
  '/api/optimizer/mct': {
    post: {
      tags: ['optimizer'], summary: 'Calculate a campaign\'s MCT from the shop\'s and AdSuite\'s sales toward the optimizer\'s market share target',
      requestBody: body({
        campaignId: id, salesShop: { type: 'integer', minimum: 1 }, salesSuite: { type: 'integer', minimum: 0 }, mct: { type: 'number', exclusiveMinimum: 0 },
        start: day, end: day, step: { type: 'integer', minimum: 1, maximum: 10, default: 5, description: '10 extreme fine .. 1 not fine' },
      }, ['campaignId', 'salesShop', 'salesSuite', 'mct', 'start', 'end']),
      responses: { 200: json('The new MCT and the sales it aims at', object({ mct: num, sales: int, share: num, target: num })), ...refusals },
    },
  },
  '/api/optimizer/{id}/mct': {
    put: {
      tags: ['optimizer'], summary: 'Save an MCT to the optimizer (recorded in the activity log)',
      parameters: [inPath('id', 'The optimizer')],
      requestBody: body({ mct: { type: 'number', exclusiveMinimum: 0 } }, ['mct']),
      responses: { 200: json('The optimizer', { $ref: '#/components/schemas/optimizer' }), ...refusals, 404: answer('NotFound') },
    },
  },
  '/api/optimizer/crr/rerun': {
    post: {
      tags: ['optimizer'], summary: 'Compute yesterday\'s CRR days (cost and revenue per campaign) again; idempotent',
      responses: { 200: json('What was computed', object({ day, count: int, message: { type: 'string' } })), ...refusals },
    },
  },
};
