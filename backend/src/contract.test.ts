/**
 * The API contract (issue 39): /api/openapi.json tells the truth. The test reads the served document as an outside
 * client would (dereferenced with Redocly), then calls every operation it documents on a server with the demo data:
 * every GET (lists with a page, one record of each) as a role that may, and every write with a valid body made from
 * its documented schema and with one that has a value of the wrong type. Every answer must be one the operation
 * documents, of a documented media type, and a JSON answer must validate against its schema (ajv). So a resource
 * declared later, or a field added to one, is held to its description with no change here.
 *
 * Where a valid body or a parameter cannot be made from the document (a rule across fields, an uploaded file, a
 * coupon's code), contractExamples.ts gives it by operationId, and names the refusals that are the right answer with
 * the demo data (a payment waiting for confirmation).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFromString, createConfig } from '@redocly/openapi-core';
import { defineAbilityFor, type Action } from '@adsuite/config';
import { brokenBody, documentedMediaType, exampleOf, fillPath, schemaValidator, type Schema } from './contractKit.ts';
import { EXAMPLES, type Example, type ExampleData } from './contractExamples.ts';
import { startTestServer, type TestServer } from './testing.ts';

const ACCOUNTS = { systemoperator: 'sysop@demo.test', advertiser: 'advertiser@demo.test', publisher: 'publisher@demo.test', other: 'other@demo.test' } as const;
type Role = keyof typeof ACCOUNTS;
/** Who tries a GET, in turn, until one may: the systemoperator reads nearly all, an advertiser or publisher its own views. */
const READERS: Role[] = ['systemoperator', 'advertiser', 'publisher'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const ACTIONS: Record<string, Action> = { post: 'create', put: 'update', patch: 'update', delete: 'delete', recover: 'recover' };
const NO_RECORD = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let doc: { paths: Record<string, Record<string, Schema>> };
const tokens: Record<string, string> = {};
const lists = new Map<string, Record<string, any>[]>();
const results = new Map<string, Record<string, any>>();
/** The records this test created, by resource: the reads' (of a resource the demo data has none of), then the writes'. */
const created = new Map<string, { id: string; body: unknown }>();
/** Reads of a record the data has none of yet: read again after the writes. */
const deferred: Operation[] = [];
const known: Record<string, string> = {};
const validate = schemaValidator();
const problems: string[] = [];
let validated = 0;
let numbered = 0;

beforeAll(async () => {
  // Two days of delivery history (yesterday's whole day, so an early hour's run has rows too): the reports, the
  // approvals' lists and the raw events have rows to check.
  server = await startTestServer({ env: { seedHistoryDays: 2 } });
  for (const [role, email] of Object.entries(ACCOUNTS)) tokens[role] = await server.token(email);
  const source = await (await server.api('/api/openapi.json')).text();
  const bundled = await bundleFromString({ source, absoluteRef: `${server.url}/api/openapi.json`, config: await createConfig({}), dereference: true });
  doc = bundled.bundle.parsed as typeof doc;
  const id = async (model: string, where: Record<string, string>) => ((await server.core.model(model).findOne({ where, raw: true })) as { id: string }).id;
  Object.assign(known, {
    advertiser: await id('advertiser', { name: 'Demo Shop GmbH' }), agencyClient: await id('advertiser', { name: 'Agency Client One' }),
    publisher: await id('publisher', { name: 'Demo Publisher' }), advertiserLogin: await id('login', { email: 'advertiser@demo.test' }),
    agencyLogin: await id('login', { email: 'agency@demo.test' }), viewerLogin: await id('login', { email: 'viewer@demo.test' }),
  });
  await demoPublisherEarns();
}, 120_000);

/**
 * The demo publisher's earnings are the provisions of approved events: once the history is written, staff approve
 * the older half of the Demo Shop's pending clicks (the rest stays to decide), and a payout may be asked from 1 EUR
 * (the payout minimum setting), so the payout operations have one to pay and read.
 */
async function demoPublisherEarns() {
  const jobStatus = async () => ((await server.core.sequelize.query(`SELECT status FROM jobs WHERE name = 'tracking.history' ORDER BY created DESC LIMIT 1`,
    { type: 'SELECT' })) as { status: string }[])[0]?.status;
  for (let waited = 0; ['queued', 'running'].includes((await jobStatus()) ?? '') && waited < 90_000; waited += 500) await new Promise((resolve) => setTimeout(resolve, 500));
  const campaign = ((await server.core.model('campaign').findOne({ where: { name: 'Summer Sale 2026' }, raw: true })) as { id: string }).id;
  const start = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const page = await (await server.api(`/api/campaign/${campaign}/clicks?approvalStatus=pending&size=500&sort=timestamp&direction=ASC&start_date=${start}`, { token: tokens.systemoperator })).json();
  const older = (page.items as { clickId: string }[]).slice(0, Math.floor(page.items.length / 2));
  if (older.length) {
    const res = await server.api(`/api/campaign/${campaign}/clicks/bulk`, { method: 'POST', token: tokens.systemoperator, body: older.map(({ clickId }) => ({ clickId, approved: true })) });
    expect(res.status).toBe(200);
  }
  await server.core.model('setting').create({ key: 'payout.minimum', value: { cents: 100 } });
}
afterAll(() => server?.stop());

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, operation: item[method] })));
type Operation = ReturnType<typeof operations>[number];
const keyOf = ({ method, path }: Operation) => `${method.toUpperCase()} ${path}`;
const exampleOfOp = (op: Operation): Example | undefined => EXAMPLES[op.operation.operationId];
const resourceNames = () => new Set(server.core.resources.map((r) => r.name));
/** The declared resource of a generic operation (`/api/<name>`, `/api/<name>/{id}`, `.../recover`). */
const resourceOf = (op: Operation) => (/^\/api\/[^/]+(\/\{id\}(\/recover)?)?$/.test(op.path) && resourceNames().has(op.path.split('/')[2]) ? op.path.split('/')[2] : undefined);
const isList = (op: Operation) => op.method === 'get' && resourceOf(op) !== undefined && !op.path.includes('{');

