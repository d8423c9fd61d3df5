/**
 * What the OpenAPI document says of one declared resource: its record as the engine answers it
 * (resources/values.ts `serialize`: every field present, null where it has no value, money in euros, `_id` beside
 * `id`), the bodies it takes (resources/input.ts `checkInput`) and its endpoints (resources/router.ts), all derived
 * from the declaration, so a resource declared later is described with no other file touched.
 */
import { CHANNEL_KEYS, type FieldDef, type JsonPart, type JsonShape, type ResourceDef } from '@adsuite/config';
import type { OpenApiPaths } from './plugin.ts';

type Schema = Record<string, unknown>;

export const uuid = { type: 'string', format: 'uuid' };
export const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const answer = (name: string) => ref('responses', name);

/** `schema` that may also be null: a type list where the schema has a type, else a choice. */
export function nullable(schema: Schema): Schema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  if (Array.isArray(schema.type)) return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  const { description, ...rest } = schema;
  return { ...(description ? { description } : {}), anyOf: [rest, { type: 'null' }] };
}

/** A JSON part's own schema (config/resources/jsonShapes.ts `partProblem` says what each type takes). */
function partSchema(part: JsonPart): Schema {
  const base = { description: part.label.en };
  switch (part.type) {
    case 'integer': case 'number':
      return { ...base, type: part.type, ...(part.min !== undefined ? { minimum: part.min } : {}), ...(part.max !== undefined ? { maximum: part.max } : {}) };
    case 'boolean': return { ...base, type: 'boolean' };
    case 'choice': return { ...base, type: 'string', enum: [...(part.choices ?? [])] };
    case 'channel': return { ...base, type: 'string', enum: [...CHANNEL_KEYS] };
    case 'ref': return { ...base, ...uuid, 'x-ref': part.resource };
    case 'texts': return { ...base, type: 'array', items: part.choices ? { type: 'string', enum: [...part.choices] } : { type: 'string' } };
    case 'point':
      return { ...base, type: 'object', required: ['type', 'coordinates'], properties: { type: { const: 'Point' }, coordinates: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2, description: '[longitude, latitude]' } } };
    case 'datetime': return { ...base, type: 'string', description: `${part.label.en} (date and time)` };
    default: return { ...base, type: 'string' };
  }
}

/** An object of parts at dotted keys (`properties.currentPlace.formatted_address` nests three objects). */
function partsObject(parts: readonly JsonPart[], fixed: Readonly<Record<string, string>> = {}, prefix = ''): Schema {
  const properties: Schema = {};
  const required: string[] = [];
  const names = new Set([...parts.map((p) => p.key), ...Object.keys(fixed)].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length).split('.')[0]));
  for (const name of names) {
    const path = `${prefix}${name}`;
    const part = parts.find((p) => p.key === path);
    if (part) {
      // An empty part is fine unless required (partProblem), so the others may be null.
      properties[name] = part.required ? partSchema(part) : nullable(partSchema(part));
      if (part.required) required.push(name);
    } else if (Object.hasOwn(fixed, path)) {
      properties[name] = { const: fixed[path] };
    } else {
      properties[name] = nullable(partsObject(parts, fixed, `${path}.`));
    }
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** A JSON field's value by its declared shape; free-form JSON without one. */
function shapeSchema(shape: JsonShape | undefined): Schema {
  switch (shape?.kind) {
    case 'object': return partsObject(shape.parts);
    case 'list': return { type: 'array', items: partsObject(shape.parts, shape.fixed) };
    case 'ids': return { type: 'array', items: { ...uuid, 'x-ref': shape.resource } };
    case 'channels': return { type: 'array', items: { type: 'string' } };
    case 'reviews':
      return {
        type: 'object', description: 'Per channel its review (true/false/null in records of the old form)',
        additionalProperties: { anyOf: [{ type: 'object', properties: { status: { type: 'string' }, reason: { type: 'string' }, comment: { type: 'string' } } }, { type: ['boolean', 'string', 'null'] }] },
      };
    case 'changes':
      return {
        description: 'Changes waiting for approval: per field `{ old, new }`, or a list of `{ field, old, new }`',
        anyOf: [{ type: 'object', additionalProperties: { type: 'object', properties: { old: {}, new: {} } } }, { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, old: {}, new: {} } } }],
      };
    default: return {};
  }
}

