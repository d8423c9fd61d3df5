/**
 * /api/openapi.json names every route the app answers: the declared resources, the core's routes and every
 * plugin's, found by walking the Express router stack (as fuzz.test.ts does), so the next route cannot slip
 * through undocumented. And what it names is there, with its path parameters, answers and resolvable `$ref`s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
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
const documented = (route: string) => /^[A-Z]+ \/(api|banner|s|t|c)(\/|$)/.test(route);

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
