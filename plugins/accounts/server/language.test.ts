/**
 * The account answers in the request's language (SPEC section 7 `Language` header, German by default): sign-in
 * refusals, the attempt limit, registration rules, links, passwords, sub-accounts and activation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { call, mailedToken, PASSWORD, PUBLIC_URL, signUpBody } from './testing.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { publicUrl: PUBLIC_URL, signinMaxPerEmail: 3 } });
});
afterAll(async () => {
  await server?.stop();
});

const GERMAN = { Language: 'de' };
const signIn = (email: string, password = PASSWORD, headers = GERMAN) => call(server, '/api/auth/signin', { method: 'POST', body: { email, password }, headers });

describe('account answers in German', () => {
  it('refuses a sign-in: wrong password, unconfirmed address, agency not yet activated', async () => {
    expect((await signIn('advertiser@demo.test', 'wrong-password')).body.message).toBe('Die Anmeldung ist fehlgeschlagen, bitte versuchen Sie es erneut.');
    expect((await call(server, '/api/auth/signup', { method: 'POST', body: signUpBody('company', 'carla@example.com', { language: 'de' }) })).status).toBe(201);
    expect(await signIn('carla@example.com')).toMatchObject({
      status: 403, body: { message: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse: Öffnen Sie den Link in der E-Mail, die wir Ihnen geschickt haben.' },
    });
    expect((await call(server, '/api/auth/signup', { method: 'POST', body: signUpBody('agency', 'anke@example.com', { language: 'de' }) })).status).toBe(201);
    const token = await mailedToken(server, 'anke@example.com', 'confirmation');
    expect((await call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token } })).status).toBe(200);
    expect(await signIn('anke@example.com')).toMatchObject({
      status: 403, body: { message: 'Ihr Agenturkonto ist noch nicht freigeschaltet. Unser Vertrieb prüft neue Agenturen und meldet sich bei Ihnen.' },
    });
    // The same in English when the request asks for it.
    expect((await signIn('anke@example.com', PASSWORD, { Language: 'en' })).body.message).toBe('Your agency account has not been activated yet. Our sales team checks new agencies and will contact you.');
  });

  it('says so when the attempts are used up', async () => {
    for (let n = 0; n < 3; n++) await signIn('nobody@example.com', 'wrong-password');
    expect(await signIn('nobody@example.com', 'wrong-password')).toMatchObject({
      status: 429, body: { message: 'Zu viele Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.' },
    });
  });

  it('writes the registration rules and the link refusal in German', async () => {
    const bad = signUpBody('agency', 'x@y', { name: 'A', password: '12345', advertiser: 'AB', industry: 'none', dailyBudget: 0.5 });
    const { status, body } = await call(server, '/api/auth/signup', { method: 'POST', body: bad, headers: GERMAN });
    expect(status).toBe(400);
    expect(body.errors).toEqual(expect.arrayContaining([
      { field: 'name', message: 'Der Name sollte länger als 2 Zeichen sein.' },
      { field: 'email', message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
      { field: 'password', message: 'Das Passwort muss mindestens 6 Zeichen lang sein.' },
      { field: 'advertiser', message: 'Bitte geben Sie den Firmennamen ein (mindestens 3 Zeichen).' },
      { field: 'industry', message: 'Bitte wählen Sie Ihre Branche.' },
      { field: 'dailyBudget', message: 'Bitte geben Sie ein Tagesbudget in ganzen Euro von mindestens 1 € ein.' },
    ]));
    const link = await call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token: 'x'.repeat(43) }, headers: GERMAN });
    expect(link).toEqual({ status: 400, body: { message: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.', errors: [{ field: 'token', message: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.' }] } });
  });

  it('refuses a wrong current password, a password set by others and an unknown user in German', async () => {
    const agency = await server.token('agency@demo.test');
    const change = await call(server, '/api/auth/password', { method: 'POST', token: agency, headers: GERMAN, body: { currentPassword: 'not-mine', password: 'brand-new-password' } });
    expect(change.body.errors).toEqual([{ field: 'currentPassword', message: 'Das aktuelle Passwort ist nicht korrekt.' }]);
    const coworker = (await server.core.model('login').findOne({ where: { email: 'coworker@demo.test' }, raw: true })) as { id: string };
    const patch = await call(server, `/api/auth/subaccount/${coworker.id}`, { method: 'PATCH', token: agency, headers: GERMAN, body: { password: 'hijacked' } });
    expect(patch.body.message).toBe('Passwörter können nicht von anderen geändert werden. Senden Sie stattdessen eine E-Mail zur Wiederherstellung.');
    const admin = await server.token('admin@demo.test');
    const activate = await call(server, '/api/auth/activate/00000000-0000-4000-8000-000000000000', { method: 'POST', token: admin, headers: GERMAN });
    expect(activate).toEqual({ status: 404, body: { message: 'Benutzer nicht gefunden.', errors: [] } });
  });
});