/** A list's first record, the selected advertiser's where the page has one (new records then belong together). */
function sample(resource: string): Record<string, any> | undefined {
  const rows = lists.get(resource) ?? [];
  return rows.find((row) => row.advertiser === known.advertiser) ?? rows[0];
}
function idOf(resource: string | undefined): string | undefined {
  if (resource === 'advertiser' || resource === 'publisher') return known[resource];
  return resource ? sample(resource)?.id : undefined;
}
const data: ExampleData = { sample, rows: (resource) => lists.get(resource) ?? [], known, result: (id) => results.get(id) };
const context = { idOf, next: () => ++numbered };

/** A parameter's value: the example's, the document's, the record its `x-ref` or the path segment before it names, or one its schema takes. */
function parameterValue(op: Operation, parameter: Schema): string | undefined {
  const given = exampleOfOp(op)?.params?.(data)?.[parameter.name];
  if (given !== undefined) return given;
  const schema = parameter.schema ?? {};
  if (parameter.example !== undefined) return String(parameter.example);
  if (parameter.in === 'path') {
    const segments = op.path.split('/');
    const before = segments[segments.indexOf(`{${parameter.name}}`) - 1];
    return idOf(schema['x-ref'] ?? (resourceNames().has(before) ? before : undefined)) ?? NO_RECORD;
  }
  if (parameter.name === 'range') return '[0,9]';
  if (parameter.name === 'page') return '1';
  if (!parameter.required) return undefined;
  return String(exampleOf(schema, context)).replace(/\s/g, '-');
}

interface Call {
  role: Role;
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  form?: FormData;
  mediaType?: string;
}

/** The request of `op` as `role`: its path and query filled, the headers it requires, the tenants for staff. */
function request(op: Operation, role: Role, given: Record<string, string> = {}): Call {
  const values: Record<string, string> = { ...given };
  const query = new URLSearchParams();
  const names = (op.operation.parameters ?? []).map((parameter: Schema) => parameter.name);
  const headers: Record<string, string> = role === 'systemoperator' && names.includes('Advertiser') ? { Advertiser: known.advertiser, Publisher: known.publisher } : {};
  for (const parameter of op.operation.parameters ?? []) {
    if ((parameter.in === 'header' && !parameter.required) || values[parameter.name] !== undefined) continue;
    const value = parameterValue(op, parameter);
    if (value === undefined) continue;
    if (parameter.in === 'path') values[parameter.name] = value;
    else if (parameter.in === 'query') query.set(parameter.name, value);
    else if (parameter.in === 'header') headers[parameter.name] = value;
  }
  const search = query.toString();
  return { role, path: `${fillPath(op.path, values)}${search ? `?${search}` : ''}`, headers };
}

