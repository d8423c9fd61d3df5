import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxTo, startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { call, mailedToken, PUBLIC_URL, signIn } from './testing.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ env: { publicUrl: PUBLIC_URL } });
  for (const email of ['agency@demo.test', 'coworker@demo.test', 'advertiser@demo.test', 'other@demo.test', 'viewer@demo.test', 'sysop@demo.test']) {
    tokens[email] = await server.token(email);
  }
  for (const model of ['advertiser', 'login'] as const) {
    for (const row of (await server.core.model(model).findAll({ raw: true })) as { id: string; name: string; email?: string }[]) ids[row.email ?? row.name] = row.id;
  }
});
afterAll(async () => {
  await server?.stop();
});

const as = (email: string) => tokens[email];
const create = (owner: string, body: Record<string, unknown>) => call(server, '/api/auth/subaccount', { method: 'POST', token: as(owner), body });
const patch = (owner: string, id: string, body: Record<string, unknown>) => call(server, `/api/auth/subaccount/${id}`, { method: 'PATCH', token: as(owner), body });
const person = (email: string, role: string, extra: Record<string, unknown> = {}) => ({ email, name: 'Sam', surname: 'Sub', role, ...extra });
/** Creates a sub-account and sets its password through the invitation link. */
async function invited(owner: string, email: string, role: string, extra: Record<string, unknown> = {}) {
  const { body } = await create(owner, person(email, role, extra));
  const token = await mailedToken(server, email, 'invitation');
  await call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token, password: 'my-own-password' } });
  return body as { id: string };
}

describe('inviting a sub-account', () => {
  it('invites by mail, takes the password from the link and signs in as a viewer who cannot book', async () => {
    const created = await create('agency@demo.test', person('Vic@Example.com', 'viewer', { advertisers: [ids['Agency Client One']] }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      email: 'vic@example.com', name: 'Sam', surname: 'Sub', role: 'viewer', loginAllowed: false, lastLogin: null, doi: null, avatar: null,
      advertisers: [ids['Agency Client One']], hasPassword: false, parent: ids['agency@demo.test'],
    });
    expect(created.body._id).toBe(created.body.id);
    const [mail] = await outboxTo(server.core, 'vic@example.com');
    expect(mail).toMatchObject({ template: 'subaccountInvitation', subject: 'Agnes Agency lädt Sie zu AdSuite ein' });

    const token = await mailedToken(server, 'vic@example.com', 'invitation');
    expect((await call(server, `/api/auth/validtoken?token=${token}`)).body).toEqual({ valid: true, login: { accountType: 'subaccount', email: 'vic@example.com' } });
    const confirm = (body: Record<string, unknown>) => call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token, ...body } });
    expect((await confirm({})).body.errors).toEqual([{ field: 'password', message: 'Please enter a password.' }]);
    expect((await confirm({ password: 'short' })).body.errors).toEqual([{ field: 'password', message: 'The password must be at least 8 characters long.' }]);
    expect(await confirm({ password: 'viewer-password' })).toEqual({ status: 200, body: { result: 'ok', accountType: 'subaccount' } });
    expect((await confirm({ password: 'viewer-password' })).status).toBe(400);

    const res = await signIn(server, 'vic@example.com', 'viewer-password');
    expect(res.status).toBe(200);
    const viewer = (await res.json()).accessToken;
    const me = await call(server, '/api/auth/login', { token: viewer });
    expect(me.body).toMatchObject({ role: 'viewer', parent: ids['agency@demo.test'] });
    expect(me.body.advertisers.map((a: { name: string }) => a.name)).toEqual(['Agency Client One']);
    expect((await call(server, '/api/booking', { token: viewer })).status).toBe(200);
    expect((await call(server, '/api/booking', { method: 'POST', token: viewer, body: { name: 'Not allowed' } })).status).toBe(403);

    const read = await call(server, `/api/auth/subaccount/${created.body.id}`, { token: as('agency@demo.test') });
    expect(read.body).toMatchObject({ hasPassword: true, loginAllowed: true });
    expect(read.body.doi).not.toBeNull();
    expect(read.body.lastLogin).not.toBeNull();
  });

  it('stores a client as an advertiser with a parent and gives co-workers to agencies only', async () => {
    const client = await create('agency@demo.test', person('client@example.com', 'client'));
    expect(client.body).toMatchObject({ role: 'client', advertisers: [ids['Agency Client One'], ids['Agency Client Two']] });
    const row = (await server.core.model('login').findOne({ where: { email: 'client@example.com' }, raw: true })) as Record<string, unknown>;
    expect(row).toMatchObject({ role: 'advertiser', parent: ids['agency@demo.test'], accountType: 'subaccount', password: null });

    const company = await create('advertiser@demo.test', person('helper@example.com', 'co_worker'));
    expect(company.body.errors).toEqual([{ field: 'role', message: 'Please choose a role: viewer, client.' }]);
    const companyViewer = await create('advertiser@demo.test', person('helper@example.com', 'viewer'));
    expect(companyViewer.body).toMatchObject({ role: 'viewer', advertisers: [ids['Demo Shop GmbH']], parent: ids['advertiser@demo.test'] });

    const foreign = await create('agency@demo.test', person('foreign@example.com', 'viewer', { advertisers: [ids['Demo Shop GmbH']] }));
    expect(foreign.body.errors).toEqual([{ field: 'advertisers', message: 'Advertiser access may only name advertisers you can access.' }]);
    const taken = await create('agency@demo.test', person('viewer@demo.test', 'viewer'));
    expect(taken.body.errors).toEqual([{ field: 'email', message: 'An account with this e-mail address exists already.' }]);
    const empty = await create('agency@demo.test', { role: 'owner' });
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'name', 'surname', 'role']);
    expect((await create('viewer@demo.test', person('nope@example.com', 'viewer'))).status).toBe(403);
  });
});

