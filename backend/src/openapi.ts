/**
 * The OpenAPI 3.1 document of the API (/api/openapi.json): the declared resources' endpoints, derived from their
 * declarations like everything else (openapiResources.ts); the core's own routes (health, this document, sign-in and
 * the signed-in user); and what each server plugin describes of its routes (`ServerPlugin.openapi`), merged in per
 * method (a plugin's route in front of a generated one, like PUT /api/lineitem/{id}, describes it).
 *
 * Then every operation is completed by the same rules, so that no description can forget them: an operationId
 * (its own, the generated method's it replaces, or one made of its method and path), the headers and the error
 * answers every signed-in request may give (401, 406), and 400 and 413 for every body.
 *
 * openapi.test.ts walks the app's router and fails for a route the document misses; contract.test.ts calls the
 * operations and checks their answers against it.
 */
import type { ResourceDef } from '@adsuite/config';
import type { OpenApiPaths, ServerPlugin } from './plugin.ts';
import { nullable, pascal, ref, resourcePaths, resourceSchemas, uuid } from './openapiResources.ts';

const answer = (name: keyof typeof RESPONSES) => ref('responses', name);
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

const errorBody = json(ref('schemas', 'Error'));

/** The error answers routes give (backend/src/errors.ts), for `$ref: '#/components/responses/<name>'`. */
const RESPONSES = {
  Invalid: { description: 'Invalid input: `{ message, errors: [{ field, message }] }`, the message being the first error (malformed JSON: no errors)', ...errorBody },
  Unauthorized: { description: 'No valid token: sign in again', ...errorBody },
  Forbidden: { description: 'The role may not do this', ...errorBody },
  NotFound: { description: 'No such record among those the user may see', ...errorBody },
  AccessChanged: { description: 'The Advertiser or Publisher header names one the user may not access (any more)', ...errorBody },
  Conflict: { description: 'The state does not allow it (a balance that does not cover a debit, ...)', ...errorBody },
  TooManyRequests: { description: 'Too many attempts: try again later', ...errorBody },
  PayloadTooLarge: { description: 'The body is larger than the endpoint takes (JSON: 2 MB)', ...errorBody },
  Unavailable: { description: 'The database did not take the write just now; nothing was stored, try again', ...errorBody },
};

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

const named = { type: 'object', required: ['id', 'name'], properties: { id: uuid, _id: uuid, name: { type: 'string' } } };
const subscription = { type: 'object', required: ['campaign'], properties: { campaign: uuid, daily: { type: 'boolean' }, weekly: { type: 'boolean' }, monthly: { type: 'boolean' } } };
const statPreference = {
  type: 'object',
  properties: { statType: { type: 'string' }, statColumns: { type: 'array', items: { type: 'string' } }, statSortBy: { type: ['string', 'null'] }, statSortOrder: { enum: ['ASC', 'DESC', null] } },
};

/** The signed-in user as GET and PATCH /api/auth/login answer it (auth/router.ts currentUser). */
const currentUser = json({
  type: 'object',
  required: ['id', 'email', 'role', 'language', 'selectedType', 'selectedAdvertiser', 'selectedPublisher', 'advertisers', 'publishers'],
  properties: {
    id: uuid, _id: uuid, email: { type: 'string' }, name: { type: ['string', 'null'] }, surname: { type: ['string', 'null'] }, role: { type: 'string' },
    avatar: { type: ['string', 'null'] }, language: { type: 'string', enum: ['de', 'en'] },
    subscriptions: { type: 'array', items: subscription }, statPreferences: { type: 'array', items: statPreference },
    selectedType: { type: ['string', 'null'], enum: ['advertiser', 'publisher', null] },
    selectedAdvertiser: nullable(uuid), selectedPublisher: nullable(uuid), parent: nullable(uuid),
    loginAllowed: { type: ['boolean', 'null'] }, lastLogin: { type: ['string', 'null'], format: 'date-time' },
    advertiserIds: { type: 'array', items: uuid, description: 'The advertisers the user may access (staff: all, the list empty)' },
    publisherIds: { type: 'array', items: uuid },
    advertisers: { type: 'array', items: named, description: 'The advertisers the user may access, by name (staff: the first 200)' },
    publishers: { type: 'array', items: named },
    subscribedCampaigns: { type: 'array', items: named, description: 'The subscribed campaigns the user reaches, with their names' },
  },
});

