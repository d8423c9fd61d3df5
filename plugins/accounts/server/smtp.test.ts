import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testing';
import { linkIn, outboxTo, startTestSmtpServer, type TestSmtpServer } from '@adsuite/backend/mail/testing';
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

  it('delivers the reset link, which sets the new password', async () => {
    expect(await call(server, '/api/auth/reset', { method: 'POST', body: { email: 'publisher@demo.test' } })).toEqual({ status: 200, body: { token: 'ok' } });
    const mail = await smtp.waitFor('publisher@demo.test');
    expect(mail.subject).toBe('Ihr neues Passwort für AdSuite');
    const link = linkIn(mail.text, `${PUBLIC_URL}/resetpassword/`);
    const token = link.slice(`${PUBLIC_URL}/resetpassword/`.length);
    expect(await call(server, '/api/auth/newpassword', { method: 'POST', body: { token, password: 'from-the-mailbox' } })).toEqual({ status: 200, body: { success: true } });
    expect((await signIn(server, 'publisher@demo.test', 'from-the-mailbox')).status).toBe(200);
  });
});
