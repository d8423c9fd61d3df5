/**
 * /api/openapi.json names every route the app answers: the declared resources, the core's routes and every
 * plugin's, found by walking the Express router stack (as fuzz.test.ts does), so the next route cannot slip
 * through undocumented. And what it names is there, with its path parameters, answers and resolvable `$ref`s.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createApp } from './app.ts';
import { ROOT_DIR } from './env.ts';
import { openApiDocument } from './openapi.ts';
import { startTestServer, type TestServer } from './testing.ts';
import { routesOf, type RoutedPath } from './http/routerRoutes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/**
 * A routed `METHOD /path` in the document's path syntax: `:id` is `{id}`, a wildcard `*entry` is `{entry}`, and an
 * optional part (`/auth/logins{/:ids}`) gives the path with and without it.
 */
function documentForms({ method, path }: RoutedPath): string[] {
  const variants = /\{[^}]*\}/.test(path) ? [path.replace(/\{[^}]*\}/g, ''), path.replace(/\{([^}]*)\}/g, '$1')] : [path];
  return variants.map((variant) => `${method} ${variant.replace(/[:*]([A-Za-z]\w*)/g, '{$1}')}`);
}

/** The API and the public ad-delivery routes (ad server, click redirect, pixels); not the front-ends' pages. */
const documented = (route: string) => /^[A-Z]+ \/(api|banner|s|t|c|z)(\/|$)/.test(route);

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, Record<string, unknown>> };

const operations = (doc: Doc) => Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, path, item, operation: item[method] })));

function resolve(doc: Doc, value: any): any {
  if (!value || typeof value.$ref !== 'string') return value;
  const [, kind, name] = value.$ref.split('/').slice(1);
  return doc.components[kind]?.[name];
}

describe('the OpenAPI document', () => {
  it('names every route of the API and of ad delivery, and no route that does not exist', async () => {
    const routes = [...new Set(routesOf(createApp(server.core) as unknown as Parameters<typeof routesOf>[0]).flatMap(documentForms).filter(documented))];
    const doc = (await (await server.api('/api/openapi.json')).json()) as Doc;
    const named = new Set(operations(doc).map(({ key }) => key));

    // A resource that is never archived answers its recover route with 404 only: not an operation to describe.
    const neverArchived = server.core.resources.filter((resource) => !resource.archivable).map((resource) => `POST /api/${resource.name}/{id}/recover`);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !named.has(route) && !neverArchived.includes(route))).toEqual([]);
    expect([...named].filter((key) => !routes.includes(key))).toEqual([]);
    // The plugins' routes are among them (each plugin describes its own).
    for (const route of ['POST /api/advertiser/{id}/manual-entry', 'POST /api/booking/{id}/status', 'GET /api/search', 'POST /api/auth/signup', 'GET /banner', 'GET /api/mail/delivery']) {
      expect(named, route).toContain(route);
    }
  });

  it('gives every operation a summary, its answers with the errors it may give, and every path parameter', async () => {
    const doc = (await (await server.api('/api/openapi.json')).json()) as Doc;
    const problems: string[] = [];
    for (const { key, path, item, operation } of operations(doc)) {
      if (!operation.summary) problems.push(`${key}: no summary`);
      const codes = Object.keys(operation.responses ?? {});
      // A redirect is the success of a click splitter.
      if (!codes.some((code) => /^[23]\d\d$/.test(code)) && !operation.summary?.includes('always 404')) problems.push(`${key}: no success answer`);
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (!isPublic && !codes.includes('401')) problems.push(`${key}: no 401 answer`);
      if (/\{\w+\}/.test(path) && !codes.includes('404')) problems.push(`${key}: no 404 answer`);
      if (['POST', 'PUT', 'PATCH'].some((method) => key.startsWith(method)) && operation.requestBody && !codes.includes('400')) problems.push(`${key}: a body but no 400 answer`);
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => resolve(doc, parameter));
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!parameters.some((parameter) => parameter?.in === 'path' && parameter.name === name && parameter.required)) problems.push(`${key}: path parameter ${name} undeclared`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('resolves every $ref', async () => {
    const doc = (await (await server.api('/api/openapi.json')).json()) as Doc;
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '$ref' && typeof inner === 'string') refs.push(inner);
          else walk(inner);
        }
      }
    };
    walk(doc.paths);
    walk(doc.components);
    expect(refs.length).toBeGreaterThan(100);
    expect([...new Set(refs)].filter((target) => !resolve(doc, { $ref: target }))).toEqual([]);
  });

  it('lets a plugin describe a method of a generated path without losing the others', () => {
    const doc = openApiDocument(server.core.resources, [{ name: 'test', openapi: { '/api/campaign/{id}': { put: { summary: 'Replaced' } } } }]) as Doc;
    expect(doc.paths['/api/campaign/{id}'].put.summary).toBe('Replaced');
    expect(doc.paths['/api/campaign/{id}'].get.summary).toBe('Read a Campaign');
  });
});

