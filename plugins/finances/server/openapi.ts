/**
 * The finance routes in /api/openapi.json (../README.md "Endpoints"): balance, card payment, refund, spends and manual
 * entries, ledger, alert, coupons, publisher balance, invoice and credit-note search, count, status and PDF.
 * Amounts in euros. Error answers name the core's components (`#/components/responses/...`).
 */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';
import { MAX_TOP_UP } from '@adsuite/config';
import { MANUAL_DIRECTIONS, MAX_KEY, MAX_REASON } from './manualEntries.ts';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, body, inPath, json, listParams, query, schema } = openapi;

const advertiserId = inPath('id', 'The advertiser');
const euros = (description: string, minimum = 0.01) => ({ type: 'number', minimum, maximum: MAX_TOP_UP, multipleOf: 0.01, description });
const balance = { type: 'number', description: 'The balance after it, EUR' };
const withBalance = (description: string, more: Record<string, unknown> = {}) => json(description, { type: 'object', properties: { transaction: schema('transaction'), balance, ...more } });
const payment = {
  type: 'object',
  properties: {
    status: { const: 'succeeded' }, paymentId: { type: 'string', format: 'uuid' }, amount: { type: 'number', description: 'Credit (net), EUR' },
    vat: { type: 'number' }, gross: { type: 'number', description: 'What the card paid' }, balance, transaction: { type: 'string', format: 'uuid' },
    invoice: { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, number: { type: 'string' } } },
  },
};

