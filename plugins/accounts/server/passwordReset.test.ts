import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTo, startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { call, mailedToken, PUBLIC_URL, signIn, signUpBody } from './testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { publicUrl: PUBLIC_URL, signinMaxPerEmail: 4 } });
});
afterAll(async () => {
  await server?.stop();
});

const requestReset = (email: string) => call(server, '/api/auth/reset', { method: 'POST', body: { email } });
const newPassword = (token: string, password: string) => call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password } });
const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';
const mailsTo = (email: string) => server.core.model('outbox').count({ where: { to: email } });
/** Mails leave after the answer: give a mail that should not be sent the time it would need. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('password reset', () => {
  it('answers a known and an unknown address alike and mails only the known one', async () => {
    const known = await server.api('/api/auth/reset', { method: 'POST', body: { email: 'Advertiser@Demo.test' } });
    const unknown = await server.api('/api/auth/reset', { method: 'POST', body: { email: 'nobody@demo.test' } });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual({ token: 'ok' });
    expect(await unknown.json()).toEqual({ token: 'ok' });
    const [mail] = await outboxTo(server.core, 'advertiser@demo.test');
    expect(mail).toMatchObject({ template: 'passwordReset', language: 'de', subject: 'Ihr neues Passwort für AdSuite' });
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL}/resetpassword/[A-Za-z0-9_-]{43}`));
    await settle();
    expect(await mailsTo('nobody@demo.test')).toBe(0);
  });

  it('sets the new password with the link once', async () => {
    await requestReset('other@demo.test');
    const token = await mailedToken(server, 'other@demo.test', 'reset');
    expect(await newPassword(token, 'short')).toMatchObject({ status: 400, body: { errors: [{ field: 'password', message: 'The password must be at least 8 characters long.' }] } });
    // A refused password leaves the link usable.
    expect(await newPassword(token, 'brand-new-password')).toEqual({ status: 200, body: { success: true } });
    expect(await newPassword(token, 'another-password')).toEqual({ status: 400, body: { message: LINK_INVALID, errors: [{ field: 'token', message: LINK_INVALID }] } });
    expect((await signIn(server, 'other@demo.test', 'brand-new-password')).status).toBe(200);
    expect((await signIn(server, 'other@demo.test', 'demo-password')).status).toBe(401);
  });

  it('refuses an expired link and every link but the newest', async () => {
    await requestReset('wizard@demo.test');
    const older = await mailedToken(server, 'wizard@demo.test', 'reset');
    await requestReset('wizard@demo.test');
    const newer = await mailedToken(server, 'wizard@demo.test', 'reset', 2);
    expect((await newPassword(older, 'brand-new-password')).status).toBe(400);
    await server.core.sequelize.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset'");
    expect(await newPassword(newer, 'brand-new-password')).toMatchObject({ status: 400, body: { message: LINK_INVALID } });
    expect((await signIn(server, 'wizard@demo.test', 'demo-password')).status).toBe(200);
  });

  it('stores the tokens hashed and lets them live one hour', async () => {
    await requestReset('accounting@demo.test');
    const token = await mailedToken(server, 'accounting@demo.test', 'reset');
    const [row] = await server.core.sequelize.query<{ token_hash: string; lifetime: number }>(
      "SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS lifetime FROM account_tokens t JOIN logins l ON l.id = t.login_id WHERE l.email = 'accounting@demo.test'",
      { type: 'SELECT' as never },
    );
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.lifetime).toBe(3600);
  });

  it('confirms an unconfirmed account with the new password, and mails no account whose login is not allowed', async () => {
    await call(server, '/api/auth/signup', { method: 'POST', body: signUpBody('company', 'forgot@example.com') });
    await requestReset('forgot@example.com');
    const token = await mailedToken(server, 'forgot@example.com', 'reset', 2);
    expect((await newPassword(token, 'remembered-now')).status).toBe(200);
    expect((await signIn(server, 'forgot@example.com', 'remembered-now')).status).toBe(200);

    await call(server, '/api/auth/signup', { method: 'POST', body: signUpBody('agency', 'waiting@example.com') });
    await outboxTo(server.core, 'waiting@example.com');
    expect(await requestReset('waiting@example.com')).toEqual({ status: 200, body: { token: 'ok' } });
    await settle();
    expect(await mailsTo('waiting@example.com')).toBe(1);
  });

  it('limits requests per address like sign-in', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestReset('limited@example.com')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await requestReset('someone-else@example.com')).status).toBe(200);
    expect((await requestReset('not-an-address')).status).toBe(400);
  });
});