/** One field's value (`populated`: a reference may be the referenced record, as `populate` answers it). */
function fieldSchema(field: FieldDef, populated: boolean): Schema {
  const base: Schema = { description: field.type === 'money' ? `${field.label.en} (EUR)` : field.label.en };
  const bounds = { ...(field.min !== undefined ? { minimum: field.min } : {}), ...(field.max !== undefined ? { maximum: field.max } : {}) };
  const lengths = { ...(field.min !== undefined ? { minLength: field.min } : {}), ...(field.max !== undefined ? { maxLength: field.max } : {}) };
  const reference = { ...uuid, 'x-ref': field.ref };
  const record = { type: 'object', required: ['id'], properties: { id: uuid }, additionalProperties: true, description: `The ${field.ref} record (populate)` };
  switch (field.type) {
    case 'number': case 'money': return { ...base, type: 'number', ...bounds };
    case 'integer': return { ...base, type: 'integer', ...bounds };
    case 'boolean': return { ...base, type: 'boolean' };
    case 'date': return { ...base, type: 'string', format: 'date' };
    case 'datetime': return { ...base, type: 'string', format: 'date-time' };
    case 'ref': return populated ? { ...base, anyOf: [reference, record] } : { ...base, ...reference };
    case 'refMany': return { ...base, type: 'array', items: populated ? { anyOf: [reference, record] } : reference };
    case 'stringList': return { ...base, type: 'array', items: field.options ? { type: 'string', enum: [...field.options] } : { type: 'string' } };
    case 'json': return { ...base, ...shapeSchema(field.shape) };
    case 'enum': return { ...base, type: 'string', enum: [...(field.options ?? [])] };
    case 'email': return { ...base, type: 'string', format: 'email', ...lengths };
    case 'url': return { ...base, type: 'string', format: 'uri', ...lengths };
    default: return { ...base, type: 'string', ...lengths };
  }
}

/** A JSON field holds any JSON, null included; other fields may be null unless required. */
const orNull = (field: FieldDef, schema: Schema) => (field.required || (field.type === 'json' && !field.shape) ? schema : nullable(schema));

/** The schemas `<name>` (the record), `<name>Input` (a create's body) and `<name>Update` (an update's body). */
export function resourceSchemas(resource: ResourceDef): Record<string, Schema> {
  const time = { type: 'string', format: 'date-time' };
  const properties: Schema = { id: uuid, _id: { ...uuid, description: 'The same as id' }, created: { ...time, readOnly: true }, updated: { ...time, readOnly: true } };
  const input: Schema = {};
  for (const [key, field] of Object.entries(resource.fields)) {
    if (field.private) continue;
    properties[key] = { ...orNull(field, fieldSchema(field, true)), ...(field.readOnly ? { readOnly: true } : {}) };
    if (!field.readOnly) input[key] = orNull(field, fieldSchema(field, false));
  }
  if (resource.archivable) properties.archivedAt = { ...nullable(time), description: 'When it was archived; null while it is not' };
  const lookups = Object.keys(resource.lookup);
  const record: Schema = {
    type: 'object',
    description: `A ${resource.label.en.one}: every field present, null where it has no value`,
    required: Object.keys(properties),
    properties: {
      ...properties,
      ...(lookups.length ? { lookups: { type: 'object', description: 'With lookup=: the ids of the child records asked for', properties: Object.fromEntries(lookups.map((name) => [name, { type: 'array', items: uuid }])) } } : {}),
    },
  };
  const required = Object.entries(resource.fields).filter(([, f]) => f.required && !f.readOnly && !f.private).map(([k]) => k);
  return {
    [resource.name]: record,
    [`${resource.name}Input`]: { type: 'object', description: `A new ${resource.label.en.one}; fields not named take their defaults, unknown ones are ignored`, properties: input, ...(required.length ? { required } : {}) },
    [`${resource.name}Update`]: { type: 'object', description: `Changes to a ${resource.label.en.one}: the fields named (a whole record sent back is fine)`, properties: input },
  };
}

/** `A`: `sync-queue` is `SyncQueue`, for operation ids. */
export const pascal = (name: string) => name.split(/[^A-Za-z0-9]+/).filter(Boolean).map((word) => word[0].toUpperCase() + word.slice(1)).join('');