/** Calls, and checks the answer against the document: a documented status, media type and schema. */
async function call(op: Operation, req: Call): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${tokens[req.role]}`, Language: 'en', ...req.headers };
  let body: BodyInit | undefined;
  if (req.form) body = req.form;
  else if (req.body !== undefined) {
    headers['Content-Type'] = req.mediaType ?? 'application/json';
    body = JSON.stringify(req.body);
  }
  const res = await fetch(`${server.url}${req.path}`, { method: op.method.toUpperCase(), headers, body, redirect: 'manual' });
  const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
  const where = `${op.method.toUpperCase()} ${req.path} as ${req.role}: ${res.status}`;
  const responses = op.operation.responses ?? {};
  const documented = responses[res.status] ?? responses[`${String(res.status)[0]}XX`] ?? responses.default;
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
  const parsed = mediaType === 'application/json' ? JSON.parse(text || 'null') : undefined;
  if (!documented) problems.push(`${where} is not documented (${text.slice(0, 200)})`);
  else if (documented.content) {
    const type = documentedMediaType(documented.content, mediaType);
    const schema = type ? documented.content[type]?.schema : undefined;
    if (!type) problems.push(`${where}: ${mediaType || 'no media type'} is not documented`);
    else if (schema && parsed !== undefined) {
      const errors = validate(schema, parsed);
      if (errors.length) problems.push(`${where}: ${errors.join('; ')}`);
      validated++;
    }
    for (const [name, header] of Object.entries<Schema>(documented.headers ?? {})) {
      if (res.headers.get(name) === null) problems.push(`${where}: no ${name} header`);
      else if (header.schema && validate(header.schema, res.headers.get(name)).length) problems.push(`${where}: ${name} header ${res.headers.get(name)}`);
    }
  }
  return { status: res.status, body: parsed };
}

const succeeded = (status: number) => status >= 200 && status < 400;

/** GETs: `ops` in turn as the readers until one may; those none may read. */
async function read(ops: Operation[]): Promise<string[]> {
  const unread: string[] = [];
  for (const op of ops) {
    const example = exampleOfOp(op);
    let answered = false;
    if (request(op, 'systemoperator').path.includes(NO_RECORD) && !deferred.includes(op)) {
      deferred.push(op);
      continue;
    }
    for (const role of example?.role ? [example.role] : READERS) {
      const { status, body } = await call(op, request(op, role));
      if (isList(op) && status === 200 && Array.isArray(body) && body.length) lists.set(resourceOf(op)!, body);
      if (succeeded(status) && body && typeof body === 'object') results.set(op.operation.operationId, body);
      if (succeeded(status)) {
        answered = true;
        // Each of its switches once: a flag (full, onlyWebsites, archived, ...) may answer another shape.
        for (const flag of (op.operation.parameters ?? []).filter((p: Schema) => p.in === 'query' && p.schema?.type === 'boolean')) {
          const req = request(op, role);
          await call(op, { ...req, path: `${req.path}${req.path.includes('?') ? '&' : '?'}${flag.name}=true` });
        }
        break;
      }
    }
    if (!answered && !example?.refusal) unread.push(keyOf(op));
  }
  return unread;
}

/** The body of a write: the example's laid over the one made from the schema. */
function validBody(op: Operation, schema: Schema | undefined): unknown {
  const made = schema ? exampleOf(schema, context) : undefined;
  const given = exampleOfOp(op)?.body?.(data);
  if (given === undefined) return made;
  return made && typeof made === 'object' && !Array.isArray(made) && typeof given === 'object' && !Array.isArray(given) ? { ...made, ...given } : given;
}

describe('the API answers as its OpenAPI document says', () => {
  it('answers every documented GET, lists with a page and one record of each, as documented', async () => {
    const reads = operations().filter((op) => op.method === 'get' && !exampleOfOp(op)?.last);
    // Lists first: their records are the ones the other reads ask for. A resource the demo data has none of gets one.
    const unread = await read(reads.filter(isList));
    for (const op of operations().filter((candidate) => candidate.method === 'post' && isList({ ...candidate, method: 'get' }))) {
      const resource = resourceOf(op)!;
      if (lists.has(resource)) continue;
      const valid = validBody(op, op.operation.requestBody?.content['application/json']?.schema);
      const { status, body } = await call(op, { ...request(op, 'systemoperator'), body: valid });
      if (status !== 201) continue;
      lists.set(resource, [body]);
      created.set(resource, { id: body.id, body: valid });
    }
    unread.push(...await read(reads.filter((op) => !isList(op))));
    const all = operations();
    console.log(`contract: ${Object.keys(doc.paths).length} paths, ${all.length} operations (${all.filter((op) => op.method === 'get').length} GET); reads: ${validated} JSON answers validated`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(unread, unread.join('\n')).toEqual([]);
  }, 90_000);

  it('takes every documented write with a valid body and refuses one with a value of the wrong type, as documented', async () => {
    problems.length = 0;
    const before = validated;
    const sysop = defineAbilityFor({ id: 'contract', role: 'systemoperator', advertiserIds: [], publisherIds: [] }, server.core.resources);
    const writes = operations().filter((op) => op.method !== 'get');
    // Creates first, then the plugins' writes, then the generic updates, deletes and recovers of what was created.
    const rank = (op: Operation) => {
      if (exampleOfOp(op)?.last) return 5;
      if (!resourceOf(op)) return 1;
      return op.path.endsWith('/recover') ? 4 : ({ post: 0, put: 2, patch: 2, delete: 3 } as Record<string, number>)[op.method];
    };
    const refused: string[] = [];
    let invalidRefused = 0;
    for (const op of [...writes].sort((a, b) => rank(a) - rank(b))) {
      const example = exampleOfOp(op);
      const role = example?.role ?? 'systemoperator';
      const resource = resourceOf(op);
      const mine = resource ? created.get(resource) : undefined;
      const req = request(op, role, mine && op.path.includes('{id}') ? { id: mine.id } : {});
      const content: Record<string, Schema> = op.operation.requestBody?.content ?? {};
      const mediaType = Object.keys(content)[0];
      const schema = mediaType ? content[mediaType].schema ?? {} : undefined;
      const valid = op.method === 'put' && mine ? mine.body : validBody(op, schema);
      // The declaration's access keeps the role from this generic operation: 403 (or 404 for a record it cannot see) is the answer.
      const action = op.path.endsWith('/recover') ? 'recover' : op.method;
      const forbidden = resource !== undefined && !sysop.can(ACTIONS[action], resource);

      // The invalid body first: a refused write changes nothing the valid one needs.
      const broken = schema && mediaType !== 'multipart/form-data' && !forbidden ? brokenBody(schema, valid) : null;
      if (broken) {
        const { status, body } = await call(op, { ...req, body: broken.body, mediaType });
        invalidRefused += status === 400 ? 1 : 0;
        const fields: string[] = (body?.errors ?? []).map((error: { field: string }) => error.field);
        const named = (field: string) => field === broken.field || field.startsWith(`${broken.field}.`) || field.endsWith(`.${broken.field}`);
        if (status !== 400) problems.push(`${keyOf(op)} with ${broken.field || 'its body'} of the wrong type: ${status}, not 400`);
        else if (broken.field && !fields.some(named)) problems.push(`${keyOf(op)} with ${broken.field} of the wrong type: 400 naming ${fields.join(', ') || 'no field'}`);
      }
      // A create the reads made already: called and checked there.
      if (resource && op.method === 'post' && !op.path.includes('{id}') && created.has(resource)) continue;
      const form = example?.form?.(data);
      const { status, body } = await call(op, { ...req, ...(form ? { form } : { body: valid, mediaType }) });
      if (succeeded(status) && body && typeof body === 'object') results.set(op.operation.operationId, body);
      if (resource && op.method === 'post' && !op.path.includes('{id}') && status === 201) created.set(resource, { id: body.id, body: valid });
      const expected = example?.refusal || (forbidden && [403, 404].includes(status));
      if (!succeeded(status) && !expected) refused.push(`${keyOf(op)} as ${role}: ${status} ${JSON.stringify(body)?.slice(0, 300)}`);
    }
    // The reads of what the writes made: an uploaded file, the records the writes caused (mails, the activity log).
    const relisted = new Set(deferred.map(resourceOf).filter((resource) => resource !== undefined));
    await read(operations().filter((op) => isList(op) && relisted.has(resourceOf(op)!)));
    const later = [...deferred, ...operations().filter((op) => op.method === 'get' && exampleOfOp(op)?.last)];
    deferred.length = 0;
    refused.push(...await read(later));
    refused.push(...deferred.map((op) => `${keyOf(op)}: no record to read`));
    console.log(`contract: ${writes.length} writes; ${invalidRefused} refused a body with a value of the wrong type; ${validated - before} JSON answers validated`);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(refused, refused.join('\n')).toEqual([]);
  }, 90_000);
});
