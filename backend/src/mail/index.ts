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
 *   from MAIL_FROM and the outbox row records `sentAt` or the `error`; the kept copy of a mail with an account
 *   link (confirmation, reset, invitation) has that link removed. Without SMTP_URL it is written to the log
 *   instead and the outbox keeps it whole, so a local installation shows its confirmation and reset links.
 * - A failed delivery never throws: the answer carries `error`, so a caller's own work is not undone by a
 *   mail server being down. Only a programming error (an unknown template) throws.
 * - A mail sent by a job must not go out twice when the job runs again, nor be lost when the job's process
 *   dies (issue 9): write it with `queueMail` in the transaction of the state change it reports (optionally with
 *   an idempotency `key`) and send it with `deliverMail` from a job queued in that transaction.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '../core.ts';
import type { Row } from '../resources/values.ts';
import { ACCOUNT_LINK_TEMPLATES, renderMail, type MailData, type MailLanguage, type MailTemplate } from './templates.ts';

export { MAIL_TEMPLATES, type MailData, type MailTemplate } from './templates.ts';

export interface Mail<T extends MailTemplate = MailTemplate> {
  to: string;
  template: T;
  language?: string | null;
  data: MailData[T];
  /** Files sent with the mail, kept in the outbox with it (text content: a report's CSV). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
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

/** nodemailer is loaded with the first mail, not at start (issue 11: start to first answer). */
async function transportOf(core: Core, url: string): Promise<Transporter> {
  let transport = transports.get(core);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport(url);
    transports.set(core, transport);
  }
  return transport;
}

export interface QueueMailOptions {
  /** Write the outbox row with the transaction of the state change the mail reports. */
  transaction?: Transaction;
  /**
   * Makes the mail idempotent (issue 9): the outbox row's id is derived from the key, so a second call with the
   * same key (a job that runs again) finds the first mail instead of writing another one. Derive it from what
   * the mail is about and the state it reports, e.g. `readyToPublish:<booking>:<version>:<user>`.
   */
  key?: string;
}

