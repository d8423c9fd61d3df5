/** Network monitoring's route in /api/openapi.json (administrator and above, wizard). */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, json, object, query } = openapi;

const int = { type: 'integer' };
const time = { type: 'string', format: 'date-time' };
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const list = (items: unknown) => ({ type: 'array', items });
const figures = object({ impressions: int, clicks: int, cost: { type: 'number', description: 'Euros' } });

export const networkMonitoringApi: Paths = {
  '/api/networkmonitoring': {
    get: {
      tags: ['networkmonitoring'], summary: 'Delivery per channel in the last hours against yesterday, line items that stopped delivering, the networks\' last pulls, failed sync jobs',
      parameters: [query('hours', 'Hours looked at, the current one included (1-48, default 6)', 'integer')],
      responses: {
        200: json('The monitoring', object({
          hours: int, from: time, to: time,
          channels: list(object({
            channel: { type: 'string' }, name: { type: 'string' }, network: { enum: ['house', 'sandbox'] }, now: figures, yesterday: figures,
            change: nullable({ type: 'number' }), down: { type: 'boolean' }, liveLineItems: int, silentLineItems: int,
          })),
          silentLineItems: list(object({ id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, channel: nullable({ type: 'string' }), campaign: object({ id: { type: 'string' }, name: { type: 'string' } }), lastDelivery: nullable(time) })),
          networks: list(object({ channel: { type: 'string' }, name: { type: 'string' }, lastDelivery: nullable(time) })),
          lastPull: nullable(time),
          failedJobs: list(object({ id: { type: 'string' }, name: { type: 'string' }, type: { type: 'string' }, channel: nullable({ type: 'string' }), runCount: int, lastRun: nullable(time), message: nullable({ type: 'string' }) })),
        })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'),
      },
    },
  },
};
