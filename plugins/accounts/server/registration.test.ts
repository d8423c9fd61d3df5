import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTo, startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { call, mailedToken, PASSWORD, PUBLIC_URL, signIn, signUpBody } from './testing.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await server?.stop();
});

const signUp = (body: unknown) => call(server, '/api/auth/signup', { method: 'POST', body });
const confirm = (token: string) => call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token } });
const validToken = (token: string) => call(server, `/api/auth/validtoken?token=${encodeURIComponent(token)}`);
const LINK_INVALID = 'This link is invalid or has expired. Please request a new one.';

describe('company sign-up', () => {
  it('creates an unconfirmed account that signs in once the mailed link confirmed it', async () => {
    const created = await signUp(signUpBody('company', 'Clara@Example.com'));
    expect(created).toEqual({ status: 201, body: { result: 'ok', accountType: 'company', email: 'clara@example.com' } });

    const early = await signIn(server, 'clara@example.com');
    expect(early.status).toBe(403);
    expect((await early.json()).message).toBe('Please confirm your e-mail address first: open the link in the e-mail we sent you.');

    const [mail] = await outboxTo(server.core, 'clara@example.com');
    expect(mail).toMatchObject({ template: 'confirmation', language: 'en', subject: 'Please confirm your e-mail address' });
    const token = await mailedToken(server, 'clara@example.com', 'confirmation');
    expect(await validToken(token)).toEqual({ status: 200, body: { valid: true, login: { accountType: 'company', email: 'clara@example.com' } } });
    expect(await confirm(token)).toEqual({ status: 200, body: { result: 'ok', accountType: 'company' } });
    expect(await confirm(token)).toMatchObject({ status: 400, body: { message: LINK_INVALID } });
    expect((await validToken(token)).body).toEqual({ valid: false, login: null });

    const res = await signIn(server, 'clara@example.com');
    expect(res.status).toBe(200);
    const session = await res.json();
    expect(session).toMatchObject({ role: 'advertiser', email: 'clara@example.com', language: 'en', selectedType: 'advertiser' });
    const advertiser = (await server.core.model('advertiser').findOne({ where: { id: session.advertiser._id }, raw: true })) as Record<string, unknown>;
    expect(advertiser).toMatchObject({ name: 'Clever Shop GmbH', industry: '1200', billingType: 'prepaid' });
    const login = (await server.core.model('login').findOne({ where: { email: 'clara@example.com' }, raw: true })) as Record<string, unknown>;
    expect(login).toMatchObject({ id: advertiser.owner, accountType: 'company', parent: null, loginAllowed: true });
    expect(login.doi).toBeInstanceOf(Date);
    expect(login.password).not.toContain(PASSWORD);
  });

  it('refuses a second account with the same e-mail address in any spelling', async () => {
    expect((await signUp(signUpBody('company', 'twice@example.com'))).status).toBe(201);
    const again = await signUp(signUpBody('publisher', 'TWICE@example.com '));
    expect(again).toEqual({ status: 400, body: { message: 'An account with this e-mail address exists already.', errors: [{ field: 'email', message: 'An account with this e-mail address exists already.' }] } });
    expect(await server.core.model('login').count({ where: { email: 'twice@example.com' } })).toBe(1);
  });

  it('answers the validation texts of SPEC section 5, creating nothing', async () => {
    const bad = signUpBody('agency', 'x@y', { name: 'A', surname: ' ', password: '12345', advertiser: 'AB', jobRole: '', industry: 'none', dailyBudget: 0.5, phone: 'call me' });
    const { status, body } = await signUp(bad);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { field: 'name', message: 'Name should be longer than 2 characters.' },
      { field: 'surname', message: 'Name should be longer than 2 characters.' },
      { field: 'email', message: 'Please enter a valid e-mail address.' },
      { field: 'password', message: 'The password must be at least 6 characters long.' },
      { field: 'advertiser', message: 'Please enter the company name (at least 3 characters).' },
      { field: 'jobRole', message: 'Please choose your position.' },
      { field: 'industry', message: 'Please choose your industry.' },
      { field: 'dailyBudget', message: 'Please enter a daily budget of at least 1 € in whole euros.' },
      { field: 'phone', message: 'Please enter a valid phone number.' },
    ]);
    expect(body.message).toBe('Name should be longer than 2 characters.');
    const publisher = await signUp(signUpBody('publisher', 'paula@example.com', { website: 'ab', password: '' }));
    expect(publisher.body.errors).toEqual([
      { field: 'password', message: 'Please enter a password.' },
      { field: 'website', message: 'Please enter your website (at least 3 characters).' },
    ]);
    expect((await signUp({ email: 'who@example.com' })).body.errors[0]).toEqual({ field: 'userType', message: 'Please register as an advertiser or a publisher.' });
    expect((await signUp(signUpBody('company', 'lang@example.com', { language: 'fr', newsletter: 'yes' }))).body.errors.map((e: { field: string }) => e.field)).toEqual(['language', 'newsletter']);
    expect((await signUp([1, 2])).status).toBe(400);
    expect(await server.core.model('login').count({ where: { email: ['x@y', 'paula@example.com', 'lang@example.com'] } })).toBe(0);
  });
});