describe('the OpenAPI document for outside tools', () => {
  it('names the running installation in servers, and an operationId of every operation once', async () => {
    const doc = (await (await server.api('/api/openapi.json')).json()) as Doc & { servers: { url: string }[] };
    expect(doc.servers.map((entry) => entry.url)).toEqual([server.core.env.publicUrl]);
    const ids = operations(doc).map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string')).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // Stable: made of the method and the path where a description names none.
    expect(doc.paths['/api/campaign/{id}/report'].get.operationId).toBe('getCampaignReport');
    expect(doc.paths['/api/booking'].get.operationId).toBe('listBooking');
    expect(doc.paths['/api/booking/{id}'].put.operationId).toBe('updateBooking');
  });

  it('lints clean under Redocly\'s recommended rules, less those redocly.yaml turns off with its reasons', async () => {
    const source = await (await server.api('/api/openapi.json')).text();
    const config = await loadConfig({ configPath: path.join(ROOT_DIR, 'redocly.yaml') });
    const problems = await lintFromString({ source, absoluteRef: path.join(ROOT_DIR, 'openapi.json'), config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('gives openapi-typescript types a client compiles with, and runs it: bookings, a booking, a campaign\'s report', async () => {
    const doc = await (await server.api('/api/openapi.json')).json();
    const dir = mkdtempSync(path.join(tmpdir(), 'adsuite-client-'));
    try {
      writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
      // A third party's client: plain fetch, typed by the generated paths and schemas.
      const client = `
        import type { components, paths } from './api';
        type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
        export type Booking = components['schemas']['booking'];
        export type Report = Json<paths['/api/campaign/{id}/report']['get']['responses'][200]>;

        export function client(base: string, token: string) {
          async function get<T>(path: string): Promise<T> {
            const res = await fetch(base + path, { headers: { Authorization: 'Bearer ' + token, Language: 'en' } });
            if (!res.ok) throw new Error(path + ': ' + res.status);
            return (await res.json()) as T;
          }
          return {
            bookings: () => get<Json<paths['/api/booking']['get']['responses'][200]>>('/api/booking?range=' + encodeURIComponent('[0,9]')),
            booking: (id: string) => get<Booking>('/api/booking/' + id),
            report: (campaign: string) => get<Report>('/api/campaign/' + campaign + '/report'),
          };
        }

        export async function overview(base: string, token: string) {
          const api = client(base, token);
          const [first] = await api.bookings();
          const booking = await api.booking(first.id);
          const campaign = typeof booking.campaign === 'string' ? booking.campaign : booking.campaign?.id;
          if (!campaign) throw new Error('no campaign');
          const report = await api.report(campaign);
          // The report's answer is one of three shapes (summary, full, websites only): the websites alone have no stats.
          const clicks: number = 'stats' in report ? report.stats.reduce((sum, row) => sum + row.clicks, 0) : 0;
          const dailyBudget: number = booking.dailyBudget ?? 0;
          const channels: string[] = booking.channels ?? [];
          return { name: booking.name, status: booking.status, dailyBudget, channels, campaignName: report.campaignName, clicks };
        }
      `;
      // What the types must refuse: an optional field is nullable, a field the document does not name is no field.
      const misuse = `
        import type { components } from './api';
        declare const booking: components['schemas']['booking'];
        export const budget: number = booking.dailyBudget;
        export const missing = booking.noSuchField;
      `;
      writeFileSync(path.join(dir, 'client.ts'), client);
      writeFileSync(path.join(dir, 'misuse.ts'), misuse);
      const options: ts.CompilerOptions = {
        strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
        // The declarations are read where the client uses them; checking all of them besides took 7 s more.
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: true,
      };
      const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([path.join(dir, 'client.ts'), path.join(dir, 'misuse.ts')], options));
      const errorsOf = (file: string) => diagnostics.filter((diagnostic) => diagnostic.file?.fileName === path.join(dir, file))
        .map((diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
      expect(diagnostics.filter((diagnostic) => !diagnostic.file?.fileName.endsWith('misuse.ts')).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
      expect(errorsOf('misuse.ts').map((error) => error.split(':')[0])).toEqual(['TS2322', 'TS2339']);

      // And the client works against the server.
      writeFileSync(path.join(dir, 'client.mjs'), ts.transpileModule(client, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText);
      const { overview } = await import(/* @vite-ignore */ pathToFileURL(path.join(dir, 'client.mjs')).href);
      const result = await overview(server.url, await server.token('sysop@demo.test'));
      expect(result).toMatchObject({ name: expect.any(String), dailyBudget: expect.any(Number), campaignName: expect.any(String), clicks: expect.any(Number) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
