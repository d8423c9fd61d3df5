/**
 * Outgoing e-mail. Other parts of the product send mail with one call:
 *
 *   import { sendMail } from '@adsuite/backend/mail/index';
 *   await sendMail(core, { to: 'dora@example.com', template: 'lowBalance', language: 'de',
 *     data: { name: 'Dora', advertiser: 'Demo Shop GmbH', balanceCents: 850 } });
 *
 * - `template` is one of MAIL_TEMPLATES; `data` is what that template needs (MailData in ./templates.ts:
 *   money in cents, `link` optional where the mail points at a product page, `name` optional for the greeting).
 * - `language` is the recipient's language ('de' or 'en'); anything else falls back to German.
 * - Every mail is stored in the outbox (`/api/outbox`, systemoperator only). With SMTP_URL it is then sent
 *   from MAIL_FROM and the outbox row records `sentAt` or the `error`; without SMTP_URL it is written to the
 *   log instead, so a local installation shows its confirmation and reset links on the console.
 * - A failed delivery never throws: the answer carries `error`, so a caller's own work is not undone by a
 *   mail server being down. Only a programming error (an unknown template) throws.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Core } from '../core.ts';
import type { Row } from '../resources/values.ts';
import { renderMail, type MailData, type MailLanguage, type MailTemplate } from './templates.ts';

export { MAIL_TEMPLATES, type MailData, type MailTemplate } from './templates.ts';

export interface Mail<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  language?: string | null;
  data: MailData[T];
}

/** The outbox row of a mail: `sentAt` once the SMTP server took it, `error` when it refused or was unreachable. */
export interface SentMail {
  id: string;
  to: string;
  subject: string;
  sentAt: Date | null;
  error: string | null;
}

const transports = new WeakMap<Core, Transporter>();

function transportOf(core: Core, url: string): Transporter {
  let transport = transports.get(core);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(core, transport);
  }
  return transport;
}

export async function sendMail<T extends MailTemplate>(core: Core, mail: Mail<T>): Promise<SentMail> {
  const language: MailLanguage = mail.language === 'en' ? 'en' : 'de';
  const { subject, text, html } = renderMail(mail.template, language, mail.data, core.env.publicUrl);
  const outbox = core.model('outbox');
  const row = (await outbox.create({ to: mail.to, subject, text, html, template: mail.template, language })).get({ plain: true }) as Row;
  const sent: SentMail = { id: row.id as string, to: mail.to, subject, sentAt: null, error: null };
  if (!core.env.smtpUrl) {
    console.log(`[mail] ${mail.template} to ${mail.to}: ${subject}\n${text}\n`);
    return sent;
  }
  try {
    await transportOf(core, core.env.smtpUrl).sendMail({ from: core.env.mailFrom, to: mail.to, subject, text, html });
    sent.sentAt = new Date();
  } catch (error) {
    sent.error = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    console.error(`[mail] ${mail.template} to ${mail.to} failed: ${sent.error}`);
  }
  await outbox.update({ sentAt: sent.sentAt, error: sent.error }, { where: { id: sent.id } });
  return sent;
}
