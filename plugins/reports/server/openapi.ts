/**
 * The statistics routes in /api/openapi.json: the Instant Report, Expert Analytics and the dashboard's analytics.
 * Money in euros with 2 decimals, CTR and CR in percent with 2 decimals, days as YYYY-MM-DD (UTC). A cost of
 * rows is their share of what the ledger booked (cents.ts), so every answer's costs add up to the ledger's.
 */
import { EVENT_CLASSES } from '@adsuite/config';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { MAX_WEBSITES } from './dashboard.ts';
import { TOP } from './details.ts';
import { DEFAULT_DAYS, MAX_AHEAD_DAYS } from './input.ts';
import { MAX_CONVERSIONS, WEBSITE_SORTS } from './report.ts';
import { STAT_FORMATS, STAT_TYPES } from '@adsuite/config/i18n/statColumns';
import { INVALID_REASONS } from '@adsuite/config/invalidTraffic';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json } = openapi;

const int = { type: 'integer' };
const euros = { type: 'number', description: 'EUR, 2 decimals' };
const percent = { type: 'number', description: 'Percent, 2 decimals' };
const day = { type: 'string', format: 'date' };
const id = { type: 'string', format: 'uuid' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
/** An answer's object: every property is always there (null where the schema says it may be). */
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (items: unknown) => ({ type: 'array', items });
const param = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', schema, description });

const rangeParams = [
  param('start', `First day (YYYY-MM-DD, UTC); at most 6 months and 1 day back (SPEC section 5). Default: ${DEFAULT_DAYS - 1} days before the end`, day),
  param('end', `Last day, included (YYYY-MM-DD); not before start, at most ${MAX_AHEAD_DAYS} days ahead. Default: today`, day),
];
const range = obj({ start: day, end: day });
const booked = { ...euros, description: 'EUR, 2 decimals: the share of these rows in what the ledger booked for their campaign days' };
const counts = {
  impressions: int, clicks: int, pcConversions: int, pvConversions: int, cost: booked,
  invalid: { ...int, description: 'Invalid views, clicks and conversions (a bot\'s, a click without a view, ...): in none of the figures, never billed' },
  invalidShare: { ...percent, description: 'Invalid share: invalid events * 100 / every event (views, clicks and conversions, valid and invalid)' },
};
/** The invalid events by measure: the rows of the whole report (full=true, the downloads) and the websites. */
const invalidParts = {
  invalidImpressions: { ...int, description: 'Invalid views (part of `invalid`)' },
  invalidClicks: { ...int, description: 'Invalid clicks (part of `invalid`)' },
  invalidConversions: { ...int, description: 'Invalid conversions (part of `invalid`)' },
};
const dataAsOf = {
  ...nullable({ type: 'string', format: 'date-time' }),
  description: 'When an event batch last added to the figures (UTC): the answer holds everything committed until then; null before the first batch',
};
const compareParam = param('compare', 'previous: the answer holds the previous period (the same number of days just before the range) in `previous`', { enum: ['previous'] });
/** `previous` of an answer: the previous period's range, totals and every day's figures (`figures`), null unless compare=previous. */
const previousPeriod = (figures: Record<string, unknown>) => ({
  ...nullable(obj({
    range,
    totals: obj(figures),
    stats: { ...list(obj({ date: day, ...figures })), description: 'Every day of the previous period, in order (the n-th day compares with the n-th of the range)' },
  })),
  description: 'With compare=previous: the previous period, read as a report of its range reads it; else null',
});
const chart = (description: string) => ({ ...obj({ labels: list({ type: 'string' }), data: list({ type: 'number' }) }), description });

const websiteRow = obj({
  location: { type: 'string', description: 'The website (host) or app the ads were shown on' }, ...counts, ...invalidParts, ctr: percent,
  app: { type: 'boolean', description: 'An app (bundle id or App Store id) rather than a website' },
  channels: { ...list({ type: 'string' }), description: 'Channels that delivered there (of those asked for)' },
});

const statsRow = (description: string, parts: Record<string, unknown> = {}) => ({
  ...list(obj({
    date: day, channel: nullable({ type: 'string' }), banner: nullable(id), publisher: nullable(id), ...counts, ...parts,
    isActive: { type: 'boolean', description: 'A line item of the channel shows active (active or auto-paused, not user-paused)' },
  })),
  description,
});
const publisherTotals = { _id: id, id, name: nullable({ type: 'string' }), ...counts, ctr: percent };
const conversionRow = obj({
  conversionId: id, orderId: nullable({ type: 'string' }), type: { enum: ['post_click', 'post_view'] }, timestamp: { type: 'string', format: 'date-time' },
  timestampView: { type: 'null' }, timestampClick: { type: 'null' }, clickId: nullable({ type: 'string' }), channel: nullable({ type: 'string' }),
  creative: nullable(id), publisher: nullable(id), location: nullable({ type: 'string' }), approvalStatus: { enum: ['approved', 'rejected', ''], description: "Conversion Approval's decision, '' while pending" },
  approvalDate: { ...nullable({ type: 'string', format: 'date-time' }), description: 'When it was decided, null while pending' }, cartValue: euros, basketValue: euros, commission: euros, commissionPercent: { type: 'null' },
  commissionFixed: { type: 'null' }, cost: euros, fee: { type: 'null' }, currency: { const: 'EUR' },
});
const conversionList = { ...list(conversionRow), description: `The newest ${MAX_CONVERSIONS} conversions of the range (of the publisher when publisher= names one)` };

/** What every answer of the report (but the websites alone) starts with. */
const reportHead = {
  campaignName: { type: 'string' },
  conversionApproval: { type: 'boolean', description: "The campaign's conversionApproval flag (set by staff): link to /campaign/conversions/{id}" },
  clickApproval: { type: 'boolean', description: "The campaign's clickApproval flag (set by staff): link to /campaign/clicks/{id}" },
  range,
  banners: list(obj({
    _id: id, id, name: { type: 'string' }, bannerType: nullable({ type: 'string' }), width: nullable(int), height: nullable(int),
    thumbnail: {}, downloadLink: nullable({ type: 'string' }), channels: list({ type: 'string' }), archived: { type: 'boolean' },
  })),
};

/** The default answer: what the Instant Report shows first (summary.ts). */
const summary = obj({
  ...reportHead,
  stats: statsRow('One row per day x channel x creative with delivery, summed over the publishers (publisher null; with publisher=, that publisher\'s rows), ordered by date, channel, banner'),
  publishers: { ...list(obj(publisherTotals)), description: 'Per publisher (by clicks, descending), its totals' },
  previous: previousPeriod(counts),
  dataAsOf,
});

/** full=true: the whole report of SPEC section 3. */
const fullReport = obj({
  ...reportHead,
  stats: statsRow('One row per day x channel x creative x publisher with delivery, ordered by date, channel, banner, publisher', invalidParts),
  websites: { ...list(websiteRow), description: 'Per website, sorted by sortBy (default clicks, descending)' },
  conversions: conversionList,
  publishers: { ...list(obj({ ...publisherTotals, ...invalidParts, websites: list(websiteRow) })), description: 'Per publisher (by clicks, descending) with its websites' },
  previous: previousPeriod(counts),
  dataAsOf,
});

/** onlyWebsites=true: the Websites tab. */
const websitesOnly = obj({ campaignName: { type: 'string' }, range, websites: { ...list(websiteRow), description: 'Per website, sorted by sortBy (default clicks, descending)' }, dataAsOf });

const classCounts = Object.fromEntries(EVENT_CLASSES.flatMap((cls) => [[cls, int], [`${cls}Perc`, percent]]));
const creativeData = obj({ impression: int, click: int, pcConversions: int, pcConversionsValue: euros, pvConversions: int, pvConversionsValue: euros });

const expert = obj({
  name: { type: 'string', description: 'The campaign' },
  range,
  queryTime: { type: 'number', description: 'Seconds the figures took' },
  uniqueCount: { ...int, description: 'Distinct visitors of the campaign\'s ads and of the shop visits they led to' },
  impressionCount: int,
  impressionCountExpected: { ...nullable(int), description: 'Impressions the range\'s budget buys at the range\'s price per impression' },
  clickCount: int,
  clickCountExpected: { ...nullable(int), description: 'The range\'s budget / 2.50 EUR (SPEC section 9)' },
  pcConversions: int, pvConversions: int, cost: booked,
  siteCr: { ...percent, description: 'Conversions * 100 / unique users' },
  basketavg: { ...euros, description: 'Average conversion value' },
  pixelCount: { ...int, description: 'The onsite events of the range that go back to the campaign\'s ads (its clicks and views)' },
  ...classCounts,
  invalid: {
    ...obj({
      count: int, share: percent,
      reasons: list(obj({ reason: { enum: [...INVALID_REASONS] }, impressions: int, clicks: int, conversions: int, count: int })),
    }),
    description: 'Invalid traffic of the range: its views, clicks and conversions (in none of the figures above, never billed), their share of every event, and per reason, most first',
  },
  creativeArray: list(obj({
    entity: nullable(obj({ _id: id, name: nullable({ type: 'string' }) })), lineItem: nullable(id),
    channels: list(obj({
      channel: nullable({ type: 'string' }), name: nullable({ type: 'string' }), total: creativeData,
      creatives: list(obj({ entity: nullable(obj({ _id: id, name: nullable({ type: 'string' }), width: nullable(int), height: nullable(int) })), data: creativeData })),
    })),
  })),
  assets: obj(Object.fromEntries(['lineitem', 'banner', 'booking', 'contract'].map((type) => [type, list(obj({ _id: id, name: { type: 'string' }, externalIds: { type: 'object' } }))]))),
  charts: obj({
    impressions: chart('Per day'), clicks: chart('Per day'), opr: chart('OPR per day: conversions per 1,000 impressions'), conversion: chart('Conversions per day'), revenue: chart('Conversion value per day, EUR'),
    order: chart('Onsite orders per day'), products: chart('Onsite product page views per day'),
  }),
  hourly: obj({
    impressions: chart('Per hour of the day (UTC), 00-23'), clicks: chart('Per hour of the day (UTC), 00-23'),
    opr: chart('Conversions per 1,000 impressions per hour of the day (UTC)'),
    dwell: chart('Average seconds a visitor spends on the shop on a day (first to last onsite event), by the hour of the day (UTC) of its first event'),
  }),
  dataAsOf,
});

const dashboardFigures = {
  impressions: int, clicks: int, conversions: int, pcConversions: int, pvConversions: int, cost: booked, ctr: percent, invalid: counts.invalid, invalidShare: counts.invalidShare,
};
const analytics = obj({
  advertiser: id,
  range,
  tracking: { type: 'boolean', description: 'Anything was ever tracked for the advertiser (else the "activate statistics" prompt)' },
  emptySelection: { type: 'boolean', description: 'Bookings or templates were chosen, but they hold no booking (SPEC section 5 warning)' },
  stats: { ...list(obj({ date: day, ...dashboardFigures })), description: 'Every day of the range' },
  totals: obj(dashboardFigures),
  templates: list(obj({ _id: id, id, name: { type: 'string' }, bookings: int, ...dashboardFigures })),
  bookings: list(obj({ _id: id, id, name: { type: 'string' }, status: nullable({ type: 'string' }), campaign: nullable(id), bookingtemplate: nullable(id), ...dashboardFigures })),
  websites: { ...list(obj({ location: { type: 'string' }, ...dashboardFigures, app: { type: 'boolean' } })), description: `By clicks, at most ${MAX_WEBSITES}` },
  websitesTotal: int,
  previous: previousPeriod(dashboardFigures),
  dataAsOf,
});

const details = obj({
  kind: { enum: ['booking', 'bookingtemplate'] }, _id: id, id, name: { type: 'string' }, range,
  bookings: { ...int, description: 'Bookings of the template (1 for a booking)' },
  statuses: { type: 'object', additionalProperties: int, description: 'Bookings per status' },
  lineitems: obj({ active: { ...int, description: 'Showing active (active or auto-paused, not user-paused)' }, inactive: int }),
  creatives: { ...int, description: 'Creatives of the bookings' },
  budget: { ...nullable(euros), description: 'Total budget of the bookings' }, dailyBudget: { ...nullable(euros), description: 'Daily budgets of the bookings' },
  spent: { ...euros, description: 'Cost billed so far (all time)' }, spentToday: { ...euros, description: 'What the ledger booked today (UTC)' },
  remainingPercent: { ...nullable(percent), description: 'Budget left: of the total budget, else of today\'s daily budget (SPEC section 5 colours)' },
  ...dashboardFigures,
  topCreatives: { ...list(obj({ _id: nullable(id), name: nullable({ type: 'string' }), width: nullable(int), height: nullable(int), ...dashboardFigures })), description: `By clicks, at most ${TOP}` },
  topWebsites: { ...list(obj({ location: { type: 'string' }, ...dashboardFigures, app: { type: 'boolean' } })), description: `By clicks, at most ${TOP}` },
  channels: {
    ...list(obj({ channel: nullable({ type: 'string' }), name: nullable({ type: 'string' }), color: nullable({ type: 'string' }), ...dashboardFigures, costShare: percent, clickShare: percent })),
    description: 'The channel split, by cost',
  },
  dataAsOf,
});

const campaignId = inPath('id', 'The campaign');

export const reportsApi: Paths = {
  '/api/campaign/{id}/report': {
    get: {
      tags: ['campaign'],
      summary: 'Instant Report: a campaign\'s figures per day, channel and creative with its publishers\' totals; its websites (onlyWebsites); the whole report with its websites and conversions (full) (not for viewers)',
      parameters: [
        campaignId, ...rangeParams,
        param('onlyWebsites', 'true: answer only { campaignName, range, websites }', { type: 'boolean' }),
        param('full', 'true: the whole report of SPEC section 3 (stats per day x channel x creative x publisher, websites, conversions, publishers with their websites)', { type: 'boolean' }),
        param('publisher', 'The rows (stats, or with onlyWebsites the websites) of this publisher only', id),
        param('channels', 'Websites of these channels only (comma-separated or repeated; also channels[])', { type: 'string' }),
        param('sortBy', 'Order of the websites', { enum: [...WEBSITE_SORTS] }),
        param('sortDesc', 'Descending (default true)', { type: 'boolean' }),
        compareParam,
      ],
      responses: {
        200: json('The first answer (summary); with onlyWebsites { campaignName, range, websites }; with full the report of SPEC section 3', { anyOf: [summary, fullReport, websitesOnly] }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/campaign/{id}/report/conversions': {
    get: {
      tags: ['campaign'],
      summary: 'Instant Report, Conversions tab: the campaign\'s newest conversions of the range with their approval status (not for viewers)',
      parameters: [campaignId, ...rangeParams, param('publisher', 'The conversions of this publisher only', id)],
      responses: {
        200: json('The conversions', obj({ conversions: conversionList, dataAsOf })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/campaign/{id}/download': {
    get: {
      tags: ['campaign'],
      summary: 'Download statistics: the Instant Report\'s figures of the range per stat type, in the columns and sort the user keeps in statPreferences (SPEC section 9\'s default rows otherwise), headed in the request\'s language',
      parameters: [
        campaignId, ...rangeParams,
        { ...param('types', `Stat types, comma-separated (at least one of ${STAT_TYPES.join(', ')})`, { type: 'string' }), required: true, example: 'date,channel' },
        param('format', 'csv (default: a block per type, each headed by its name when there are several) or xlsx (a sheet per type)', { enum: [...STAT_FORMATS] }),
      ],
      responses: {
        200: {
          description: 'The file (Content-Disposition: attachment)',
          content: {
            'text/csv': { schema: { type: 'string' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
          },
        },
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/campaign/{id}/domainlist': {
    post: {
      tags: ['campaign'],
      summary: 'Instant Report "remove website" (updateDomainlist): the website goes onto the campaign\'s blacklist domain list; the house ad server stops delivering there',
      parameters: [campaignId],
      requestBody: body({
        name: { type: 'string', description: 'The website (a domain; apps cannot be removed)' },
        channels: { ...list({ type: 'string' }), description: 'Banner Ads channels (at least one) the website is removed from' },
      }, ['name', 'channels']),
      responses: {
        200: json('The website, its channels and the campaign\'s blacklist', obj({
          website: { type: 'string' }, channels: list({ type: 'string' }),
          domainlist: obj({ id, name: { type: 'string' }, domains: list({ type: 'string' }), channels: list({ type: 'string' }) }),
        })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/publisher/campaign/{id}/report': {
    get: {
      tags: ['publisher'],
      summary: 'The publisher\'s view of a campaign: its figures where the signed-in publisher\'s publishers delivered (staff: the Publisher header\'s); `cost` is what the publisher earned (the provisions of its approved events), a conversion\'s `commission` its provision (0 until approved)',
      parameters: [campaignId, ...rangeParams],
      responses: {
        200: json('The publisher\'s rows only', obj({
          campaignName: { type: 'string' }, range,
          publishers: list(obj({ _id: id, id, name: { type: 'string' }, ...counts, ctr: percent })),
          stats: list(obj({ date: day, channel: nullable({ type: 'string' }), banner: nullable(id), publisher: id, ...counts })),
          banners: list(obj({ _id: id, id, name: { type: 'string' }, width: nullable(int), height: nullable(int) })),
          websites: list(obj({ location: { type: 'string' }, ...counts, ctr: percent, app: { type: 'boolean' } })),
          conversions: list(obj({
            conversionId: id, orderId: nullable({ type: 'string' }), type: { enum: ['post_click', 'post_view'] }, timestamp: { type: 'string', format: 'date-time' },
            channel: nullable({ type: 'string' }), creative: nullable(id), publisher: nullable(id), location: nullable({ type: 'string' }), cartValue: euros, commission: euros,
            currency: { const: 'EUR' },
          })),
          dataAsOf,
        })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/campaign/{id}/stats': {
    get: {
      tags: ['campaign'],
      summary: 'Expert Analytics of a campaign (systemoperator only; others: "You are not allowed to access this page")',
      parameters: [campaignId, ...rangeParams],
      responses: {
        200: json('The expert stats (SPEC section 3) and charts (section 7)', expert),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/dashboard/analytics': {
    get: {
      summary: 'The dashboard\'s analytics of the selected advertiser: per day, per template, per booking, per website',
      parameters: [
        ...rangeParams,
        param('bookings', 'Booking ids (comma-separated or repeated; also bookings[])'),
        param('bookingtemplates', 'Booking template ids: their bookings (comma-separated or repeated; also bookingtemplates[])'),
        compareParam,
      ],
      responses: {
        200: json('The figures', analytics),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
  '/api/dashboard/details': {
    get: {
      summary: 'The dashboard\'s detail card of one booking or booking template of the selected advertiser',
      parameters: [
        param('booking', 'The booking (or bookingtemplate, exactly one of them)', { ...id, 'x-ref': 'booking' }),
        param('bookingtemplate', 'The booking template', { ...id, 'x-ref': 'bookingtemplate' }),
        ...rangeParams,
      ],
      responses: {
        200: json('The card', details),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 406: answer('AccessChanged'),
      },
    },
  },
};