/** The core's own routes (backend/src/app.ts, backend/src/auth/router.ts). */
const CORE_PATHS: OpenApiPaths = {
  // Untagged: tagged one-segment GET paths are the resources' lists (resources/protocol.test.ts lists them all).
  '/api/health': {
    get: {
      operationId: 'getHealth', summary: 'Liveness; with ?ready=1 also asks the database', security: [],
      parameters: [{ name: 'ready', in: 'query', schema: { type: 'string' }, description: 'Any value but 0: query the database too' }],
      responses: { 200: { description: '`{ status: "ok" }`', ...json({ type: 'object', required: ['status'], properties: { status: { const: 'ok' } } }) } },
    },
  },
  '/api/version': {
    get: {
      operationId: 'getVersion', summary: 'The admin build the server serves (a new one means a new release: the browser signs out)', security: [],
      responses: { 200: { description: '`{ build }`, null without a build', ...json({ type: 'object', required: ['build'], properties: { build: { type: ['string', 'null'] } } }) } },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument', tags: ['core'], summary: 'This document', security: [],
      responses: { 200: { description: 'OpenAPI 3.1 document', ...json({ type: 'object', required: ['openapi', 'paths'], properties: { openapi: { type: 'string' }, paths: { type: 'object' } } }) } },
    },
  },
  '/api/auth/signin': {
    post: {
      operationId: 'signIn', tags: ['auth'], summary: 'Sign in with e-mail and password', security: [],
      requestBody: { required: true, ...json({ type: 'object', required: ['email', 'password'], properties: { email: { type: 'string', format: 'email' }, password: { type: 'string', minLength: 1 } } }) },
      responses: {
        200: {
          description: 'The bearer token (JWT), the user and the selected advertiser and publisher',
          ...json({
            type: 'object',
            required: ['accessToken', 'id', 'role', 'email', 'language', 'advertiser', 'publisher'],
            properties: {
              accessToken: { type: 'string' }, id: uuid, _id: uuid, name: { type: ['string', 'null'] }, surname: { type: ['string', 'null'] }, role: { type: 'string' },
              email: { type: 'string' }, subscriptions: { type: 'array', items: subscription }, language: { type: 'string', enum: ['de', 'en'] },
              selectedType: { type: ['string', 'null'] },
              advertiser: { type: 'object', required: ['_id'], properties: { _id: nullable(uuid) } }, publisher: { type: 'object', required: ['_id'], properties: { _id: nullable(uuid) } },
            },
          }),
        },
        400: answer('Invalid'),
        401: { description: 'Login failed (unknown e-mail, wrong password or sign-in not allowed)', ...errorBody },
        403: { description: 'Right password, but the account is not active yet (e-mail unconfirmed, agency not activated)', ...errorBody },
        406: { description: 'The Advertiser or Publisher header names one the account may not access', ...errorBody },
        429: answer('TooManyRequests'),
      },
    },
  },
  '/api/auth/login': {
    get: {
      operationId: 'getCurrentUser', tags: ['auth'], summary: 'The signed-in user with the advertisers and publishers it may access',
      responses: { 200: { description: 'User', ...currentUser }, 401: answer('Unauthorized'), 406: answer('AccessChanged') },
    },
    patch: {
      operationId: 'updateCurrentUser', tags: ['auth'], summary: 'Change the own selection, language, subscriptions or stat preferences',
      requestBody: {
        required: true,
        ...json({
          type: 'object',
          properties: {
            selectedAdvertiser: nullable(uuid), selectedPublisher: nullable(uuid),
            selectedType: { type: 'string', enum: ['advertiser', 'publisher'] }, language: { type: 'string', enum: ['de', 'en'] },
            subscriptions: { type: 'array', items: subscription },
            statPreferences: { type: 'array', maxItems: 50, items: { type: 'object', properties: { statType: { type: 'string' }, statColumns: { type: 'array', items: { type: 'string' } }, statSortBy: { type: 'string' }, statSortOrder: { enum: ['ASC', 'DESC'] } } } },
          },
        }),
      },
      responses: { 200: { description: 'The user after the change', ...currentUser }, 400: answer('Invalid'), 401: answer('Unauthorized') },
    },
  },
  '/api/auth/password': {
    post: {
      operationId: 'changePassword', tags: ['auth'], summary: 'Change the own password, proven by the current one; ends every other session',
      requestBody: { required: true, ...json({ type: 'object', required: ['currentPassword', 'password'], properties: { currentPassword: { type: 'string', minLength: 1 }, password: { type: 'string', minLength: 8, maxLength: 200 } } }) },
      responses: {
        200: { description: '`{ success: true, accessToken }`: a token for this session', ...json({ type: 'object', required: ['success', 'accessToken'], properties: { success: { const: true }, accessToken: { type: 'string' } } }) },
        400: answer('Invalid'), 401: answer('Unauthorized'), 429: answer('TooManyRequests'),
      },
    },
  },
  '/api/auth/signout-everywhere': {
    post: {
      operationId: 'signOutEverywhere', tags: ['auth'], summary: 'End every session of the signed-in user, this one too',
      responses: { 200: { description: '`{ success: true }`', ...json({ type: 'object', required: ['success'], properties: { success: { const: true } } }) }, 401: answer('Unauthorized') },
    },
  },
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = Record<string, any>;

/**
 * An operation's id made of its method and path, for operations that name none: the literal segments after /api
 * (`bookings.csv` is BookingsCsv), a parameter only when it ends the path (`ById`). `GET /api/campaign/{id}/report`
 * is getCampaignReport; it stays as long as the route does.
 */
export function derivedOperationId(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean);
  const words = segments.map((segment, index) => {
    const parameter = /^\{(\w+)\}$/.exec(segment);
    if (parameter) return index === segments.length - 1 ? `By${pascal(parameter[1])}` : '';
    return index === 0 && segment === 'api' ? '' : pascal(segment);
  });
  return `${method}${words.join('')}`;
}