function documentPaths(kind: 'invoice' | 'creditnote'): Paths {
  const what = kind === 'invoice' ? 'invoices' : 'credit notes';
  return {
    [`/api/${kind}/search`]: {
      get: {
        tags: [kind], summary: `Search ${what} by number or advertiser name`, parameters: [query('q', 'Part of the number or advertiser name'), ...listParams, query('populate', 'advertiser: embed it')],
        responses: { 200: json(`The page of ${what}; header Content-Range`, { type: 'array', items: schema(kind) }), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
      },
    },
    [`/api/${kind}/count`]: {
      get: {
        tags: [kind], summary: `Count ${what}`, parameters: [query('filter', 'JSON filter as in the generic lists')],
        responses: { 200: json('`{ count }`', { type: 'object', properties: { count: { type: 'integer' } } }), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
      },
    },
    [`/api/${kind}/{id}/status`]: {
      patch: {
        tags: [kind], summary: 'Change the status (admins, accounting, billing)', parameters: [inPath('id', `The ${kind}`)],
        requestBody: body({ status: { type: 'string', enum: ['draft', 'open', 'paid', 'canceled'] } }, ['status']),
        responses: { 200: json('The document', schema(kind)), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
    },
    [`/api/${kind}/{id}/download`]: {
      get: {
        tags: [kind], summary: 'The PDF, in the account\'s language', parameters: [inPath('id', `The ${kind}`)],
        responses: { 200: { description: '<number>.pdf', content: { 'application/pdf': {} } }, 401: answer('Unauthorized'), 404: answer('NotFound') },
      },
    },
  };
}

export const financeApi: Paths = {
  '/api/advertiser/{id}/balance': {
    get: {
      tags: ['finances'], summary: 'The advertiser\'s balance (not for viewers)', parameters: [advertiserId],
      responses: {
        200: json('`{ balance, reserved, available }` in EUR: reserved is what approval campaigns\' pending events hold, available the balance less it', {
          type: 'object', required: ['balance', 'reserved', 'available'],
          properties: { balance: { type: 'number' }, reserved: { type: 'number' }, available: { type: 'number' } },
        }),
        401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/advertiser/{id}/payment': {
    post: {
      tags: ['finances'], summary: 'Top up by card (advertiser-side writers, admins); once per Idempotency-Key',
      parameters: [advertiserId, { $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: body({
        amount: euros('The credit (vatHandle add) or what the card pays (deduct), EUR', 1), vatHandle: { type: 'string', enum: ['add', 'deduct'] },
        cardNumber: { type: 'string' }, expiry: { type: 'string', description: 'MM/YY' }, cvc: { type: 'string', pattern: '^\\d{3,4}$' },
      }, ['amount', 'vatHandle', 'cardNumber', 'expiry', 'cvc']),
      responses: {
        200: json('Paid: credit, VAT, card charge, balance, ledger entry and invoice', payment),
        202: json('The card asks for confirmation: `{ status: "requires_confirmation", paymentId }`'),
        400: answer('Invalid'), 401: answer('Unauthorized'), 402: json('payment failed: declined, nothing changed', schema('Error')),
        403: answer('Forbidden'), 404: answer('NotFound'), 422: json('The key was used for another payment', schema('Error')),
      },
    },
  },
  '/api/advertiser/{id}/payment/{paymentId}/confirm': {
    post: {
      tags: ['finances'], summary: 'Complete a payment that required confirmation (again: its result again)', parameters: [advertiserId, inPath('paymentId', 'The payment')],
      responses: { 200: json('Paid', payment), 401: answer('Unauthorized'), 402: json('payment failed', schema('Error')), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/advertiser/{id}/refund': {
    post: {
      tags: ['finances'], summary: 'Refund a net amount plus its VAT and issue a credit note (admins, accounting, billing)', parameters: [advertiserId],
      requestBody: body({ amount: euros('Net EUR taken off the balance'), reason: { type: 'string', maxLength: 2000 }, invoice: { type: 'string', format: 'uuid' } }, ['amount']),
      responses: {
        201: json('`{ creditNote, transaction, balance }`', { type: 'object', properties: { creditNote: schema('creditnote'), transaction: schema('transaction'), balance } }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 409: answer('Conflict'),
      },
    },
  },
  '/api/advertiser/{id}/transaction': {
    post: {
      tags: ['finances'], summary: 'Book a spend (admins, accounting, billing); with an Idempotency-Key once',
      parameters: [advertiserId, { name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 200 }, description: 'Optional: the same key books the spend once' }],
      requestBody: body({
        type: { const: 'spend' }, amount: euros('EUR taken off the balance'), description: { type: 'string', maxLength: 500 },
        campaign: { type: 'string', format: 'uuid' }, reference: { type: 'string', maxLength: 200 },
      }, ['amount', 'description']),
      responses: {
        201: withBalance('Booked'), 200: withBalance('Booked earlier under this key'),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'), 409: answer('Conflict'),
      },
    },
  },
  '/api/advertiser/{id}/manual-entry': {
    post: {
      tags: ['finances'], summary: 'Book a credit or debit by hand (systemoperator); the reason names the entry; once per Idempotency-Key',
      parameters: [advertiserId, { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: MAX_KEY } }],
      requestBody: body({
        direction: { type: 'string', enum: MANUAL_DIRECTIONS }, amount: euros('EUR, at most two decimals'),
        reason: { type: 'string', minLength: 1, maxLength: MAX_REASON, description: 'The ledger entry\'s name' },
      }, ['direction', 'amount', 'reason']),
      responses: {
        201: withBalance('Booked: the entry (type manual) and the new balance', { repeated: { const: false } }),
        200: withBalance('Booked earlier under this key: that entry and the balance now', { repeated: { const: true } }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
        409: json('A debit a prepaid balance does not cover (error at amount); nothing booked', schema('Error')),
        422: json('The key was used for another entry', schema('Error')),
      },
    },
  },
  '/api/finances/ledger': {
    get: {
      tags: ['finances'], summary: 'A page of the advertiser\'s ledger', parameters: [query('advertiser', 'The advertiser (else the selected one)'), ...listParams],
      responses: { 200: json('Ledger entries; header Content-Range: transaction start-end/total', { type: 'array', items: schema('transaction') }), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/finances/ledger.csv': {
    get: {
      tags: ['finances'], summary: 'The newest 500 ledger entries as CSV, in the reader\'s language', parameters: [query('advertiser', 'The advertiser (else the selected one)'), ...listParams],
      responses: { 200: { description: 'transactions.csv: date, type, description, reference, amount', content: { 'text/csv': {} } }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/finances/alert': {
    get: {
      tags: ['finances'], summary: 'The balance alert level for the dashboard banner', parameters: [query('advertiser', 'The advertiser (else the selected one)')],
      responses: {
        200: json('`{ level, balance, dailyBudget, prepaid }`: balance and the daily budgets of the active campaigns in EUR; `prepaid` when the prepaid thresholds apply (prepaid billing with prepaid contracts)', {
          type: 'object', properties: { level: { type: 'string', enum: ['ok', 'warning', 'danger'] }, balance: { type: 'number' }, dailyBudget: { type: 'number' }, prepaid: { type: 'boolean' } },
        }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/publisher/{id}/balance': {
    get: {
      tags: ['finances'], summary: 'A publisher\'s balance: earnings less payouts', parameters: [inPath('id', 'The publisher')],
      responses: { 200: json('`{ balance }` in EUR', { type: 'object', properties: { balance: { type: 'number' } } }), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/coupon/use': {
    post: {
      tags: ['finances'], summary: 'Redeem a coupon code for an advertiser (advertiser-side writers, admins)',
      requestBody: body({ code: { type: 'string', maxLength: 40 }, advertiser: { type: 'string', format: 'uuid', description: 'Else the selected one' } }, ['code']),
      responses: {
        200: withBalance('`{ coupon, amount, balance, transaction }`', { coupon: { type: 'string' }, amount: { type: 'number' } }),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/coupon/{id}/advertisers': {
    get: {
      tags: ['finances'], summary: 'Who redeemed the coupon, newest first', parameters: [inPath('id', 'The coupon')],
      responses: {
        200: json('`[{ date, advertiser, name }]`', { type: 'array', items: { type: 'object', properties: { date: { type: 'string' }, advertiser: { type: 'string' }, name: { type: 'string' } } } }),
        401: answer('Unauthorized'), 404: answer('NotFound'),
      },
    },
  },
  ...documentPaths('invoice'),
  ...documentPaths('creditnote'),
};
