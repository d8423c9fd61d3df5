/** The approval routes in /api/openapi.json (creative approval: administrator and systemoperator). */
import { APPROVAL_PAGE_SIZE, APPROVAL_TYPES, REVIEW_COMMENT_MAX, REVIEW_REASON_MAX } from '@adsuite/config/approvals';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, json, object, query } = openapi;

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
};
