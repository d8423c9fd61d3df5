/**
 * What contract.test.ts needs to call an operation as the OpenAPI document describes it, and to judge the answer:
 * schema validation with ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect), bodies made from a body's schema (a valid
 * one, and one with a value of the wrong type), and the path of an operation with its parameters filled in.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

export type Schema = Record<string, any>;

/** A validator of OpenAPI 3.1 schemas: the JSON Schema keywords, the formats, and OpenAPI's and our own annotations. */
export function schemaValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false, allowUnionTypes: true, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', 'x-ref']) ajv.addKeyword(keyword);
  const compiled = new WeakMap<object, ValidateFunction>();
  return (schema: Schema, value: unknown): string[] => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '/'} ${error.message} (${JSON.stringify(at(value, error.instancePath))?.slice(0, 80)})`);
  };
}

/** The value at a JSON pointer. */
const at = (value: unknown, pointer: string): unknown => pointer.split('/').slice(1).map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'))
  .reduce<unknown>((current, step) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[step] : undefined), value);

/** The types a schema allows, null last. */
const typesOf = (schema: Schema): string[] => {
  if (Array.isArray(schema.type)) return [...schema.type].sort((a, b) => (a === 'null' ? 1 : b === 'null' ? -1 : 0));
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.required) return ['object'];
  return [];
};

export interface ExampleContext {
  /** An id of a record of `resource` the caller may use (the schema's `x-ref`). */
  idOf(resource: string): string | undefined;
  /** A new number for texts that must be unique. */
  next(): number;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A value `schema` takes: required properties only, the first choice, bounds kept. */
export function exampleOf(schema: Schema, ctx: ExampleContext): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value: unknown) => value !== null);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return exampleOf(schema[key].find((choice: Schema) => !(choice.type === 'null')) ?? schema[key][0], ctx);
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part: Schema) => exampleOf(part, ctx));
    const own = schema.properties || schema.required ? exampleOf({ ...schema, allOf: undefined }, ctx) : {};
    return Object.assign({}, ...parts, own);
  }
  const n = ctx.next();
  switch (typesOf(schema)[0]) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = exampleOf(schema.properties?.[key] ?? {}, ctx);
      return value;
    }
    case 'array': return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => exampleOf(schema.items ?? {}, ctx));
    case 'integer': case 'number': return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean': return true;
    case 'null': return null;
    case 'string': {
      if (schema['x-ref'] || schema.format === 'uuid') return ctx.idOf(schema['x-ref']) ?? '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return `contract-${n}@example.com`;
      if (schema.format === 'uri') return `https://contract.example.com/${n}`;
      if (schema.format === 'date') return inDays(7);
      if (schema.format === 'date-time') return `${inDays(7)}T12:00:00.000Z`;
      const text = `Contract ${n}`;
      return text.slice(0, schema.maxLength ?? text.length).padEnd(schema.minLength ?? 0, 'x');
    }
    default: return {};
  }
}

/** A value of a type `schema` refuses (beside null and the enum's, a type it does not allow). */
function wrongValueFor(schema: Schema): unknown {
  if (schema.const !== undefined || Array.isArray(schema.enum)) return 'no-such-option';
  const choice = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choice)) {
    const types = new Set(choice.flatMap((part: Schema) => typesOf(part)));
    return types.has('object') ? 42 : types.has('string') ? { not: 'a string' } : 'wrong';
  }
  const types = typesOf(schema);
  if (types.includes('string')) return schema.format === 'uuid' || schema['x-ref'] ? 'not-an-id' : { not: 'a string' };
  if (types.includes('number') || types.includes('integer')) return 'not a number';
  if (types.includes('boolean')) return 'maybe';
  if (types.includes('array')) return 42;
  if (types.includes('object')) return 'not an object';
  return undefined;
}

/**
 * `valid` with one property of a wrong type, and that property's name: a required one where there is one. Null
 * when the schema allows anything.
 */
export function brokenBody(schema: Schema, valid: unknown): { body: unknown; field: string } | null {
  const merged: Schema = Array.isArray(schema.allOf) ? Object.assign({}, ...schema.allOf, { ...schema, allOf: undefined }) : schema;
  if (typesOf(merged)[0] === 'array') return { body: { not: 'a list' }, field: '' };
  const properties: Record<string, Schema> = merged.properties ?? {};
  const order = [...(merged.required ?? []), ...Object.keys(properties)];
  for (const key of order) {
    const wrong = properties[key] ? wrongValueFor(properties[key]) : undefined;
    if (wrong !== undefined) return { body: { ...(valid as object), [key]: wrong }, field: key };
  }
  return null;
}

/** `path` with its `{name}` parameters replaced (encoded). */
export const fillPath = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? `missing-${name}`));

/** Whether an answer's media type is one the documented `content` names (`image/*`, `*\/*` included). */
export function documentedMediaType(content: Record<string, unknown>, answered: string): string | undefined {
  return Object.keys(content).find((type) => {
    if (type === answered || type === '*/*') return true;
    return type.endsWith('/*') && answered.startsWith(type.slice(0, -1));
  });
}
