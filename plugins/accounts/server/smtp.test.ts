import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, outboxTo, startTestServer, startTestSmtpServer, type TestServer, type TestSmtpServer } from '@adsuite/backend/testkit';
import { call, PUBLIC_URL, signIn, signUpBody } from './testing.ts';

let smtp: TestSmtpServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ env: { smtpUrl: smtp.url, publicUrl: PUBLIC_URL } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('account mails through SMTP', () => {
  it('delivers the confirmation link of a sign-up, which confirms the account', async () => {
    expect((await call(server, '/api/auth/signup', { method: 'POST', body: signUpBody('company', 'mailbox@example.com') })).status).toBe(201);
    const mail = await smtp.waitFor('mailbox@example.com');
    expect(mail.to).toEqual(['mailbox@example.com']);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    const link = new URL(linkIn(mail.text, `${PUBLIC_URL}/confirm?token=`));
    expect(mail.html).toContain(`href="${link.href}"`);
    expect(await call(server, '/api/auth/checkconfirm', { method: 'POST', body: { token: link.searchParams.get('token') } }))
      .toEqual({ status: 200, body: { result: 'ok', accountType: 'company' } });
    const [sent] = await outboxTo(server.core, 'mailbox@example.com');
    expect(sent.sentAt).not.toBeNull();
    expect(sent.error).toBeNull();
  });

  it('keeps copies of account mails without their working link (a leaked outbox opens no account)', async () => {
    await call(server, '/api/auth/reset', { method: 'POST', body: { email: 'other@demo.test' } });
    const delivered = await smtp.waitFor('other@demo.test');
    const token = linkIn(delivered.text, `${PUBLIC_URL}/resetpassword/`).slice(`${PUBLIC_URL}/resetpassword/`.length);
    const [kept] = await outboxTo(server.core, 'other@demo.test');
    for (const copy of [kept.text, kept.html]) {
      expect(copy).not.toContain(token);
      expect(copy).not.toContain('/resetpassword/');
    }
    expect(kept.text).toContain('[Link entfernt: Er wurde nur an den Empfänger versandt.]');
    expect(kept.html).not.toContain('href=');
    // The outbox screen says where mail goes (systemoperator only; the host, never the SMTP password).
    const delivery = await server.api('/api/mail/delivery', { token: await server.token('sysop@demo.test') });
    expect(await delivery.json()).toEqual({ smtp: true, server: new URL(smtp.url).host });
    expect((await server.api('/api/mail/delivery', { token: await server.token('admin@demo.test') })).status).toBe(403);
    // The mail itself still works.
    expect((await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'demo-password' } })).status).toBe(200);
  });

  it('delivers the reset link, which sets the new password', async () => {
    expect(await call(server, '/api/auth/reset', { method: 'POST', body: { email: 'publisher@demo.test' } })).toEqual({ status: 200, body: { token: 'ok' } });
    const mail = await smtp.waitFor('publisher@demo.test');
    expect(mail.subject).toBe('Ihr neues Passwort für AdSuite');
    const link = linkIn(mail.text, `${PUBLIC_URL}/resetpassword/`);
    const token = link.slice(`${PUBLIC_URL}/resetpassword/`.length);
    expect(await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'from-the-mailbox' } })).toMatchObject({ status: 200, body: { success: true } });
    expect((await signIn(server, 'publisher@demo.test', 'from-the-mailbox')).status).toBe(200);
  });
});
