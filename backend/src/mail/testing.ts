/**
 * Test helpers: a real SMTP server on 127.0.0.1 and a random port that keeps what it receives, and a reader for
 * the mails in the outbox. Pass `smtp.url` as `startTestServer({ env: { smtpUrl } })`.
 */
import { SMTPServer } from 'smtp-server';
import type { Core } from '../core.ts';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attached files, their content decoded as UTF-8 text. */
  attachments: { filename: string; content: string }[];
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Waits until a mail to `to` has arrived and answers the newest one. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/\s*\r?\n\s+/g, ' ').replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, body: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')));
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The text and HTML parts of a message (nested multiparts included), decoded, and its attached files. */
function parseMessage(raw: string): { subject: string; text: string; html: string; attachments: { filename: string; content: string }[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const found = { text: '', html: '', attachments: [] as { filename: string; content: string }[] };
  const walk = (partHeaders: Map<string, string>, body: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of body.split(`--${boundary}`).slice(1, -1)) {
        const at = part.search(/\r?\n\r?\n/);
        walk(headersOf(part.slice(0, at).trim()), part.slice(at).trim());
      }
      return;
    }
    const encoding = (partHeaders.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    const decoded = encoding === 'quoted-printable' ? decodeQuotedPrintable(body)
      : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
    const disposition = partHeaders.get('content-disposition') ?? '';
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    if (/^attachment/i.test(disposition)) found.attachments.push({ filename: filename ? decodeHeader(filename) : '', content: decoded.replace(/\r\n/g, '\n') });
    else if (type.startsWith('text/html')) found.html = decoded;
    else if (type.startsWith('text/plain')) found.text = decoded.replace(/\r\n/g, '\n');
  };
  walk(headers, raw.slice(split).trim());
  return { subject: decodeHeader(headers.get('subject') ?? ''), ...found };
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMessage(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, timeoutMs = 10_000) {
      const started = Date.now();
      for (;;) {
        const mail = received.findLast((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  language: string;
  sentAt: Date | null;
  error: string | null;
}

/** The outbox rows to `to`, newest first; waits for at least `count` of them (mails sent after the answer). */
export async function outboxTo(core: Core, to: string, count = 1, timeoutMs = 10_000): Promise<OutboxMail[]> {
  const started = Date.now();
  for (;;) {
    const rows = (await core.model('outbox').findAll({ where: { to }, order: [['created', 'DESC'], ['id', 'DESC']], raw: true })) as OutboxMail[];
    if (rows.length >= count) return rows;
    if (Date.now() - started > timeoutMs) throw new Error(`fewer than ${count} mail(s) to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link in a mail's text that starts with `prefix` (e.g. `${publicUrl}/confirm?token=`). */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