/** Adds `more` to `paths`, method by method: a later description of a method replaces an earlier one, keeping its operationId. */
function merge(paths: OpenApiPaths, more: OpenApiPaths) {
  for (const [path, item] of Object.entries(more)) {
    const merged: Record<string, unknown> = { ...paths[path] };
    for (const [method, operation] of Object.entries(item)) {
      const replaced = merged[method] as Operation | undefined;
      merged[method] = replaced?.operationId && !(operation as Operation).operationId ? { operationId: replaced.operationId, ...(operation as Operation) } : operation;
    }
    paths[path] = merged;
  }
}

const isPublic = (operation: Operation) => Array.isArray(operation.security) && operation.security.length === 0;
const hasParameter = (operation: Operation, name: string) => (operation.parameters ?? []).some((p: Operation) => p.name === name || p.$ref === `#/components/parameters/${name}`);

/** What every operation has by the rules of the API, added where its description leaves it out. */
function complete(paths: OpenApiPaths) {
  const ids = new Map<string, string>();
  const clashes: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      operation.operationId ??= derivedOperationId(method, path);
      const taken = ids.get(operation.operationId);
      if (taken) clashes.push(`${operation.operationId} of ${method.toUpperCase()} ${path} is ${taken}'s already`);
      ids.set(operation.operationId, `${method.toUpperCase()} ${path}`);
      const responses = (operation.responses ??= {}) as Record<string, unknown>;
      if (!isPublic(operation)) {
        // A signed-in request names its tenants and language, and answers 406 for a tenant it may not access (auth/context.ts).
        const headers = ['Advertiser', 'Publisher', 'Language'].filter((name) => !hasParameter(operation, name)).map((name) => ref('parameters', name));
        if (headers.length) operation.parameters = [...(operation.parameters ?? []), ...headers];
        responses[401] ??= answer('Unauthorized');
        responses[406] ??= answer('AccessChanged');
      }
      if (operation.requestBody) {
        responses[400] ??= answer('Invalid');
        responses[413] ??= answer('PayloadTooLarge');
      }
    }
  }
  if (clashes.length) throw new Error(`Operation ids must be unique (give one of each pair an operationId of its own): ${clashes.join(', ')}`);
}

export interface OpenApiOptions {
  /** Where the API is reached (PUBLIC_URL), for `servers`. */
  serverUrl?: string;
}

export function openApiDocument(resources: ResourceDef[], plugins: readonly Pick<ServerPlugin, 'name' | 'openapi'>[] = [], options: OpenApiOptions = {}): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['message', 'errors'],
      properties: {
        message: { type: 'string', description: 'In the request\'s language' },
        errors: { type: 'array', items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string', description: 'The input at fault: a body field, `<field>.<index>.<part>` inside JSON, a parameter' }, message: { type: 'string' } } } },
      },
    },
  };
  const paths: OpenApiPaths = {};
  merge(paths, CORE_PATHS);
  for (const resource of resources) {
    Object.assign(schemas, resourceSchemas(resource));
    merge(paths, resourcePaths(resource));
  }
  for (const plugin of plugins) if (plugin.openapi) merge(paths, structuredClone(plugin.openapi));
  complete(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'AdSuite API', version: '0.1.0',
      description: 'Every request carries a bearer token (but the public ones) and may name the Advertiser, Publisher and Language (de, en) in headers. '
        + 'Money is in euros; every field of a record is present, null where it has no value.',
    },
    servers: [{ url: options.serverUrl ?? 'http://localhost:3000', description: 'This installation (PUBLIC_URL)' }],
    components: { schemas, responses: RESPONSES, parameters: PARAMETERS, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
