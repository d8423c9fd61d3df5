/**
 * The affiliate wizard's routes in /api/openapi.json (routes.ts): a wizard's create and update with its network's
 * preset, setting it live, the pickers' countries and categories, and the assignment push.
 */
import { openapi, type ServerPlugin } from '@adsuite/backend/kit';

type Paths = NonNullable<ServerPlugin['openapi']>;

const { answer, inPath, json, jsonBody, schema } = openapi;

const id = { type: 'string', format: 'uuid' };
const text = { type: 'string' };
/** An answer's object: every property is always there. */
const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const list = (items: unknown) => ({ type: 'array', items });
const wizardId = { ...inPath('id', 'The affiliate wizard'), schema: { type: 'string', format: 'uuid', 'x-ref': 'wizard' } };

const presetNote = 'A wizard of effiliation, adtraction, belboon or kwanko gets the network\'s affiliate prefix and ad code from its affiliate link '
  + 'where it leaves them empty (belboon also ZIP compression when none is given); a new one without an ad server gets the tracking domain\'s host. '
  + 'Countries: one ISO code of GET /api/targeting/country; categories: `id|||code` of GET /api/targeting/category.';

export const affiliateApi: Paths = {
  '/api/wizard': {
    post: {
      tags: ['wizard'], summary: 'Create an affiliate wizard', description: presetNote,
      requestBody: jsonBody(schema('wizardInput')),
      responses: { 201: json('The wizard', schema('wizard')), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/wizard/{id}': {
    put: {
      tags: ['wizard'], summary: 'Update an affiliate wizard', description: presetNote, parameters: [wizardId],
      requestBody: jsonBody(schema('wizardUpdate')),
      responses: { 200: json('The wizard', schema('wizard')), 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
    },
  },
  '/api/wizard/setlive/{id}': {
    post: {
      operationId: 'setWizardLive', tags: ['wizard'], summary: 'Set an affiliate program live: its catalog, the feed\'s import and its tracking code, each once',
      description: 'An automatic data source (a feed URL) gets an automatic catalog whose import is queued as the job catalog.import; a manual one a manual catalog. '
        + 'Setting a live program live again creates nothing.',
      parameters: [wizardId],
      responses: {
        200: json('The live program', obj({
          wizard: schema('wizard'),
          catalog: { ...id, description: 'The program\'s catalog' },
          trackingcode: { ...id, description: 'The shop\'s tracking code' },
          importJob: { anyOf: [id, { type: 'null' }], description: 'The feed import queued by this call; null when nothing was queued' },
        })),
        401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
  '/api/targeting/country': {
    get: {
      operationId: 'getTargetingCountries', tags: ['wizard'], summary: 'The targeting countries, named in the reader\'s language, by name',
      responses: { 200: json('Countries', list(obj({ id, name: text, alpha2: { type: 'string', pattern: '^[A-Z]{2}$' } }))), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/targeting/category': {
    get: {
      operationId: 'getTargetingCategories', tags: ['wizard'], summary: 'The content categories (a form value joins id and code: `id|||code`)',
      responses: { 200: json('Categories', list(obj({ id, attributes: obj({ name: text, code: text }) }))), 401: answer('Unauthorized'), 403: answer('Forbidden') },
    },
  },
  '/api/assignment/{id}/push': {
    post: {
      operationId: 'pushAssignment', tags: ['assignment'], summary: 'Create the booking of an assignment (its template, dates, daily budget and creatives)',
      description: 'The booking follows the booking wizard\'s rules (400 with them otherwise, and the assignment is failed) and waits for its background check. '
        + 'An assignment pushed already answers its booking (200, created false).',
      parameters: [inPath('id', 'The assignment')],
      responses: {
        201: json('The booking created', obj({ booking: obj({ id, _id: id, name: text, status: text }), created: { type: 'boolean' } })),
        200: json('The booking the assignment has already', obj({ booking: obj({ id, _id: id, name: text, status: text }), created: { type: 'boolean' } })),
        400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound'),
      },
    },
  },
};