describe('the sub-account list', () => {
  it('shows owners and co-workers their own account\'s sub-accounts, filtered by role', async () => {
    await create('agency@demo.test', person('listed@example.com', 'viewer'));
    const agency = await server.api('/api/auth/subaccounts', { token: as('agency@demo.test') });
    const emails = (await agency.json()).map((s: { email: string }) => s.email);
    expect(emails).toEqual(expect.arrayContaining(['coworker@demo.test', 'listed@example.com']));
    expect(emails).not.toContain('viewer@demo.test');
    expect(agency.headers.get('content-range')).toBe(`subaccount 0-${emails.length - 1}/${emails.length}`);

    const viewers = await call(server, '/api/auth/subaccounts?role=viewer', { token: as('agency@demo.test') });
    expect(viewers.body.length).toBeGreaterThan(0);
    expect(viewers.body.every((s: { role: string }) => s.role === 'viewer')).toBe(true);
    const coworker = await call(server, `/api/auth/subaccounts?parent=${ids['agency@demo.test']}`, { token: as('coworker@demo.test') });
    expect(coworker.body.map((s: { email: string }) => s.email)).toEqual(emails.filter((e: string) => e !== 'coworker@demo.test'));
    const company = await call(server, '/api/auth/subaccounts', { token: as('advertiser@demo.test') });
    expect(company.body.map((s: { email: string }) => s.email)).toContain('viewer@demo.test');
    expect((await call(server, `/api/auth/subaccounts?parent=${ids['advertiser@demo.test']}`, { token: as('agency@demo.test') })).status).toBe(403);
    expect((await call(server, '/api/auth/subaccounts?role=owner', { token: as('agency@demo.test') })).status).toBe(400);
  });

  it('lets the systemoperator list every sub-account, by agency too, and invite for an owner', async () => {
    const all = await call(server, '/api/auth/subaccounts', { token: as('sysop@demo.test') });
    expect(all.body.map((s: { email: string }) => s.email)).toEqual(expect.arrayContaining(['viewer@demo.test', 'coworker@demo.test']));
    const agency = await call(server, `/api/auth/subaccounts?parent=${ids['agency@demo.test']}&role=co_worker`, { token: as('sysop@demo.test') });
    expect(agency.body.map((s: { email: string }) => s.email)).toEqual(['coworker@demo.test']);
    const created = await create('sysop@demo.test', person('by-sysop@example.com', 'co_worker', { parent: ids['agency@demo.test'], advertisers: [ids['Agency Client Two']] }));
    expect(created.body).toMatchObject({ parent: ids['agency@demo.test'], advertisers: [ids['Agency Client Two']] });
    expect((await create('sysop@demo.test', person('orphan@example.com', 'viewer'))).body.errors).toEqual([{ field: 'parent', message: 'Please choose the agency or company the sub-account belongs to.' }]);
  });
});