describe('agency sign-up', () => {
  it('waits after the confirmation until staff activate the agency', async () => {
    expect((await signUp(signUpBody('agency', 'agnes@example.com', { dailyBudget: 25 }))).status).toBe(201);
    const token = await mailedToken(server, 'agnes@example.com', 'confirmation');
    const [mail] = await outboxTo(server.core, 'agnes@example.com');
    expect(mail.text).toContain('Our sales team then checks your agency account');
    expect((await validToken(token)).body.login.accountType).toBe('agency');
    expect(await confirm(token)).toEqual({ status: 200, body: { result: 'ok', accountType: 'agency' } });

    const waiting = await signIn(server, 'agnes@example.com');
    expect(waiting.status).toBe(403);
    expect((await waiting.json()).message).toBe('Your agency account has not been activated yet. Our sales team checks new agencies and will contact you.');
    // A wrong password learns nothing about the account's state.
    expect((await (await signIn(server, 'agnes@example.com', 'wrong-password')).json()).message).toBe('Login failed, please try again.');

    const login = (await server.core.model('login').findOne({ where: { email: 'agnes@example.com' }, raw: true })) as { id: string };
    const admin = await server.token('admin@demo.test');
    const record = await call(server, `/api/auth/login/${login.id}`, { token: admin });
    expect(record.body).toMatchObject({ role: 'agency', accountType: 'agency', loginAllowed: false });
    expect(record.body.registration).toEqual({ accountType: 'agency', dailyBudget: 25, jobRole: 60, newsletter: true, phone: '+49 30 1234567' });
    expect(record.body.password).toBeUndefined();

    expect((await call(server, `/api/auth/activate/${login.id}`, { method: 'POST', token: await server.token('agency@demo.test') })).status).toBe(403);
    expect((await call(server, '/api/auth/activate/00000000-0000-4000-8000-000000000000', { method: 'POST', token: admin })).status).toBe(404);
    const activated = await call(server, `/api/auth/activate/${login.id}`, { method: 'POST', token: admin });
    expect(activated).toMatchObject({ status: 200, body: { id: login.id, loginAllowed: true } });
    const res = await signIn(server, 'agnes@example.com');
    expect(res.status).toBe(200);
    expect((await res.json()).role).toBe('agency');
  });
});

describe('publisher sign-up', () => {
  it('creates the publisher with its website and accepts the landing form\'s six-character password', async () => {
    expect((await signUp(signUpBody('publisher', 'paul@example.com', { password: 'sixsix', language: 'de' }))).status).toBe(201);
    const [mail] = await outboxTo(server.core, 'paul@example.com');
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(await confirm(await mailedToken(server, 'paul@example.com', 'confirmation'))).toEqual({ status: 200, body: { result: 'ok', accountType: 'publisher' } });
    const res = await signIn(server, 'paul@example.com', 'sixsix');
    expect(res.status).toBe(200);
    const session = await res.json();
    expect(session).toMatchObject({ role: 'publisher', selectedType: 'publisher' });
    const publisher = (await server.core.model('publisher').findOne({ where: { id: session.publisher._id }, raw: true })) as Record<string, unknown>;
    expect(publisher).toMatchObject({ name: 'news.clever.test', url: 'https://news.clever.test' });
  });
});

describe('a new confirmation mail', () => {
  it('answers alike for any address and mails only unconfirmed accounts, retiring the older link', async () => {
    await signUp(signUpBody('company', 'late@example.com'));
    const first = await mailedToken(server, 'late@example.com', 'confirmation');
    const answers = await Promise.all(['late@example.com', 'nobody@example.com', 'advertiser@demo.test'].map((email) =>
      call(server, '/api/auth/sendverification', { method: 'POST', body: { email } })));
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { result: 'ok' } }));
    const second = await mailedToken(server, 'late@example.com', 'confirmation', 2);
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.core.model('outbox').count({ where: { to: ['nobody@example.com', 'advertiser@demo.test'] } })).toBe(0);
    expect((await call(server, '/api/auth/sendverification', { method: 'POST', body: { email: 'not an address' } })).status).toBe(400);
  });

  it('treats a malformed or unknown token as an invalid link', async () => {
    for (const token of ['', 'short', 'x'.repeat(43), "' OR 1=1 --"]) {
      expect((await validToken(token)).body, token).toEqual({ valid: false, login: null });
      expect(await confirm(token), token).toMatchObject({ status: 400, body: { message: LINK_INVALID } });
    }
    expect((await call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token: 42 } })).status).toBe(400);
  });
});

describe('users for staff', () => {
  it('lists users for admins, by ids too, and lets everybody read only themselves', async () => {
    const sysop = await server.token('sysop@demo.test');
    const all = await server.api('/api/auth/logins?range=[0,4]', { token: sysop });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toMatch(/^login 0-4\/\d+$/);
    const logins = (await server.core.model('login').findAll({ where: { email: ['viewer@demo.test', 'publisher@demo.test'] }, raw: true })) as { id: string; email: string }[];
    const picked = await call(server, `/api/auth/logins/${logins.map((l) => l.id).join(',')}`, { token: sysop });
    expect(picked.body.map((l: { email: string }) => l.email).sort()).toEqual(['publisher@demo.test', 'viewer@demo.test']);
    expect(picked.body.every((l: Record<string, unknown>) => !('password' in l))).toBe(true);
    expect((await call(server, '/api/auth/logins/not-an-id', { token: sysop })).status).toBe(400);

    const publisher = await server.token('publisher@demo.test');
    const own = logins.find((l) => l.email === 'publisher@demo.test')!;
    const other = logins.find((l) => l.email === 'viewer@demo.test')!;
    expect((await server.api('/api/auth/logins', { token: publisher })).status).toBe(403);
    const self = await call(server, `/api/auth/login/${own.id}`, { token: publisher });
    expect(self).toMatchObject({ status: 200, body: { email: 'publisher@demo.test' } });
    expect(self.body.password).toBeUndefined();
    expect((await server.api(`/api/auth/login/${other.id}`, { token: publisher })).status).toBe(403);
  });
});
