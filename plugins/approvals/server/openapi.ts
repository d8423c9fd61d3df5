/** The approval routes in /api/openapi.json (creative approval: administrator and systemoperator). */
import {
  APPROVAL_PAGE_SIZE, APPROVAL_TYPES, CLICK_SORTS, CONVERSION_SORTS, EVENT_BULK_MAX, EVENT_MONEY_MAX, REVIEW_COMMENT_MAX, REVIEW_REASON_MAX,
} from '@adsuite/config/approvals';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, jsonBody, object, query } = openapi;

const id = { type: 'string', format: 'uuid' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: unknown) => ({ type: 'array', items });
const named = nullable(object({ id, name: { type: 'string' } }));
const status = { enum: ['approved', 'rejected', 'not_reviewed'] };
const type = { enum: [...APPROVAL_TYPES] };
const filters = [
  query('advertiser', 'Only items of this advertiser (id)'),
  query('campaign', 'Only items of this campaign (id); a banner belongs to it when a booking of the campaign names it'),
  query('booking', 'Only items of this booking (id): the banners its creatives name, its line items'),
];
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') };

const item = object({
  id, type, name: { type: 'string' }, advertiser: named, campaign: named,
  bookings: list(object({ id, name: { type: 'string' }, status: { type: 'string' } })),
  reviews: { ...list(object({ channel: { type: 'string' }, status, reason: { type: 'string' }, comment: { type: 'string' } })), description: 'One per channel the item is reviewed for' },
  creative: { ...object({}), description: 'Banners: bannerType, width, height, downloadLink, thumbnail, video, adCode, headlines, descriptions, keywords' },
  changes: { ...list(object({ field: { type: 'string' }, old: {}, new: {} })), description: 'Line items: the changes waiting, money in euros' },
  updated: { type: 'string', format: 'date-time' },
});

export const approvalsApi: Paths = {
  '/api/approval/count': {
    get: {
      tags: ['approvals'], summary: 'How many items wait for review, per type', parameters: filters,
      responses: { 200: json('Counts per type', object({ banner: { type: 'integer' }, lineitem: { type: 'integer' } })), ...refusals },
    },
  },
  '/api/approval': {
    get: {
      tags: ['approvals'],
      summary: `A page of ${APPROVAL_PAGE_SIZE} items waiting for review, newest first: banners with a channel not reviewed (not template ads), line items with changes that do not approve themselves`,
      parameters: [query('type', 'banner or lineitem'), query('page', 'Page from 1', 'integer'), ...filters],
      responses: { 200: json('The page', object({ type, page: { type: 'integer' }, count: { type: 'integer' }, items: list(item) })), ...refusals },
    },
  },
  '/api/approval/review': {
    post: {
      tags: ['approvals'],
      summary: 'Review one item per channel: every channel approved or rejected (a rejection with its reason); a banner\'s bookings waiting for approval are checked again, a line item\'s approved changes applied',
      requestBody: body({
        type, id,
        reviews: list(object({
          channel: { type: 'string' }, status: { enum: ['approved', 'rejected'] },
          reason: { type: 'string', maxLength: REVIEW_REASON_MAX, description: 'Required for rejected' }, comment: { type: 'string', maxLength: REVIEW_COMMENT_MAX },
        }, ['channel', 'status'])),
      }, ['type', 'id', 'reviews']),
      responses: { 200: json('The item as saved', item), ...refusals, 404: answer('NotFound') },
    },
  },
  ...eventApprovalPaths('conversion', 'conversions'),
  ...eventApprovalPaths('click', 'clicks'),
};

/*
 * Conversion and click approval. Who may write a decision: the campaign's advertiser (its users and sub-accounts
 * other than viewers) and staff at the route minimum of /campaign/conversions/{id} and /campaign/clicks/{id}
 * (campaign manager and above, accounting included, viewers refused); nobody writes the events themselves.
 */
