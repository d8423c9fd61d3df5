/**
 * The OpenAPI 3.1 document of the API (/api/openapi.json): the declared resources' endpoints, derived from their
 * declarations like everything else; the core's own routes (health, this document, sign-in and the signed-in
 * user); and what each server plugin describes of its routes (`ServerPlugin.openapi`), merged in per method (a
 * plugin's route in front of a generated one, like PUT /api/lineitem/{id}, describes it). openapi.test.ts walks
 * the app's router and fails for a route the document misses.
 */
import type { FieldDef, ResourceDef } from '@adsuite/config';
import type { OpenApiPaths, ServerPlugin } from './plugin.ts';

function schemaOf(field: FieldDef): Record<string, unknown> {
  const base: Record<string, unknown> = { description: field.label.en };
  switch (field.type) {
    case 'number': case 'money': return { ...base, type: 'number', ...(field.type === 'money' ? { description: `${field.label.en} (EUR)` } : {}) };
    case 'integer': return { ...base, type: 'integer' };
    case 'boolean': return { ...base, type: 'boolean' };
    case 'date': return { ...base, type: 'string', format: 'date' };
    case 'datetime': return { ...base, type: 'string', format: 'date-time' };
    case 'ref': return { ...base, type: 'string', format: 'uuid', 'x-ref': field.ref };
    case 'refMany': return { ...base, type: 'array', items: { type: 'string', format: 'uuid' }, 'x-ref': field.ref };
    case 'stringList': return { ...base, type: 'array', items: field.options ? { type: 'string', enum: field.options } : { type: 'string' } };
    case 'json': return { ...base };
    case 'enum': return { ...base, type: 'string', enum: field.options };
    case 'email': return { ...base, type: 'string', format: 'email' };
    case 'url': return { ...base, type: 'string', format: 'uri' };
    default: return { ...base, type: 'string', ...(field.max ? { maxLength: field.max } : {}) };
  }
}

const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const answer = (name: keyof typeof RESPONSES) => ref('responses', name);
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const errorBody = json(ref('schemas', 'Error'));

/** The error answers every route may give (backend/src/errors.ts), for `$ref: '#/components/responses/<name>'`. */
const RESPONSES = {
  Invalid: { description: 'Invalid input: `{ message, errors: [{ field, message }] }`, the message being the first error', ...errorBody },
  Unauthorized: { description: 'No valid token: sign in again', ...errorBody },
  Forbidden: { description: 'The role may not do this', ...errorBody },
  NotFound: { description: 'No such record among those the user may see', ...errorBody },
  AccessChanged: { description: 'The Advertiser or Publisher header names one the user may not access (any more)', ...errorBody },
  Conflict: { description: 'The state does not allow it (a balance that does not cover a debit, ...)', ...errorBody },
  TooManyRequests: { description: 'Too many attempts: try again later', ...errorBody },
  PayloadTooLarge: { description: 'The body is larger than the endpoint takes', ...errorBody },
  Unavailable: { description: 'The database did not take the write just now; nothing was stored, try again', ...errorBody },
};

const uuid = { type: 'string', format: 'uuid' };

/** The headers every request of the admin carries (SPEC section 7), and the idempotency key of money movements. */
const PARAMETERS = {
  Advertiser: { name: 'Advertiser', in: 'header', schema: uuid, description: 'The selected advertiser; 406 when the user may not access it' },
  Publisher: { name: 'Publisher', in: 'header', schema: uuid, description: 'The selected publisher; 406 when the user may not access it' },
  Language: { name: 'Language', in: 'header', schema: { type: 'string', enum: ['de', 'en'] }, description: 'The language of messages, mails and documents (German by default)' },
  IdempotencyKey: {
    name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1, maxLength: 200 },
    description: 'The same key again answers the first result instead of acting twice',
  },
};

const tenantHeaders = [ref('parameters', 'Advertiser'), ref('parameters', 'Publisher'), ref('parameters', 'Language')];

/** The signed-in user as GET /api/auth/login answers it. */
const currentUser = json({
  type: 'object',
  properties: {
    id: uuid, email: { type: 'string' }, name: { type: 'string' }, surname: { type: 'string' }, role: { type: 'string' }, language: { type: 'string' },
    subscriptions: { type: 'array', items: { type: 'object', required: ['campaign'], properties: { campaign: { type: 'string', format: 'uuid' }, daily: { type: 'boolean' }, weekly: { type: 'boolean' }, monthly: { type: 'boolean' } } } }, selectedType: { type: 'string' },
    selectedAdvertiser: { type: ['string', 'null'] }, selectedPublisher: { type: ['string', 'null'] }, parent: { type: ['string', 'null'] },
    advertisers: { type: 'array', items: { type: 'object', properties: { id: uuid, name: { type: 'string' } } }, description: 'The advertisers the user may access' },
    publishers: { type: 'array', items: { type: 'object', properties: { id: uuid, name: { type: 'string' } } } },
    subscribedCampaigns: { type: 'array', items: { type: 'object', properties: { id: uuid, name: { type: 'string' } } }, description: 'The subscribed campaigns the user reaches, with their names' },
  },
});