/** The outbox id of an idempotency key: a name-based (version 5 style) UUID, so it fits the outbox's id column. */
export function mailIdOf(key: string): string {
  const hex = createHash('sha1').update(`adsuite-mail:${key}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Writes a mail to the outbox without sending it, with `transaction` when given, and answers its id, or null when
 * a mail of the same key is there already. Queue it in the transaction of the state change it reports and send
 * it with `deliverMail` from a job queued in that transaction too, and the mail is neither lost (a crash after
 * the commit leaves the job to retry) nor sent twice. Not for mails with an account link (confirmation, reset,
 * invitation): deliverMail sends what the outbox keeps, and the outbox keeps no account link; sendMail those.
 */
export async function queueMail<T extends MailTemplate>(core: Core, mail: Mail<T>, options: QueueMailOptions = {}): Promise<string | null> {
  const language: MailLanguage = mail.language === 'en' ? 'en' : 'de';
  const { subject, text, html } = renderMail(mail.template, language, mail.data, core.env.publicUrl);
  const outbox = core.model('outbox');
  const attributes = outbox.getAttributes();
  const values: Row = {
    id: options.key ? mailIdOf(options.key) : randomUUID(), to: mail.to, subject, text, html, template: mail.template, language,
    attachments: JSON.stringify(mail.attachments ?? []),
  };
  const columns = [...Object.keys(values), 'created', 'updated'].map((name) => `"${attributes[name]?.field ?? name}"`);
  const rows = await core.sequelize.query<{ id: string }>(
    `INSERT INTO "${outbox.getTableName() as string}" (${columns.join(', ')})
     VALUES (${Object.keys(values).map((name) => (name === 'attachments' ? `CAST(:${name} AS JSONB)` : `:${name}`)).join(', ')}, now(), now())
     ON CONFLICT ("${attributes.id.field ?? 'id'}") DO NOTHING RETURNING id`,
    { replacements: values, type: QueryTypes.SELECT, transaction: options.transaction },
  );
  return rows[0]?.id ?? null;
}

/** Mails being delivered by this process (embedded PGlite, where no row lock is held during the SMTP call). */
const delivering = new Set<string>();

/**
 * Sends a mail that `queueMail` wrote to the outbox and that is not sent yet, and records `sentAt` or the
 * `error`. A mail sent or refused before is not sent again, and two processes delivering the same mail send it
 * once: the outbox row stays locked from the check until its delivery is recorded. On embedded PGlite (one
 * process, one connection for everything, which a lock held during the SMTP call would block) a set of the
 * mails this process is delivering stands in for the lock. Answers null for an unknown id. Without SMTP_URL the
 * mail is written to the log.
 */
export async function deliverMail(core: Core, id: string): Promise<SentMail | null> {
  if (!core.db.embedded) return core.sequelize.transaction((transaction) => deliverRow(core, id, transaction));
  if (delivering.has(id)) return deliverRow(core, id, undefined, { readOnly: true });
  delivering.add(id);
  try {
    return await deliverRow(core, id);
  } finally {
    delivering.delete(id);
  }
}

async function deliverRow(core: Core, id: string, transaction?: Transaction, { readOnly = false } = {}): Promise<SentMail | null> {
  const outbox = core.model('outbox');
  const row = (await outbox.findOne({ where: { id }, raw: true, transaction, lock: transaction?.LOCK.UPDATE })) as Row | null;
  if (!row) return null;
  const sent: SentMail = { id, to: row.to as string, subject: row.subject as string, sentAt: (row.sentAt as Date | null) ?? null, error: (row.error as string | null) ?? null };
  if (readOnly || sent.sentAt || sent.error) return sent;
  if (!core.env.smtpUrl) {
    console.log(`[mail] ${String(row.template)} to ${sent.to}: ${sent.subject}\n${String(row.text)}\n`);
    return sent;
  }
  try {
    // The same Message-ID on a mail sent again after a crash lets mail systems recognise the duplicate.
    const messageId = `<${id}@${/@([^>\s]+)>?\s*$/.exec(core.env.mailFrom)?.[1] ?? 'adsuite.local'}>`;
    const attachments = ((row.attachments as MailAttachment[] | null) ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content }));
    await (await transportOf(core, core.env.smtpUrl)).sendMail({ from: core.env.mailFrom, to: sent.to, subject: sent.subject, text: row.text as string, html: row.html as string, messageId, attachments });
    sent.sentAt = new Date();
  } catch (error) {
    sent.error = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    console.error(`[mail] ${String(row.template)} to ${sent.to} failed: ${sent.error}`);
  }
  await outbox.update({ sentAt: sent.sentAt, error: sent.error }, { where: { id }, transaction });
  return sent;
}

export async function sendMail<T extends MailTemplate>(core: Core, mail: Mail<T>): Promise<SentMail> {
  const language: MailLanguage = mail.language === 'en' ? 'en' : 'de';
  const { subject, text, html } = renderMail(mail.template, language, mail.data, core.env.publicUrl);
  // Through SMTP the account link goes to the recipient only; the outbox keeps the copy without it.
  const kept = core.env.smtpUrl && ACCOUNT_LINK_TEMPLATES.includes(mail.template)
    ? renderMail(mail.template, language, mail.data, core.env.publicUrl, { withoutLink: true })
    : { text, html };
  const outbox = core.model('outbox');
  const row = (await outbox.create({ to: mail.to, subject, text: kept.text, html: kept.html, template: mail.template, language })).get({ plain: true }) as Row;
  const sent: SentMail = { id: row.id as string, to: mail.to, subject, sentAt: null, error: null };
  if (!core.env.smtpUrl) {
    console.log(`[mail] ${mail.template} to ${mail.to}: ${subject}\n${text}\n`);
    return sent;
  }
  try {
    await (await transportOf(core, core.env.smtpUrl)).sendMail({ from: core.env.mailFrom, to: mail.to, subject, text, html });
    sent.sentAt = new Date();
  } catch (error) {
    sent.error = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    console.error(`[mail] ${mail.template} to ${mail.to} failed: ${sent.error}`);
  }
  await outbox.update({ sentAt: sent.sentAt, error: sent.error }, { where: { id: sent.id } });
  return sent;
}
