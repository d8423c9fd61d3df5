/**
 * Bad input the server refuses with 400 `{ message, errors }` before any handler, and writes nothing:
 * deep JSON, NUL characters, invalid UTF-8, malformed percent-escapes in paths, built-in names as keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { jsonProblem, MAX_JSON_DEPTH } from './jsonInput.ts';

describe('jsonProblem', () => {
  it('finds nesting over the cap without recursion, at any depth', () => {
    let value: unknown = 1;
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(jsonProblem(value)?.kind).toBe('depth');
    let ok: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) ok = { a: ok };
    expect(jsonProblem(ok)).toBeNull();
    expect(jsonProblem({ a: ok })?.kind).toBe('depth');
  });

  it('finds a NUL in a string or a key and names where', () => {
    expect(jsonProblem({ name: 'ok', items: [{ title: 'a\u0000' }] })).toEqual({ kind: 'nul', path: 'items.0.title' });
    expect(jsonProblem({ ['k\u0000']: 1 })).toEqual({ kind: 'nul', path: 'k\\0' });
    expect(jsonProblem({ name: 'ok', list: [1, true, null, 'x'] })).toBeNull();
  });
});

describe('the API refuses malformed input with 400', () => {
  let server: TestServer;
  let sysop: string;
  let advertiserId: string;

  beforeAll(async () => {
    server = await startTestServer({ jobs: false });
    sysop = await server.token('sysop@demo.test');
    const res = await server.api('/api/advertiser?filter=' + encodeURIComponent(JSON.stringify({ q: 'Demo Shop' })), { token: sysop });
    advertiserId = ((await res.json()) as { id: string }[])[0].id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const expect400 = async (res: Response) => {
    const body = (await res.json()) as { message: string; errors: unknown[] };
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(typeof body.message).toBe('string');
    expect(Array.isArray(body.errors)).toBe(true);
    return body as { message: string; errors: { field: string; message: string }[] };
  };
  const count = (name: string) => server.core.model(name).count();

  it('a malformed percent-escape in a path parameter (API and ad server)', async () => {
    for (const path of ['/api/booking/%E0%A4%A', '/api/banner/%E0%A4%A', '/api/booking/%E0%A4%A/costs', '/api/advertiser/%zz/balance']) {
      expect((await expect400(await server.api(path, { token: sysop }))).errors).toEqual([]);
    }
    for (const method of ['PUT', 'DELETE']) await expect400(await server.api('/api/banner/%', { method, token: sysop, body: method === 'PUT' ? {} : undefined }));
    expect((await server.api('/banner/file/%E0%A4%A')).status).toBe(400);
  });

  it('JSON bodies nested thousands of levels deep, anywhere in the body', async () => {
    const before = await count('vertical');
    for (const body of [`${'['.repeat(50_000)}${']'.repeat(50_000)}`, `{"name":"x","extra":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`]) {
      const answer = await expect400(await server.api('/api/vertical', { method: 'POST', token: sysop, body }));
      expect(answer.message).toMatch(/nested too deeply/);
    }
    // An update, and a plugin route's body.
    await expect400(await server.api(`/api/advertiser/${advertiserId}`, { method: 'PUT', token: sysop, body: `{"name":"Demo Shop GmbH","url":${'['.repeat(3000)}${']'.repeat(3000)}}` }));
    await expect400(await server.api('/api/auth/signin', { method: 'POST', body: `{"email":${'['.repeat(3000)}${']'.repeat(3000)},"password":"x"}` }));
    expect(await count('vertical')).toBe(before);
  });

  it('a NUL character in a text or JSON value is refused at its field, and nothing is stored', async () => {
    const res = await server.api(`/api/advertiser/${advertiserId}`, { method: 'PUT', token: sysop, body: { url: 'https://example.com/\u0000' } });
    expect((await expect400(res)).errors[0].field).toBe('url');
    const stored = (await (await server.api(`/api/advertiser/${advertiserId}`, { token: sysop })).json()) as { url: string | null };
    expect(stored.url ?? '').not.toContain('\\0');

    const before = await count('banner');
    const create = await server.api('/api/banner', {
      method: 'POST', token: sysop, headers: { Advertiser: advertiserId },
      body: { name: 'Fuzz', advertiser: advertiserId, bannerType: 'image_ad', thumbnail: { url: 'a\u0000b' } },
    });
    expect((await expect400(create)).errors[0].field).toBe('thumbnail');
    expect(await count('banner')).toBe(before);
    // Plugin routes too, and keys.
    await expect400(await server.api('/api/coupon/use', { method: 'POST', token: sysop, body: { code: 'ABC\u0000', advertiser: advertiserId } }));
    await expect400(await server.api('/api/vertical', { method: 'POST', token: sysop, body: { ['name\u0000']: 'x' } }));
  });

  it('a NUL character in a query parameter', async () => {
    await expect400(await server.api('/api/search?search=a%00b', { token: sysop }));
    await expect400(await server.api(`/api/banner?filter=${encodeURIComponent(JSON.stringify({ name: 'a\u0000' }))}`, { token: sysop }));
  });

  it('a body that is not valid UTF-8, or not in a UTF charset', async () => {
    const before = await count('vertical');
    const bytes = new Uint8Array([...Buffer.from('{"name":"'), 0xc3, 0x28, 0xff, ...Buffer.from('"}')]);
    const res = await fetch(`${server.url}/api/vertical`, { method: 'POST', headers: { Authorization: `Bearer ${sysop}`, 'Content-Type': 'application/json' }, body: bytes });
    expect((await expect400(res)).message).toMatch(/UTF-8/);
    const latin1 = await fetch(`${server.url}/api/vertical`, { method: 'POST', headers: { Authorization: `Bearer ${sysop}`, 'Content-Type': 'application/json; charset=latin1' }, body: '{"name":"x"}' });
    expect(latin1.status).toBe(415);
    expect(await latin1.json()).toMatchObject({ errors: [] });
    expect(await count('vertical')).toBe(before);
  });

  it('list parameters naming built-in object members', async () => {
    for (const query of ['lookup=__proto__', 'lookup=toString', 'populate=constructor', `filter=${encodeURIComponent('{"constructor":"x"}')}`, `filter=${encodeURIComponent('{"valueOf_gte":1}')}`]) {
      await expect400(await server.api(`/api/advertiser?${query}`, { token: sysop }));
    }
    await expect400(await server.api(`/api/advertiser/${advertiserId}?lookup=hasOwnProperty`, { token: sysop }));
  });
});