describe('changing a sub-account', () => {
  it('allows login only once the sub-account has a password, and toggles it', async () => {
    const fresh = await create('agency@demo.test', person('fresh@example.com', 'viewer'));
    const refused = await patch('agency@demo.test', fresh.body.id, { loginAllowed: true });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ field: 'loginAllowed', message: expect.stringContaining('has set a password') }] } });

    const ready = await invited('agency@demo.test', 'toggle@example.com', 'client');
    expect((await patch('agency@demo.test', ready.id, { loginAllowed: false })).body.loginAllowed).toBe(false);
    expect((await signIn(server, 'toggle@example.com', 'my-own-password')).status).toBe(401);
    expect((await patch('agency@demo.test', ready.id, { loginAllowed: true })).body.loginAllowed).toBe(true);
    expect((await signIn(server, 'toggle@example.com', 'my-own-password')).status).toBe(200);
  });

  it('changes names, role and access, never the password, and takes a whole record back', async () => {
    const sub = await invited('agency@demo.test', 'change@example.com', 'viewer');
    const { body: record } = await call(server, `/api/auth/subaccount/${sub.id}`, { token: as('agency@demo.test') });
    const changed = await patch('agency@demo.test', sub.id, { ...record, name: 'Samantha', role: 'co_worker', advertisers: [ids['Agency Client Two']] });
    expect(changed).toMatchObject({ status: 200, body: { name: 'Samantha', role: 'co_worker', advertisers: [ids['Agency Client Two']] } });
    const password = await patch('agency@demo.test', sub.id, { password: 'taken-over' });
    expect(password.body.errors).toEqual([{ field: 'password', message: 'Passwords cannot be changed by others. Send a recovery e-mail instead.' }]);
    expect((await signIn(server, 'change@example.com', 'my-own-password')).status).toBe(200);
    expect((await patch('agency@demo.test', sub.id, { name: 'S' })).body.errors).toEqual([{ field: 'name', message: 'Name should be longer than 2 characters.' }]);
  });

  it('lets only a systemoperator assign the systemoperator role', async () => {
    const sub = await create('agency@demo.test', person('climber@example.com', 'viewer'));
    const agency = await patch('agency@demo.test', sub.body.id, { role: 'systemoperator' });
    expect(agency).toMatchObject({ status: 400, body: { message: 'Only a systemoperator can assign the systemoperator role.' } });
    expect((await patch('coworker@demo.test', sub.body.id, { role: 'systemoperator' })).status).toBe(400);
    expect((await patch('sysop@demo.test', sub.body.id, { role: 'systemoperator' })).body.role).toBe('systemoperator');
    expect((await patch('agency@demo.test', sub.body.id, { role: 'viewer' })).body.message).toBe('Only a systemoperator can assign the systemoperator role.');
  });

  it('answers 404 for another owner\'s sub-account and for oneself', async () => {
    const sub = await create('agency@demo.test', person('private@example.com', 'viewer'));
    for (const owner of ['other@demo.test', 'advertiser@demo.test']) {
      expect((await call(server, `/api/auth/subaccount/${sub.body.id}`, { token: as(owner) })).status, owner).toBe(404);
      expect((await patch(owner, sub.body.id, { name: 'Mallory' })).status, owner).toBe(404);
      expect((await call(server, `/api/auth/subaccount/${sub.body.id}`, { method: 'DELETE', token: as(owner) })).status, owner).toBe(404);
      expect((await call(server, `/api/auth/subaccount/${sub.body.id}/recovery`, { method: 'POST', token: as(owner) })).status, owner).toBe(404);
    }
    expect((await call(server, `/api/auth/subaccount/${ids['coworker@demo.test']}`, { token: as('coworker@demo.test') })).status).toBe(404);
    expect((await call(server, `/api/auth/subaccount/${ids['agency@demo.test']}`, { token: as('agency@demo.test') })).status).toBe(404);
    expect((await call(server, '/api/auth/subaccount/not-an-id', { token: as('agency@demo.test') })).status).toBe(404);
    expect((await call(server, `/api/auth/subaccount/${sub.body.id}`, { token: as('coworker@demo.test') })).status).toBe(200);
  });
});

describe('recovery and removal', () => {
  it('mails the invitation again without a password, else a reset link', async () => {
    const pending = await create('agency@demo.test', person('pending@example.com', 'viewer'));
    expect(await call(server, `/api/auth/subaccount/${pending.body.id}/recovery`, { method: 'POST', token: as('agency@demo.test') })).toEqual({ status: 200, body: { result: 'ok' } });
    const [again] = await outboxTo(server.core, 'pending@example.com', 2);
    expect(again.template).toBe('subaccountInvitation');

    const active = await invited('agency@demo.test', 'recover@example.com', 'viewer');
    await call(server, `/api/auth/subaccount/${active.id}/recovery`, { method: 'POST', token: as('agency@demo.test') });
    const token = await mailedToken(server, 'recover@example.com', 'reset', 2);
    expect((await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'recovered-password' } })).status).toBe(200);
    expect((await signIn(server, 'recover@example.com', 'recovered-password')).status).toBe(200);
  });

  it('removes a sub-account for good with its links and its access', async () => {
    const sub = await invited('agency@demo.test', 'leaving@example.com', 'viewer');
    const session = (await (await signIn(server, 'leaving@example.com', 'my-own-password')).json()).accessToken;
    await call(server, `/api/auth/subaccount/${sub.id}/recovery`, { method: 'POST', token: as('agency@demo.test') });
    const token = await mailedToken(server, 'leaving@example.com', 'reset', 2);
    const removed = await call(server, `/api/auth/subaccount/${sub.id}`, { method: 'DELETE', token: as('agency@demo.test') });
    expect(removed).toMatchObject({ status: 200, body: { id: sub.id, email: 'leaving@example.com' } });
    expect((await call(server, `/api/auth/subaccount/${sub.id}`, { token: as('agency@demo.test') })).status).toBe(404);
    expect((await call(server, '/api/auth/login', { token: session })).status).toBe(401);
    expect((await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'still-mine-please' } })).status).toBe(400);
    expect((await create('agency@demo.test', person('leaving@example.com', 'viewer'))).status).toBe(201);
  });
});