/** The core's own routes (backend/src/app.ts, backend/src/auth/router.ts). */
const CORE_PATHS: OpenApiPaths = {
  // Untagged: tagged one-segment GET paths are the resources' lists (resources/protocol.test.ts lists them all).
  '/api/health': {
    get: {
      summary: 'Liveness; with ?ready=1 also asks the database', security: [],
      parameters: [{ name: 'ready', in: 'query', schema: { type: 'string' }, description: 'Any value but 0: query the database too' }],
      responses: { 200: { description: '`{ status: "ok" }`', ...json({ type: 'object', properties: { status: { const: 'ok' } } }) } },
    },
  },
  '/api/openapi.json': {
    get: { tags: ['core'], summary: 'This document', security: [], responses: { 200: { description: 'OpenAPI 3.1 document', ...json({ type: 'object' }) } } },
  },
  '/api/auth/signin': {
    post: {
      tags: ['auth'], summary: 'Sign in with e-mail and password', security: [],
      requestBody: { required: true, ...json({ type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } } }) },
      responses: {
        200: {
          description: 'accessToken (JWT), the user (name, surname, role, email, subscriptions, language, selectedType) and the selected advertiser._id and publisher._id',
          ...json({ type: 'object', properties: { accessToken: { type: 'string' }, id: uuid, role: { type: 'string' }, advertiser: { type: 'object' }, publisher: { type: 'object' } } }),
        },
        400: answer('Invalid'),
        401: { description: 'Login failed (unknown e-mail, wrong password or sign-in not allowed)', ...errorBody },
        403: { description: 'Right password, but the account is not active yet (e-mail unconfirmed, agency not activated)', ...errorBody },
        429: answer('TooManyRequests'),
      },
    },
  },
  '/api/auth/login': {
    get: { tags: ['auth'], summary: 'The signed-in user with the advertisers and publishers it may access', parameters: tenantHeaders, responses: { 200: { description: 'User', ...currentUser }, 401: answer('Unauthorized'), 406: answer('AccessChanged') } },
    patch: {
      tags: ['auth'], summary: 'Change the own selection, language, subscriptions or stat preferences', parameters: tenantHeaders,
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          properties: {
            selectedAdvertiser: { type: ['string', 'null'], format: 'uuid' }, selectedPublisher: { type: ['string', 'null'], format: 'uuid' },
            selectedType: { type: 'string', enum: ['advertiser', 'publisher'] }, language: { type: 'string', enum: ['de', 'en'] },
            subscriptions: { type: 'array', items: { type: 'object', required: ['campaign'], properties: { campaign: { type: 'string', format: 'uuid' }, daily: { type: 'boolean' }, weekly: { type: 'boolean' }, monthly: { type: 'boolean' } } } },
            statPreferences: { type: 'array', maxItems: 50, items: { type: 'object', properties: { statType: { type: 'string' }, statColumns: { type: 'array', items: { type: 'string' } }, statSortBy: { type: 'string' }, statSortOrder: { enum: ['ASC', 'DESC'] } } } },
          },
        }),
      },
      responses: { 200: { description: 'The user after the change', ...currentUser }, 400: answer('Invalid'), 401: answer('Unauthorized') },
    },
  },
  '/api/auth/password': {
    post: {
      tags: ['auth'], summary: 'Change the own password, proven by the current one; ends every other session',
      requestBody: { required: true, ...json({ type: 'object', required: ['currentPassword', 'password'], properties: { currentPassword: { type: 'string' }, password: { type: 'string', minLength: 8, maxLength: 200 } } }) },
      responses: {
        200: { description: '`{ success: true, accessToken }`: a token for this session', ...json({ type: 'object', properties: { success: { const: true }, accessToken: { type: 'string' } } }) },
        400: answer('Invalid'), 401: answer('Unauthorized'), 429: answer('TooManyRequests'),
      },
    },
  },
  '/api/auth/signout-everywhere': {
    post: {
      tags: ['auth'], summary: 'End every session of the signed-in user, this one too',
      responses: { 200: { description: '`{ success: true }`', ...json({ type: 'object', properties: { success: { const: true } } }) }, 401: answer('Unauthorized') },
    },
  },
};