const tenantHeaders = [ref('parameters', 'Advertiser'), ref('parameters', 'Publisher'), ref('parameters', 'Language')];
const contentRange = { 'Content-Range': { description: '<name> start-end/total (total capped at 10000)', schema: { type: 'string' } } };

/** `/api/<name>`, `/api/<name>/{id}` and, when archivable, `/api/<name>/{id}/recover` (resources/router.ts). */
export function resourcePaths(resource: ResourceDef): OpenApiPaths {
  const name = resource.name;
  const one = resource.label.en.one;
  const id = pascal(name);
  const record = json(ref('schemas', name));
  const idParam = { name: 'id', in: 'path', required: true, schema: uuid, description: `The ${one}` };
  const fields = Object.keys(resource.fields).filter((k) => !resource.fields[k].private && resource.fields[k].type !== 'json');
  const refs = Object.keys(resource.fields).filter((k) => ['ref', 'refMany'].includes(resource.fields[k].type) && !resource.fields[k].private);
  const lookups = Object.keys(resource.lookup);
  const populate = { name: 'populate', in: 'query', schema: { type: 'string' }, description: `Comma-separated reference fields answered as the records they name: ${refs.join(', ') || 'none'}` };
  const lookup = { name: 'lookup', in: 'query', schema: { type: 'string' }, description: `Comma-separated child lists to add as lookups: ${lookups.join(', ') || 'none'}` };
  const paths: OpenApiPaths = {
    [`/api/${name}`]: {
      get: {
        operationId: `list${id}`, tags: [name], summary: `List ${resource.label.en.many}`,
        parameters: [
          ...tenantHeaders,
          { name: 'filter', in: 'query', schema: { type: 'string' }, description: `JSON: q (search in ${resource.list.search.join(', ') || 'nothing'}), id list, field filters (${fields.join(', ')}), <field>_gte/_lte` },
          { name: 'range', in: 'query', schema: { type: 'string' }, description: 'JSON [start, end], at most 1000 rows' },
          { name: 'sort', in: 'query', schema: { type: 'string' }, description: `JSON [field, ASC|DESC]; fields: id, created, updated, ${resource.list.sort.join(', ')}` },
          populate, lookup,
          ...(resource.archivable ? [{ name: 'archived', in: 'query', schema: { type: 'boolean' }, description: 'List archived records instead' }] : []),
        ],
        responses: {
          200: { description: 'Records', headers: contentRange, ...json({ type: 'array', items: ref('schemas', name) }) },
          400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 406: answer('AccessChanged'),
        },
      },
      post: {
        operationId: `create${id}`, tags: [name], summary: `Create a ${one}`, parameters: tenantHeaders,
        requestBody: { required: true, ...json(ref('schemas', `${name}Input`)) },
        responses: { 201: { description: 'Created', ...record }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden') },
      },
    },
    [`/api/${name}/{id}`]: {
      get: {
        operationId: `get${id}`, tags: [name], summary: `Read a ${one}`, parameters: [idParam, ...tenantHeaders, populate, lookup],
        responses: { 200: { description: 'Record', ...record }, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
      put: {
        operationId: `update${id}`, tags: [name], summary: `Update a ${one}`, parameters: [idParam, ...tenantHeaders],
        requestBody: { required: true, ...json(ref('schemas', `${name}Update`)) },
        responses: { 200: { description: 'Updated', ...record }, 400: answer('Invalid'), 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
      delete: {
        operationId: `delete${id}`, tags: [name], summary: resource.archivable ? `Archive a ${one} (hard=true: delete for good, systemoperator)` : `Delete a ${one}`,
        parameters: [idParam, ...tenantHeaders, ...(resource.archivable ? [{ name: 'hard', in: 'query', schema: { type: 'boolean' }, description: 'Delete for good instead of archiving' }] : [])],
        responses: { 200: { description: 'The deleted record', ...record }, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
    },
  };
  // A resource that is never archived has the route too, but it only ever answers 404 ("cannot be recovered"):
  // no operation to describe (openapi.test.ts knows).
  if (resource.archivable) {
    paths[`/api/${name}/{id}/recover`] = {
      post: {
        operationId: `recover${id}`, tags: [name], summary: `Recover an archived ${one}`, parameters: [idParam, ...tenantHeaders],
        responses: { 200: { description: 'Recovered', ...record }, 401: answer('Unauthorized'), 403: answer('Forbidden'), 404: answer('NotFound') },
      },
    };
  }
  return paths;
}