function eventApprovalPaths(kind: 'conversion' | 'click', path: string) {
  const money = { type: 'number', minimum: 0, maximum: EVENT_MONEY_MAX, multipleOf: 0.01 };
  const approvalStatus = { enum: ['approved', 'rejected', ''], description: "'' while pending" };
  const text = { type: ['string', 'null'] };
  const maybeId = nullable(id);
  const where = {
    timestamp: { type: 'string', format: 'date-time' }, timestampView: { type: 'null' }, channel: text, lineitem: maybeId, creative: maybeId, creativeName: text,
    publisher: maybeId, publisherName: text, location: { ...text, description: 'The website or app' },
    approvalStatus, approvalDate: { ...nullable({ type: 'string', format: 'date-time' }), description: 'When it was decided, null while pending' },
  };
  const costs = {
    cost: { type: 'number', description: 'What the event cost the advertiser, EUR' }, reserved: { type: 'boolean', description: 'Its cost is only reserved until the decision' },
    refunded: { type: 'number', description: 'EUR refunded on rejection' }, currency: { enum: ['EUR'] },
  };
  const everyOf = (properties: Record<string, unknown>) => object(properties, Object.keys(properties));
  const row = kind === 'conversion'
    ? everyOf({
      conversionId: id, orderId: text, type: { enum: ['post_click', 'post_view'] }, timestampClick: { type: 'null' }, clickId: maybeId, ...where,
      cartValue: { type: 'number' }, basketValue: { type: 'number' }, adjustedCartValue: { ...nullable({ type: 'number' }), description: 'Set by a decision' },
      commission: { type: 'number', description: 'The provision in euros: earned once approved, proposed while pending, 0 once rejected' },
      commissionPercent: nullable({ type: 'number' }), commissionFixed: nullable({ type: 'number' }), fee: { type: 'number', description: 'The platform\'s fee, EUR' }, ...costs,
    })
    : everyOf({ clickId: id, ...where, provision: { type: 'number', description: 'EUR' }, ...costs });
  const change = kind === 'conversion'
    ? object({
      conversionId: id, approved: { type: 'boolean' }, adjustedCartValue: { ...money, description: 'Euros; the event\'s cart value when absent' },
      commissionPercent: { anyOf: [{ type: 'number', minimum: 0, maximum: 100 }, { type: 'null' }], description: 'Provision = adjusted cart value / 100 x percent; null for a fixed provision' },
      provision: { ...money, description: 'Euros, a fixed provision (without a percentage)' },
    }, ['conversionId', 'approved'])
    : object({ clickId: id, approved: { type: 'boolean' }, provision: { ...money, description: 'Euros' } }, ['clickId', 'approved']);
  const campaign = inPath('id', 'The campaign');
  const decided = { 409: { description: `The ${kind} has already been decided`, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } };
  return {
    [`/api/campaign/{id}/${path}`]: {
      get: {
        tags: ['approvals'],
        summary: `A page of the campaign's ${kind}s (bots left out) with their decisions, newest first by default`,
        parameters: [
          campaign, query('page', 'Page from 1', 'integer'), query('size', '10, 20, 50, 100, or 500 for the CSV download', 'integer'),
          query('sort', (kind === 'conversion' ? CONVERSION_SORTS : CLICK_SORTS).join(', ')), query('direction', 'ASC or DESC (default)'),
          query('q', 'Free text: id, channel, website, creative, publisher' + (kind === 'conversion' ? ', order id' : '')),
          query('lineitemIds', 'Line item ids, comma-separated'), query('creativeIds', 'Creative ids, comma-separated'),
          query('start_date', 'DD-MM-YYYY or YYYY-MM-DD (default 29 days before the end)'), query('end_date', 'DD-MM-YYYY or YYYY-MM-DD (default today)'),
          query('approvalStatus', 'pending (or NULL), approved, rejected'),
        ],
        responses: { 200: json('The page', object({ campaignName: { type: 'string' }, count: { type: 'integer' }, items: list(row) })), ...refusals, 404: answer('NotFound') },
      },
      post: {
        tags: ['approvals'],
        summary: `Decide one pending ${kind}: approved (the publisher earns the provision) or rejected (provision 0, its charge refunded)`,
        parameters: [campaign],
        requestBody: jsonBody(change),
        responses: { 200: json(`The ${kind} as decided`, row), ...refusals, 404: answer('NotFound'), ...decided },
      },
    },
    [`/api/campaign/{id}/${path}/bulk`]: {
      post: {
        tags: ['approvals'],
        summary: `Decide up to ${EVENT_BULK_MAX} pending ${kind}s at once, all or none`,
        parameters: [campaign],
        requestBody: jsonBody({ type: 'array', minItems: 1, maxItems: EVENT_BULK_MAX, items: change }),
        responses: { 200: json(`The ${kind}s as decided`, object({ items: list(row) })), ...refusals, 404: answer('NotFound'), ...decided },
      },
    },
  } as Paths;
}
