/** The OpenAPI 3.1 document of the API, derived from the declarations like everything else. */
import type { FieldDef, ResourceDef } from '@adsuite/config';

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

const errorResponse = { description: 'Invalid input', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

export function openApiDocument(resources: ResourceDef[]): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } } } },
    },
  };
  const paths: Record<string, unknown> = {
    '/api/health': { get: { summary: 'Health check', security: [], responses: { 200: { description: '{"status":"ok"}' } } } },
    '/api/auth/signin': { post: { summary: 'Sign in', security: [], tags: ['auth'], responses: { 200: { description: 'Sign-in response with accessToken' }, 401: errorResponse, 429: errorResponse } } },
    '/api/auth/login': {
      get: { summary: 'The current user', tags: ['auth'], responses: { 200: { description: 'User' } } },
      patch: { summary: 'Change selection, language, subscriptions, stat preferences', tags: ['auth'], responses: { 200: { description: 'User' }, 400: errorResponse } },
    },
  };
  const tenantHeaders = [
    { name: 'Advertiser', in: 'header', schema: { type: 'string', format: 'uuid' }, description: 'Selected advertiser; 406 when not accessible' },
    { name: 'Publisher', in: 'header', schema: { type: 'string', format: 'uuid' }, description: 'Selected publisher; 406 when not accessible' },
  ];
  for (const resource of resources) {
    const name = resource.name;
    const properties: Record<string, unknown> = { id: { type: 'string', format: 'uuid' }, created: { type: 'string', format: 'date-time' }, updated: { type: 'string', format: 'date-time' } };
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
    const one = { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
    const body = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}Input` } } } };
    const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
    paths[`/api/${name}`] = {
      get: {
        tags: [name], summary: `List ${resource.label.en.many}`,
        parameters: [
          ...tenantHeaders,
          { name: 'filter', in: 'query', schema: { type: 'string' }, description: `JSON: q (search in ${resource.list.search.join(', ') || 'nothing'}), id list, field filters (${Object.keys(resource.fields).filter((k) => !resource.fields[k].private && resource.fields[k].type !== 'json').join(', ')}), <field>_gte/_lte` },
          { name: 'range', in: 'query', schema: { type: 'string' }, description: 'JSON [start, end], at most 1000 rows' },
          { name: 'sort', in: 'query', schema: { type: 'string' }, description: `JSON [field, ASC|DESC]; fields: id, created, updated, ${resource.list.sort.join(', ')}` },
          { name: 'populate', in: 'query', schema: { type: 'string' }, description: 'Comma-separated reference fields to embed' },
          { name: 'lookup', in: 'query', schema: { type: 'string' }, description: `Child ids to add: ${Object.keys(resource.lookup).join(', ') || 'none'}` },
          ...(resource.archivable ? [{ name: 'archived', in: 'query', schema: { type: 'boolean' }, description: 'List archived records instead' }] : []),
        ],
        responses: {
          200: { description: 'Records; header Content-Range: <name> start-end/total (total capped at 10000)', content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${name}` } } } } },
          400: errorResponse, 401: errorResponse, 403: errorResponse, 406: errorResponse,
        },
      },
      post: { tags: [name], summary: `Create a ${resource.label.en.one}`, parameters: tenantHeaders, requestBody: body, responses: { 201: { description: 'Created', ...one }, 400: errorResponse, 403: errorResponse } },
    };
    paths[`/api/${name}/{id}`] = {
      get: { tags: [name], summary: `Read a ${resource.label.en.one}`, parameters: [idParam, ...tenantHeaders], responses: { 200: { description: 'Record', ...one }, 404: errorResponse } },
      put: { tags: [name], summary: `Update a ${resource.label.en.one}`, parameters: [idParam, ...tenantHeaders], requestBody: body, responses: { 200: { description: 'Updated', ...one }, 400: errorResponse, 403: errorResponse, 404: errorResponse } },
      delete: {
        tags: [name], summary: resource.archivable ? `Archive a ${resource.label.en.one} (hard=true: delete for good, systemoperator)` : `Delete a ${resource.label.en.one}`,
        parameters: [idParam, ...tenantHeaders, ...(resource.archivable ? [{ name: 'hard', in: 'query', schema: { type: 'boolean' } }] : [])],
        responses: { 200: { description: 'The deleted record', ...one }, 403: errorResponse, 404: errorResponse },
      },
    };
    if (resource.archivable) {
      paths[`/api/${name}/{id}/recover`] = {
        post: { tags: [name], summary: `Recover an archived ${resource.label.en.one}`, parameters: [idParam, ...tenantHeaders], responses: { 200: { description: 'Recovered', ...one }, 403: errorResponse, 404: errorResponse } },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'AdSuite API', version: '0.1.0' },
    components: { schemas, securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
