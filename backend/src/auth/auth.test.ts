import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../seed.ts';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { signinMaxPerEmail: 5, signinMaxPerIp: 1000 } });
});
afterAll(async () => {
  await server?.stop();
});

const signIn = (email: string, password: string) => server.api('/api/auth/signin', { method: 'POST', body: { email, password } });

describe('sign-in', () => {
  it('signs in every demo account with the sign-in response of the spec', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await signIn(account.email, 'demo-password');
      expect(res.status, account.email).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ email: account.email, role: account.role, name: account.name, surname: account.surname, language: 'de' });
      expect(Object.keys(body)).toEqual(expect.arrayContaining(['accessToken', 'subscriptions', 'selectedType', 'advertiser', 'publisher']));
      expect(typeof body.accessToken).toBe('string');
    }
  });

  it('names the selected advertiser and publisher', async () => {
    const advertiser = await (await signIn('advertiser@demo.test', 'demo-password')).json();
    const publisher = await (await signIn('publisher@demo.test', 'demo-password')).json();
    const me = await (await server.api('/api/auth/login', { token: advertiser.accessToken })).json();
    expect(me.advertisers.map((a: { name: string }) => a.name)).toEqual(['Demo Shop GmbH']);
    expect(advertiser.advertiser._id).toBe(me.advertisers[0].id);
    expect(publisher.publisher._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(publisher.selectedType).toBe('publisher');
  });

  it('answers 401 with a message for a wrong password or an unknown e-mail, and the same message for both', async () => {
    const wrong = await signIn('other@demo.test', 'not-the-password');
    const unknown = await signIn('nobody@demo.test', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Login failed, please try again.', errors: [] });
    expect(await unknown.json()).toEqual({ message: 'Login failed, please try again.', errors: [] });
  });

  it('answers 400 when e-mail or password is missing', async () => {
    const res = await server.api('/api/auth/signin', { method: 'POST', body: { email: 42 } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'password']);
    const malformed = await server.api('/api/auth/signin', { method: 'POST', body: '{"email":' });
    expect(malformed.status).toBe(400);
  });

  it('rate-limits sign-in attempts per e-mail', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn('wizard@demo.test', `wrong-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password waits until the window has passed.
    expect((await signIn('wizard@demo.test', 'demo-password')).status).toBe(429);
    expect((await signIn('accounting@demo.test', 'demo-password')).status).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('answers 401 for a missing, forged or expired token', async () => {
    const missing = await server.api('/api/booking');
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe('Please log in to enter the member area.');

    const token = await server.token('sysop@demo.test');
    const payload = jwt.decode(token) as { sub: string };
    const forged = jwt.sign({ sub: payload.sub, role: 'systemoperator' }, 'not-the-secret');
    expect((await server.api('/api/booking', { token: forged })).status).toBe(401);
    const tampered = token.slice(0, -3) + (token.endsWith('abc') ? 'xyz' : 'abc');
    expect((await server.api('/api/booking', { token: tampered })).status).toBe(401);
    const expired = jwt.sign({ sub: payload.sub }, server.core.env.jwtSecret, { expiresIn: -10 });
    const res = await server.api('/api/booking', { token: expired });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Access Expired.');
    const none = jwt.sign({ sub: payload.sub }, '', { algorithm: 'none' as never });
    expect((await server.api('/api/booking', { token: none })).status).toBe(401);
  });

  it('stops accepting the token of a user whose login was disallowed', async () => {
    const token = await server.token('affiliatemanager@demo.test');
    expect((await server.api('/api/auth/login', { token })).status).toBe(200);
    await server.core.model('login').update({ loginAllowed: false }, { where: { email: 'affiliatemanager@demo.test' } });
    expect((await server.api('/api/auth/login', { token })).status).toBe(401);
    await server.core.model('login').update({ loginAllowed: true }, { where: { email: 'affiliatemanager@demo.test' } });
  });

  it('keeps health, OpenAPI and sign-in public', async () => {
    expect(await (await server.api('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await server.api('/api/openapi.json')).status).toBe(200);
  });
});

describe('the current user', () => {
  it('changes language, subscriptions, stat preferences and the selected advertiser', async () => {
    const token = await server.token('agency@demo.test');
    const me = await (await server.api('/api/auth/login', { token })).json();
    expect(me.advertisers.map((a: { name: string }) => a.name)).toEqual(['Agency Client One', 'Agency Client Two']);
    const second = me.advertisers[1].id;
    const campaign = await server.core.model('campaign').create({ advertiser: second, name: 'Subscribed campaign' });
    const subscription = { campaign: campaign.get('id'), daily: true, weekly: false, monthly: true };
    const res = await server.api('/api/auth/login', {
      method: 'PATCH', token,
      body: { language: 'en', subscriptions: [subscription, { campaign: second, daily: false }], selectedAdvertiser: second, statPreferences: [{ statType: 'website', statColumns: ['clicks'], statSortBy: 'clicks', statSortOrder: 'DESC' }] },
    });
    expect(res.status).toBe(200);
    const changed = await (await server.api('/api/auth/login', { token })).json();
    expect(changed).toMatchObject({ language: 'en', subscriptions: [subscription], selectedAdvertiser: second });
    expect(changed.statPreferences[0].statType).toBe('website');
  });

  it('refuses an advertiser the user may not access and bad values, changing nothing', async () => {
    const token = await server.token('advertiser@demo.test');
    const other = await server.core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true }) as { id: string };
    const res = await server.api('/api/auth/login', { method: 'PATCH', token, body: { selectedAdvertiser: other.id, language: 'fr', subscriptions: ['hourly'] } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(['selectedAdvertiser', 'language', 'subscriptions']);
    const me = await (await server.api('/api/auth/login', { token })).json();
    expect(me.language).toBe('de');
    expect(me.selectedAdvertiser).not.toBe(other.id);
    // Another tenant's campaign is never subscribed: its report would mail that tenant's figures.
    const foreign = await server.core.model('campaign').create({ advertiser: other.id, name: 'Not yours' });
    const refused = await server.api('/api/auth/login', { method: 'PATCH', token, body: { subscriptions: [{ campaign: foreign.get('id'), weekly: true }] } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([expect.objectContaining({ field: 'subscriptions', message: expect.stringContaining(String(foreign.get('id'))) })]);
    for (const bad of [[{ campaign: 'x', daily: true }], [{ campaign: foreign.get('id'), daily: 'yes' }], [{ campaign: foreign.get('id'), hourly: true }], 'daily']) {
      expect((await server.api('/api/auth/login', { method: 'PATCH', token, body: { subscriptions: bad } })).status).toBe(400);
    }
    expect((await (await server.api('/api/auth/login', { token })).json()).subscriptions).toEqual([]);
  });

  it('changes name and surname, refusing names shorter than 2 characters', async () => {
    const token = await server.token('coworker@demo.test');
    const refused = await server.api('/api/auth/login', { method: 'PATCH', token, body: { name: 'A', surname: 'Berg' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors).toEqual([{ field: 'name', message: 'Name should be longer than 2 characters.' }]);
    const res = await server.api('/api/auth/login', { method: 'PATCH', token, body: { name: ' Anna ', surname: 'Berg' } });
    expect(await res.json()).toMatchObject({ name: 'Anna', surname: 'Berg' });
  });

  it('changes the own password only with the current one', async () => {
    const token = await server.token('publisher@demo.test');
    const change = (body: object) => server.api('/api/auth/password', { method: 'POST', token, body });
    const wrong = await change({ currentPassword: 'not-my-password', password: 'brand-new-password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual([{ field: 'currentPassword', message: 'The current password is not correct.' }]);
    const short = await change({ currentPassword: 'demo-password', password: 'short' });
    expect((await short.json()).errors[0].field).toBe('password');
    expect((await signIn('publisher@demo.test', 'brand-new-password')).status).toBe(401);
    const done = await change({ currentPassword: 'demo-password', password: 'brand-new-password' });
    expect(await done.json()).toEqual({ success: true, accessToken: expect.any(String) });
    expect((await signIn('publisher@demo.test', 'brand-new-password')).status).toBe(200);
    expect((await signIn('publisher@demo.test', 'demo-password')).status).toBe(401);
  });
});
