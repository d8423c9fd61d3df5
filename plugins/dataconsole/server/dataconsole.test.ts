/**
 * The data console (AdminJS at /sysop/data): the systemoperator only, with the product's token (no second login);
 * money tables read-only; other writes recorded in the activity log; the server starts without loading AdminJS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';

let server: TestServer;
const tokens: Record<string, string> = {};
let cookie = '';

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.set(key, value);
  return fetch(`${server.url}${path}`, { method: 'POST', body, headers, redirect: 'manual' });
};

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  for (const role of ['sysop', 'admin', 'advertiser']) tokens[role] = await server.token(`${role}@demo.test`);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('data console', () => {
  it('loads AdminJS only when the console is first opened', () => {
    expect(Object.keys(globalThis).includes('RegisteredAdapters')).toBe(false);
  });

  it('refuses an unsigned request and every role but the systemoperator', async () => {
    expect((await get('/sysop/data')).status).toBe(401);
    expect((await get('/sysop/data/api/resources/transactions/actions/list')).status).toBe(401);
    expect((await get('/sysop/data', { Cookie: 'adsuite_console=not-a-token' })).status).toBe(401);
    for (const role of ['admin', 'advertiser']) {
      expect((await get('/sysop/data', { Authorization: `Bearer ${tokens[role]}` })).status, role).toBe(403);
      expect((await server.api('/api/dataconsole/session', { method: 'POST', token: tokens[role] })).status, role).toBe(403);
    }
  });

  it('opens for the systemoperator with the token in an HttpOnly cookie scoped to the console', async () => {
    const res = await server.api('/api/dataconsole/session', { method: 'POST', token: tokens.sysop });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: '/sysop/data' });
    const set = res.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^adsuite_console=[^;]+; Path=\/sysop\/data; HttpOnly; SameSite=Strict/);
    cookie = set.split(';')[0];
    const page = await get('/sysop/data', { Cookie: cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('window.REDUX_STATE');
    // Its inline scripts run under a nonce; the web font of a CDN is left out.
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toContain('fonts.googleapis.com');
    expect((await get('/sysop/data/frontend/assets/components.bundle.js', { Cookie: cookie })).status).toBe(200);
    expect((await get('/sysop/data/frontend/assets/app.bundle.js', { Cookie: cookie })).status).toBe(200);
  });

  it('lists raw records, never a password hash', async () => {
    const res = await get('/sysop/data/api/resources/logins/actions/list?perPage=50', { Cookie: cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    const sysop = body.records.find((record: { params: Record<string, unknown> }) => record.params.email === 'sysop@demo.test');
    expect(sysop).toBeTruthy();
    expect(sysop.params.password).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/\$2[aby]\$/);
    // Nor is one written: a password sent with an edit is dropped.
    const hash = async () => ((await server.core.model('login').findByPk(sysop.params.id, { raw: true })) as { password: string }).password;
    const before = await hash();
    expect((await post(`/sysop/data/api/resources/logins/records/${sysop.params.id}/edit`, { password: 'x', name: 'Sven' }, { Cookie: cookie })).status).toBe(200);
    expect(await hash()).toBe(before);
  });

  it('keeps the ledger read-only', async () => {
    const count = () => server.core.model('transaction').count();
    const before = await count();
    const list = await (await get('/sysop/data/api/resources/transactions/actions/list', { Cookie: cookie })).json();
    expect(list.records.length).toBeGreaterThan(0);
    const id = list.records[0].params.id;
    const created = await post('/sysop/data/api/resources/transactions/actions/new', { type: 'topup', amount: '100000', description: 'free money' }, { Cookie: cookie });
    expect(created.status).toBe(403);
    const edited = await post(`/sysop/data/api/resources/transactions/records/${id}/edit`, { amount: '1' }, { Cookie: cookie });
    expect(edited.status).toBe(403);
    const deleted = await post(`/sysop/data/api/resources/transactions/records/${id}/delete`, {}, { Cookie: cookie });
    expect(deleted.status).toBe(403);
    expect(await count()).toBe(before);
    for (const table of ['invoices', 'creditnotes', 'earnings']) {
      expect((await post(`/sysop/data/api/resources/${table}/actions/new`, { amount: '1' }, { Cookie: cookie })).status, table).toBe(403);
    }
  });

  it('records another table\'s edit in the activity log with a version', async () => {
    const vertical = (await server.core.model('vertical').findOne({ where: { name: 'Travel' }, raw: true })) as { id: string };
    const res = await post(`/sysop/data/api/resources/verticals/records/${vertical.id}/edit`, { name: 'Travel & Leisure' }, { Cookie: cookie });
    expect(res.status).toBe(200);
    expect(((await server.core.model('vertical').findByPk(vertical.id, { raw: true })) as { name: string }).name).toBe('Travel & Leisure');
    const log = (await server.core.model('campaignlog').findOne({ where: { entityId: vertical.id, entityAction: 'update' }, raw: true })) as { version: { name: string }; login: string } | null;
    expect(log?.version.name).toBe('Travel & Leisure');
    const sysop = (await server.core.model('login').findOne({ where: { email: 'sysop@demo.test' }, raw: true })) as { id: string };
    expect(log?.login).toBe(sysop.id);
  });
});
