/**
 * The publisher area's routes in /api/openapi.json (routes.ts): the publisher's home, campaigns, invitations and
 * websites, and staff's invitations of a campaign. Money in euros with 2 decimals, days as YYYY-MM-DD (UTC).
 */
import { INVITATION_STATUSES } from '@adsuite/config';
import { INVITATION_ACTIONS, INVITATION_ANSWERS } from '@adsuite/config/invitations';
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { MAX_PUBLISHERS } from './invitations.ts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, schema } = openapi;

const int = { type: 'integer', minimum: 0 };
const euros = { type: 'number', description: 'EUR, 2 decimals' };
const day = { type: 'string', format: 'date' };
const id = { type: 'string', format: 'uuid' };
const text = { type: 'string' };
const status = { enum: [...INVITATION_STATUSES] };
const nullable = (item: Record<string, unknown>) => ({ anyOf: [item, { type: 'null' }] });
/** An answer's object: every property is always there (null where the schema says it may be). */
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (items: unknown) => ({ type: 'array', items });
const param = (name: string, description: string, item: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query', schema: item, description });

const publisherId = inPath('id', 'The publisher (the signed-in publisher\'s own; staff any)');
const rangeParams = [
  param('start', 'First day (YYYY-MM-DD, UTC); at most 6 months and 1 day back (SPEC section 5)', day),
  param('end', 'Last day, included (YYYY-MM-DD). Default: today', day),
];
const counts = obj({ impressions: int, clicks: int, conversions: int });
const figures = obj({ impressions: int, clicks: int, conversions: int, earnings: { ...euros, description: 'Provisions credited in the range for the events it sent' } });
const period = { start: nullable(day), end: nullable(day), continuous: { type: 'boolean', description: 'Runs without an end' } };
const refusals = { 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') };

const waiting = obj({
  id, invitationStatus: { enum: ['invited', 'invitation_received'] }, invited: { type: 'string', format: 'date-time' },
  campaign: obj({ id, name: text, advertiser: text, ...period }),
});

const offer = {
  id, name: text, advertiser: text, ...period, campaignStatus: nullable(text),
  invitation: { ...nullable(id), description: 'The invitation; null for a campaign delivered for without one' },
  invitationStatus: { ...status, description: 'SPEC section 4 (not_invited: delivered for without an invitation)' }, message: nullable(text),
  answerable: { type: 'boolean', description: 'May be accepted or declined now' },
  withTags: { type: 'boolean', description: 'Accepted and not over: its placements earn' },
  terms: obj({
    cpc: { ...nullable(euros), description: 'The most a click earns' }, cpoPercent: { ...nullable({ type: 'number' }), description: 'Percent of the cart value an order earns' },
    cpoFixed: { ...nullable(euros), description: 'A fixed amount an order earns' }, validationDays: { ...nullable(int), description: 'Days after which pending events are approved' },
  }),
  figures: obj({ impressions: int, clicks: int, conversions: int, earnings: euros }),
};
const placement = obj({
  lineitem: id, channel: text, banner: id, name: text, bannerType: nullable(text), width: nullable({ type: 'integer' }), height: nullable({ type: 'integer' }),
});

const staffRow = obj({
  publisher: obj({ id, name: text, url: nullable(text) }), invitation: nullable(id), invitationStatus: status,
  newInvitationStatus: { ...nullable({ enum: ['to_invite', 'to_retract'] }), description: 'The change prepared, sent by the send job' },
  status: { ...status, description: 'What staff see: the prepared change, else the stored status' },
  end: nullable(day), continously: { type: 'boolean' }, updated: nullable({ type: 'string', format: 'date-time' }),
});

export const publisherAreaApi: Paths = {
  '/api/publisher/{id}/dashboard': {
    get: {
      tags: ['publisher'], summary: 'The publisher\'s home: figures of the range per day and in total, earnings and EPC, balance, pending earnings, top campaigns and websites, invitations waiting',
      parameters: [publisherId, ...rangeParams],
      responses: {
        200: json('Figures from the daily rollups, earnings from the ledger', obj({
          range: obj({ start: day, end: day }),
          totals: obj({ impressions: int, clicks: int, conversions: int, earnings: euros, epc: { ...euros, description: 'Earnings per click' } }),
          days: list(obj({ date: day, impressions: int, clicks: int, conversions: int, earnings: euros })),
          balance: { ...euros, description: 'Earnings less payouts' },
          pending: { ...euros, description: 'Provisions proposed for its events still reserved (not part of the balance)' },
          pendingEvents: int,
          campaigns: list(obj({ id, name: text, impressions: int, clicks: int, conversions: int, earnings: euros })),
          websites: list(obj({ website: text, impressions: int, clicks: int, conversions: int, earnings: { ...euros, description: 'Provisions credited in the range for the events this website sent' } })),
          invitations: list(waiting),
        })),
        ...refusals,
      },
    },
  },
  '/api/publisher/{id}/campaigns': {
    get: {
      tags: ['publisher'], summary: 'The campaigns offered to the publisher: invitation status, period, commission terms and figures so far',
      parameters: [publisherId],
      responses: { 200: json('Waiting ones first', list(obj(offer))), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/publisher/{id}/campaigns/{campaign}': {
    get: {
      tags: ['publisher'], summary: 'One campaign offered to the publisher with its placements (once accepted) and the publisher\'s websites',
      parameters: [publisherId, inPath('campaign', 'The campaign')],
      responses: {
        200: json('The campaign', obj({
          ...offer,
          placements: { ...list(placement), description: 'Each creative of its line items on the ad server\'s channels (config/adTags.ts makes embed code and splitter links)' },
          websites: list(obj({ id, name: text, host: text })),
        })),
        401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/publisher/{id}/invitations': {
    get: {
      tags: ['publisher'], summary: 'The invitations the publisher may answer now', parameters: [publisherId],
      responses: { 200: json('Ending first first', list(waiting)), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/publisher/{id}/invitations/{invitation}': {
    post: {
      tags: ['publisher'], summary: 'Accept or decline an invitation while it is open (SPEC section 4); mails the campaign\'s affiliate manager',
      parameters: [publisherId, inPath('invitation', 'The invitation')],
      requestBody: body({ answer: { enum: [...INVITATION_ANSWERS] } }, ['answer']),
      responses: {
        200: json('The new status', obj({ id, campaign: id, invitationStatus: status })),
        ...refusals, 409: json('Not open for an answer (answered, retracted, outdated)', schema('Error')),
      },
    },
  },
  '/api/publisher/{id}/invitations/{invitation}/received': {
    post: {
      tags: ['publisher'], summary: 'The publisher opened its invitation: invited becomes invitation_received (other statuses stay)',
      parameters: [publisherId, inPath('invitation', 'The invitation')],
      responses: { 200: json('The status now', obj({ id, campaign: id, invitationStatus: status })), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/publisher/{id}/websitedata': {
    get: {
      tags: ['publisher'], summary: 'The publisher\'s websites with their details and figures of the range (default: 30 days), and the websites sending it traffic that it has not registered',
      parameters: [publisherId, ...rangeParams],
      responses: {
        200: json('Websites and the ones to claim', obj({
          range: obj({ start: day, end: day }),
          websites: list(obj({
            id, name: text, url: text, host: nullable(text), active: { type: 'boolean' },
            details: obj({
              industry: nullable(text), description: nullable(text), visitorsOrigin: list(text), monthlyVisitors: int, monthlyUniques: int, monthlyPageviews: int,
              avgVisitDuration: { ...int, description: 'Seconds' },
            }),
            figures,
          })),
          unclaimed: list(obj({ website: text, figures, recent: { ...counts, description: 'The last 90 days' } })),
        })),
        ...refusals,
      },
    },
  },
  '/api/publisher/{id}/websites/claim': {
    post: {
      tags: ['publisher'], summary: 'Register a website (host) that sent the publisher traffic in the last 90 days',
      parameters: [publisherId], requestBody: body({ website: { type: 'string', maxLength: 253, description: 'The host, e.g. news.example.com' } }, ['website']),
      responses: { 201: json('The website', schema('website')), ...refusals, 409: json('Registered already', schema('Error')) },
    },
  },
  '/api/campaign/{id}/invitations': {
    get: {
      tags: ['campaign'], summary: 'The publishers with their invitation to the campaign (affiliatemanager, administrator, systemoperator)',
      parameters: [
        inPath('id', 'The campaign'), param('q', 'Part of the publisher\'s name'), param('status', 'Shown statuses, comma-separated'),
        param('range', `JSON [first, last] of the rows, at most ${MAX_PUBLISHERS} (default [0,49])`),
      ],
      responses: {
        200: json('A page of publishers by name', obj({
          campaign: obj({ id, name: text, ...period, status: nullable(text) }), total: int,
          counts: { type: 'object', additionalProperties: int, description: 'Publishers per shown status (of the filtered list)' },
          waiting: { ...int, description: 'Prepared changes of the campaign waiting to be sent' }, rows: list(staffRow),
        })),
        ...refusals,
      },
    },
    post: {
      tags: ['campaign'], summary: 'Move publishers\' invitations by the UI transitions of SPEC section 4, all or none',
      parameters: [inPath('id', 'The campaign')],
      requestBody: body({
        action: { enum: [...INVITATION_ACTIONS], description: 'invite: not_invited or retracted -> to_invite; retract: invited or accepted -> to_retract; reset: back to the original' },
        publishers: { type: 'array', items: id, minItems: 1, maxItems: MAX_PUBLISHERS, uniqueItems: true },
      }, ['action', 'publishers']),
      responses: {
        200: json('The moved rows', obj({ rows: list(staffRow) })),
        ...refusals, 409: json('A publisher\'s invitation the action cannot move (errors at publishers.<index>); nothing changed', schema('Error')),
      },
    },
  },
  '/api/campaign/{id}/invitations/send': {
    post: {
      tags: ['campaign'], summary: 'Send the campaign\'s prepared changes: queues the job that makes to_invite invited and to_retract retracted and mails the publishers',
      parameters: [inPath('id', 'The campaign')],
      responses: {
        202: json('Queued (job null when nothing waits)', obj({ waiting: int, job: nullable(id) })),
        401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
};
