import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '../core.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { MAIL_TEMPLATES, sendMail } from './index.ts';
import { translate } from '@adsuite/config/i18n/serverText';
import { renderMail, type MailData } from './templates.ts';
import { outboxTo, startTestSmtpServer, type TestSmtpServer } from './testing.ts';

let smtp: TestSmtpServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ env: { smtpUrl: smtp.url, publicUrl: 'https://app.adsuite.test' } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** The same server's core with another configuration (the mail module reads only core.env). */
const withEnv = (env: Partial<Core['env']>): Core => ({ ...server.core, env: { ...server.core.env, ...env } });

const EXAMPLES: { [T in keyof MailData]: MailData[T] } = {
  confirmation: { name: 'Dora', link: 'https://app.adsuite.test/confirm?token=abc', agency: true },
  passwordReset: { name: 'Dora', link: 'https://app.adsuite.test/resetpassword/abc' },
  subaccountInvitation: { name: 'Vera', inviter: 'Dora Demo', link: 'https://app.adsuite.test/login?token=abc' },
  readyToPublish: { name: 'Dora', booking: 'Summer Sale' },
  bookingRejected: {
    name: 'Dora', booking: 'Summer Sale', bookingId: '00000000-0000-4000-8000-000000000002',
    reasons: { de: 'Werbemittel „Banner“ wurde für Facebook abgelehnt: unscharf', en: 'Creative "Banner" was rejected for Facebook: blurry' },
  },
  liveChangeRejected: {
    name: 'Dora', booking: 'Summer Sale', bookingId: '00000000-0000-4000-8000-000000000002',
    reasons: { de: 'Werbemittel „Banner“ wurde für Facebook abgelehnt: unscharf', en: 'Creative "Banner" was rejected for Facebook: blurry' },
  },
  lowBalance: { name: 'Dora', advertiser: 'Demo Shop GmbH', balanceCents: 850 },
  outOfBalance: { name: 'Dora', advertiser: 'Demo Shop GmbH', balanceCents: 0 },
  paymentReceipt: { name: 'Dora', advertiser: 'Demo Shop GmbH', amountCents: 5_000, balanceCents: 7_435, reference: 'PAY-1' },
  campaignReport: {
    name: 'Dora', campaign: 'Summer Sale', campaignId: '00000000-0000-4000-8000-000000000001', frequency: 'weekly', start: '2026-11-16', end: '2026-11-22',
    impressions: 12_345, clicks: 321, ctr: 2.6, conversions: 7, costCents: 45_678,
  },
  notice: { name: 'Dora', texts: 'publishers.mail.invited', params: { campaign: 'Summer Sale', advertiser: 'Demo Shop GmbH' }, link: 'https://app.adsuite.test/p/campaigns' },
};

describe('mail over SMTP', () => {
  it('delivers to the recipient with subject, text and HTML, and records the delivery in the outbox', async () => {
    const sent = await sendMail(server.core, { to: 'dora@example.com', template: 'passwordReset', language: 'en', data: EXAMPLES.passwordReset });
    expect(sent.error).toBeNull();
    expect(sent.sentAt).toBeInstanceOf(Date);
    const mail = await smtp.waitFor('dora@example.com');
    expect(mail.to).toEqual(['dora@example.com']);
    expect(mail.subject).toBe('Your new AdSuite password');
    expect(mail.text).toContain('Hello Dora,');
    expect(mail.text).toContain('https://app.adsuite.test/resetpassword/abc');
    expect(mail.html).toContain('href="https://app.adsuite.test/resetpassword/abc"');
    const [row] = await outboxTo(server.core, 'dora@example.com');
    expect(row).toMatchObject({ template: 'passwordReset', language: 'en', subject: 'Your new AdSuite password', error: null });
    expect(row.sentAt).not.toBeNull();
  });

  it('writes German by default, umlauts included', async () => {
    await sendMail(server.core, { to: 'paula@example.com', template: 'confirmation', language: 'fr', data: EXAMPLES.confirmation });
    const mail = await smtp.waitFor('paula@example.com');
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain('https://app.adsuite.test/confirm?token=abc');
    expect(mail.text).toContain('prüft unser Vertrieb Ihr Agenturkonto');
  });

  it('records a failed delivery in the outbox instead of failing the caller', async () => {
    const unreachable = withEnv({ smtpUrl: 'smtp://127.0.0.1:9' });
    const sent = await sendMail(unreachable, { to: 'nobody@example.com', template: 'lowBalance', language: 'de', data: EXAMPLES.lowBalance });
    expect(sent.sentAt).toBeNull();
    expect(sent.error).toMatch(/ECONNREFUSED|connect/i);
    const [row] = await outboxTo(server.core, 'nobody@example.com');
    expect(row.error).toBe(sent.error);
  });
});

