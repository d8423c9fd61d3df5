/**
 * Issue 9, defect 3: a password change, a reset, a role change, a login switched off or "sign out everywhere"
 * ends every earlier session of that user at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { call, mailedToken, PUBLIC_URL } from './testing.ts';

let server: TestServer;
let sysop: string;

beforeAll(async () => {
  server = await startTestServer({ env: { publicUrl: PUBLIC_URL } });
  sysop = await server.token('sysop@demo.test');
});
afterAll(async () => {
  await server?.stop();
});

const me = (token: string) => server.api('/api/auth/login', { token }).then((res) => res.status);
const idOf = async (email: string) => ((await server.core.model('login').findOne({ where: { email }, raw: true })) as { id: string }).id;

describe('sessions end with the account change that must end them', () => {
  it('a changed password ends earlier sessions; the session that changed it goes on with its new token', async () => {
    const earlier = await server.token('advertiser@demo.test');
    const current = await server.token('advertiser@demo.test');
    const changed = await call(server, '/api/auth/password', { method: 'POST', token: current, body: { currentPassword: 'demo-password', password: 'new-password-1' } });
    expect(changed.status).toBe(200);
    expect(await me(earlier)).toBe(401);
    expect(await me(current)).toBe(401);
    expect(await me(changed.body.accessToken)).toBe(200);
    expect((await server.api('/api/booking', { token: earlier })).status).toBe(401);
    await call(server, '/api/auth/password', { method: 'POST', token: changed.body.accessToken, body: { currentPassword: 'new-password-1', password: 'demo-password' } });
  });

  it('a password reset through the mailed link ends every session', async () => {
    const before = await server.token('other@demo.test');
    await call(server, '/api/auth/reset', { method: 'POST', body: { email: 'other@demo.test' } });
    const token = await mailedToken(server, 'other@demo.test', 'reset');
    expect((await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'demo-password' } })).status).toBe(200);
    expect(await me(before)).toBe(401);
    expect(await me(await server.token('other@demo.test'))).toBe(200);
  });

  it('a role change by staff ends the sessions of that user, an unrelated edit does not', async () => {
    const wizard = await server.token('wizard@demo.test');
    const id = await idOf('wizard@demo.test');
    expect((await server.api(`/api/login/${id}`, { method: 'PUT', token: sysop, body: { surname: 'Renamed' } })).status).toBe(200);
    expect(await me(wizard)).toBe(200);
    expect((await server.api(`/api/login/${id}`, { method: 'PUT', token: sysop, body: { role: 'affiliatemanager' } })).status).toBe(200);
    expect(await me(wizard)).toBe(401);
    await server.api(`/api/login/${id}`, { method: 'PUT', token: sysop, body: { role: 'wizard' } });
  });

  it('a login switched off and on again does not bring the old session back', async () => {
    const session = await server.token('accounting@demo.test');
    const id = await idOf('accounting@demo.test');
    await server.api(`/api/login/${id}`, { method: 'PUT', token: sysop, body: { loginAllowed: false } });
    expect(await me(session)).toBe(401);
    await server.api(`/api/login/${id}`, { method: 'PUT', token: sysop, body: { loginAllowed: true } });
    expect(await me(session)).toBe(401);
    expect(await me(await server.token('accounting@demo.test'))).toBe(200);
  });

  it('"sign out everywhere" ends every session of the user, and only theirs', async () => {
    const phone = await server.token('agency@demo.test');
    const laptop = await server.token('agency@demo.test');
    const coworker = await server.token('coworker@demo.test');
    expect((await call(server, '/api/auth/signout-everywhere', { method: 'POST', token: laptop })).status).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await me(coworker)).toBe(200);
    expect(await me(await server.token('agency@demo.test'))).toBe(200);
  });
});
