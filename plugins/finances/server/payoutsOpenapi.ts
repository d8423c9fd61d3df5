/** The payout routes in /api/openapi.json (routes/payouts.ts): requests, payment, cancellation, credit note, accounting's list. */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { PAYOUT_MAX_CENTS, PAYOUT_STATUSES } from '@adsuite/config/payouts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, schema } = openapi;

const eur = (description: string) => ({ type: 'number', description: `${description}, EUR` });
const funds = { balance: eur('Earnings less payouts'), requested: eur('What open requests ask for'), available: eur('What may be requested now') };
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const payoutId = inPath('id', 'The payout');
const refusals = { 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') };
const conflict = (description: string) => json(description, schema('Error'));

export const payoutApi: Paths = {
  '/api/publisher/{id}/payouts': {
    get: {
      tags: ['finances'], summary: 'The publisher\'s balance, open requests, available amount and minimum, and its payouts (newest 100)',
      parameters: [inPath('id', 'The publisher')],
      responses: { 200: json('Funds and payouts', obj({ ...funds, minimum: eur('The least a request may ask for'), payouts: { type: 'array', items: schema('payout') } })), ...refusals },
    },
    post: {
      tags: ['finances'], summary: 'Request a payout (the publisher): the amount, or all that is available; at least the minimum, at most the available balance',
      parameters: [inPath('id', 'The publisher')],
      requestBody: body({ amount: { type: 'number', minimum: 0.01, maximum: PAYOUT_MAX_CENTS / 100, multipleOf: 0.01, description: 'EUR; absent: all that is available' } }),
      responses: {
        201: json('The request and the funds after it', obj({ payout: schema('payout'), ...funds, minimum: eur('The minimum') })),
        400: answer('Invalid'), ...refusals, 409: conflict('The available balance is below the minimum (error at amount); nothing requested'),
      },
    },
  },
  '/api/payout/{id}/paid': {
    post: {
      tags: ['finances'], summary: 'Pay an open request (admins, accounting, billing): the payout ledger entry and the credit note (Gutschrift); mails the publisher',
      parameters: [payoutId],
      responses: { 200: json('The paid payout with its credit note number, and the funds after it', obj({ payout: schema('payout'), ...funds })), ...refusals, 409: conflict('Not open, or the balance does not cover it') },
    },
  },
  '/api/payout/{id}/cancel': {
    post: {
      tags: ['finances'], summary: 'Withdraw an open request (the publisher its own, or accounting)', parameters: [payoutId],
      responses: { 200: json('The payout', schema('payout')), ...refusals, 409: conflict('Not open any more') },
    },
  },
  '/api/payout/{id}/download': {
    get: {
      tags: ['finances'], summary: 'The credit note (Gutschrift) of a paid payout as PDF, in the publisher\'s language', parameters: [payoutId],
      responses: { 200: { description: '<number>.pdf', content: { 'application/pdf': {} } }, ...refusals },
    },
  },
  '/api/finances/payouts': {
    get: {
      tags: ['finances'], summary: 'Payout requests with each publisher\'s balance (admins, accounting, billing); open ones first, oldest first',
      parameters: [
        { name: 'status', in: 'query', schema: { enum: [...PAYOUT_STATUSES] }, description: 'Only these' },
        { name: 'range', in: 'query', schema: { type: 'string' }, description: 'JSON [first, last] row, at most 100 rows (default [0,9])' },
      ],
      responses: {
        200: json('A page of requests', obj({
          total: { type: 'integer' },
          rows: { type: 'array', items: { allOf: [schema('payout'), obj({ publisherName: { type: 'string' }, balance: eur('The publisher\'s balance now') })] } },
        })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'),
      },
    },
  },
};