describe('mail without SMTP', () => {
  it('keeps the mail in the outbox and writes it to the log', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const sent = await sendMail(withEnv({ smtpUrl: undefined }), { to: 'otto@example.com', template: 'outOfBalance', language: 'en', data: EXAMPLES.outOfBalance });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('https://app.adsuite.test/advertiser/finances'));
    log.mockRestore();
    expect(sent).toMatchObject({ sentAt: null, error: null, subject: 'Demo Shop GmbH is out of balance' });
    const [row] = await outboxTo(server.core, 'otto@example.com');
    expect(row).toMatchObject({ template: 'outOfBalance', sentAt: null, error: null });
    expect(smtp.received.some((m) => m.to.includes('otto@example.com'))).toBe(false);
  });

  it('lists the outbox for the systemoperator only', async () => {
    const sysop = await server.token('sysop@demo.test');
    const res = await server.api(`/api/outbox?filter=${encodeURIComponent(JSON.stringify({ q: 'dora@example.com' }))}`, { token: sysop });
    expect(res.status).toBe(200);
    expect((await res.json()).map((m: { to: string }) => m.to)).toEqual(['dora@example.com']);
    for (const email of ['admin@demo.test', 'advertiser@demo.test']) {
      expect((await server.api('/api/outbox', { token: await server.token(email) })).status, email).toBe(403);
    }
    expect((await server.api('/api/outbox', { method: 'POST', token: sysop, body: { to: 'x@example.com' } })).status).toBe(403);
  });
});

describe('templates', () => {
  it('renders every template in both languages with a greeting, a link and a sign-off', () => {
    for (const template of MAIL_TEMPLATES) {
      for (const language of ['de', 'en'] as const) {
        const mail = renderMail(template, language, EXAMPLES[template] as never, 'https://app.adsuite.test');
        expect(mail.subject, `${template} ${language}`).not.toBe('');
        expect(mail.text, `${template} ${language}`).toMatch(language === 'de' ? /^Hallo Dora|^Hallo Vera/ : /^Hello Dora|^Hello Vera/);
        expect(mail.text).toMatch(/https:\/\/app\.adsuite\.test\/\S+/);
        expect(mail.text).toContain(language === 'de' ? 'Ihr AdSuite-Team' : 'Your AdSuite team');
        expect(mail.html).toContain('<a href="https://app.adsuite.test/');
        // Every text comes from the catalogue (config/i18n/server/mail.ts): none is missing there.
        expect(`${mail.subject}\n${mail.text}`, `${template} ${language}`).not.toMatch(/mail\.[a-z_]+\.[a-z_]+|%\{/);
      }
    }
  });

  it('takes its texts from the server catalogue', () => {
    expect(renderMail('lowBalance', 'de', EXAMPLES.lowBalance, '').subject).toBe(translate('de', 'mail.low_balance.subject', { advertiser: 'Demo Shop GmbH' }));
    expect(renderMail('paymentReceipt', 'en', EXAMPLES.paymentReceipt, '').text).toContain(translate('en', 'mail.payment_receipt.balance', { balance: { money: 7_435 } }));
  });

  it('formats money by language and keeps user input out of the markup and the headers', () => {
    expect(renderMail('paymentReceipt', 'de', EXAMPLES.paymentReceipt, '').text).toMatch(/50,00\s€/);
    expect(renderMail('paymentReceipt', 'en', EXAMPLES.paymentReceipt, '').text).toContain('74,35\u00a0€');
    const hostile = renderMail('subaccountInvitation', 'en', { name: '<b>Eve</b>', inviter: 'Mallory\r\nBcc: all@example.com', link: 'https://x.test/?a=1&b=2' }, '');
    expect(hostile.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(hostile.html).toContain('href="https://x.test/?a=1&amp;b=2"');
    expect(hostile.subject).toBe('Mallory Bcc: all@example.com invites you to AdSuite');
  });
});