/** `/api/<name>`, `/api/<name>/{id}` and `/api/<name>/{id}/recover` of one declared resource (backend/src/resources/router.ts). */
function resourcePaths(resource: ResourceDef, schemas: Record<string, unknown>): OpenApiPaths {
  const name = resource.name;
  const one = resource.label.en.one;
  const properties: Record<string, unknown> = { id: uuid, created: { type: 'string', format: 'date-time' }, updated: { type: 'string', format: 'date-time' } };
  const input: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.private) continue;
    properties[key] = { ...schemaOf(field), ...(field.readOnly ? { readOnly: true } : {}) };
    if (!field.readOnly) input[key] = schemaOf(field);
  }
  if (resource.archivable) properties.archivedAt = { type: ['string', 'null'], format: 'date-time' };
  schemas[name] = { type: 'object', properties };
  schemas[`${name}Input`] = {
    type: 'object',
    properties: input,
    required: Object.entries(resource.fields).filter(([, f]) => f.required && !f.readOnly && !f.private).map(([k]) => k),
  };
  const record = json(ref('schemas', name));
  const body = { required: true, ...json(ref('schemas', `${name}Input`)) };
  const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
  const fields = Object.keys(resource.fields).filter((k) => !resource.fields[k].private && resource.fields[k].type !== 'json');
  return {
    [`/api/${name}`]: {
      get: {
        tags: [name], summary: `List ${resource.label.en.many}`,
        parameters: [
          ...tenantHeaders,
          { name: 'filter', in: 'query', schema: { type: 'string' }, description: `JSON: q (search in ${resource.list.search.join(', ') || 'nothing'}), id list, field filters (${fields.join(', ')}), <field>_gte/_lte` },
          { name: 'range', in: 'query', schema: { type: 'string' }, description: 'JSON [start, end], at most 1000 rows' },
          { name: 'sort', in: 'query', schema: { type: 'string' }, description: `JSON [field, ASC|DESC]; fields: id, created, updated, ${resource.list.sort.join(', ')}` },
          { name: 'populate', in: 'query', schema: { type: 'string' }, description: 'Comma-separated reference fields to embed' },
          { name: 'lookup', in: 'query', schema: { type: 'string' }, description: `Child ids to add: ${Object.keys(resource.lookup).join(', ') || 'none'}` },
          ...(resource.archivable ? [{ name: 'archived', in: 'query', schema: { type: 'boolean' }, description: 'List archived records instead' }] : []),
        ],
        responses: {
          200: { description: 'Records; header Content-Range: <name> start-end/total (total capped at 10000)', ...json({ type: 'array', items: ref('schemas', name) }) },
          400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 406: answer('AccessChanged'),
        },
      },
      post: {
        tags: [name], summary: `Create a ${one}`, parameters: tenantHeaders, requestBody: body,
        responses: { 201: { description: 'Created', ...record }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
      },
    },
    [`/api/${name}/{id}`]: {
      get: {
        tags: [name], summary: `Read a ${one}`,
        parameters: [idParam, ...tenantHeaders, { name: 'populate', in: 'query', schema: { type: 'string' } }, { name: 'lookup', in: 'query', schema: { type: 'string' } }],
        responses: { 200: { description: 'Record', ...record }, 401: answer('Unauthorized'), 404: answer('NotFound') },
      },
      put: {
        tags: [name], summary: `Update a ${one}`, parameters: [idParam, ...tenantHeaders], requestBody: body,
        responses: { 200: { description: 'Updated', ...record }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
      delete: {
        tags: [name], summary: resource.archivable ? `Archive a ${one} (hard=true: delete for good, systemoperator)` : `Delete a ${one}`,
        parameters: [idParam, ...tenantHeaders, ...(resource.archivable ? [{ name: 'hard', in: 'query', schema: { type: 'boolean' } }] : [])],
        responses: { 200: { description: 'The deleted record', ...record }, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
    },
    [`/api/${name}/{id}/recover`]: {
      post: resource.archivable
        ? {
          tags: [name], summary: `Recover an archived ${one}`, parameters: [idParam, ...tenantHeaders],
          responses: { 200: { description: 'Recovered', ...record }, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
        }
        : { tags: [name], summary: `A ${one} is never archived: always 404`, parameters: [idParam], responses: { 401: answer('Unauthorized'), 404: answer('NotFound') } },
    },
  };
}

/** Adds `more` to `paths`, method by method: a later description of a method replaces an earlier one. */
function merge(paths: OpenApiPaths, more: OpenApiPaths) {
  for (const [path, item] of Object.entries(more)) paths[path] = { ...paths[path], ...item };
}

export function openApiDocument(resources: ResourceDef[], plugins: readonly Pick<ServerPlugin, 'name' | 'openapi'>[] = []): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } } },
    },
  };
  const paths: OpenApiPaths = {};
  merge(paths, CORE_PATHS);
  for (const resource of resources) merge(paths, resourcePaths(resource, schemas));
  for (const plugin of plugins) if (plugin.openapi) merge(paths, plugin.openapi);
  return {
    openapi: '3.1.0',
    info: {
      title: 'AdSuite API', version: '0.1.0',
      description: 'Every request carries a bearer token (but the public ones) and the Advertiser, Publisher and Language headers. Money is in euros.',
    },
    components: { schemas, responses: RESPONSES, parameters: PARAMETERS, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
