/** The activity log's routes in /api/openapi.json (administrator and above). */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, json, object, query } = openapi;

const id = { type: 'string', format: 'uuid' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: unknown) => ({ type: 'array', items });
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') };
const named = { description: 'The record (id and its fields) when the reader may read it, else its id', anyOf: [object({ id }), id, { type: 'null' }] };
const entry = {
  ...object({
    id, createdOn: { type: 'string', format: 'date-time' }, message: nullable({ type: 'string' }), level: nullable({ type: 'string' }), category: nullable({ type: 'string' }),
    login: named, campaign: named, entityId: nullable({ type: 'string' }), entityType: nullable({ type: 'string' }), entityAction: nullable({ enum: ['create', 'update', 'delete'] }),
    version: { description: 'The record as written (JSON snapshot; money in euros)' },
  }),
  description: 'An activity-log entry (SPEC section 3 "Campaign log entry")',
};

export const activityLogApi: Paths = {
  '/api/activitylog': {
    get: {
      tags: ['activitylog'], summary: 'A page of activity-log entries of at most 3 days, newest first',
      parameters: [
        query('start', 'First day (YYYY-MM-DD, UTC); default: 2 days before today'), query('end', 'Last day (YYYY-MM-DD, UTC), at most 3 days after start; default: today'),
        query('search', 'Text in the message, entity type or entity id'), query('login', 'Only entries by this user (id)'), query('campaign', 'Only entries of this campaign (id)'),
        query('level', 'administrator, system or advertiser'), query('category', 'Campaign Management, Optimizer or Subscription'),
        query('qty', 'Entries per page (1-100, default 10)', 'integer'), query('offset', 'Entries to skip', 'integer'), query('returnCount', 'false: leave the count out'),
      ],
      responses: { 200: json('The page', object({ count: { type: 'integer' }, items: list(entry) })), ...refusals },
    },
  },
  '/api/activitylog/versions': {
    get: {
      tags: ['activitylog'], summary: 'Every version of a record the activity log holds, oldest first',
      parameters: [{ ...query('entityId', 'The record\'s id'), required: true }, query('entityType', 'The record\'s type (resource name)')],
      responses: {
        200: json('The versions', object({
          entityId: { type: 'string' }, entityType: nullable({ type: 'string' }),
          versions: list(object({ id, createdOn: { type: 'string', format: 'date-time' }, message: nullable({ type: 'string' }), login: named, entityAction: nullable({ type: 'string' }), version: {} })),
        })),
        ...refusals,
      },
    },
  },
};
