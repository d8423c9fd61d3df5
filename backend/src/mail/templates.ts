/**
 * Every mail the platform sends, in German and English, each as plain text and simple HTML. The texts are the
 * server catalogue's (config/i18n/server/mail.ts, `mail.*`); a template names the facts it needs (MailData) and
 * how they fill its texts; greeting, call to action and sign-off are the same layout for all of them.
 */
import { translate, type TextParam } from '@adsuite/config/i18n/serverText';

export type MailLanguage = 'de' | 'en';

/** Money is in cents, as the ledger stores it. `link` defaults to the product page the mail is about. */
export interface MailData {
  /** E-mail confirmation after sign-up; agencies are told that the sales team checks them next. */
  confirmation: { name?: string; link: string; agency?: boolean };
  passwordReset: { name?: string; link: string };
  /** `inviter`: who created the sub-account. */
  subaccountInvitation: { name?: string; inviter: string; link: string };
  readyToPublish: { name?: string; booking: string; link?: string };
  /** The booking's creatives were all rejected (creative approval): `reasons` in both languages, `bookingId` for the link to replace them. */
  bookingRejected: { name?: string; booking: string; bookingId: string; reasons: { de: string; en: string }; link?: string };
  /** A change of a live booking (a creative, a line item's bid) was rejected on creative approval: the reasons in both languages. */
  liveChangeRejected: { name?: string; booking: string; bookingId: string; reasons: { de: string; en: string }; link?: string };
  lowBalance: { name?: string; advertiser: string; balanceCents: number; link?: string };
  outOfBalance: { name?: string; advertiser: string; balanceCents: number; link?: string };
  paymentReceipt: { name?: string; advertiser: string; amountCents: number; balanceCents: number; reference: string; link?: string };
  /**
   * A subscribed campaign's report of a period (the reports plugin): `start` and `end` are days (YYYY-MM-DD),
   * `ctr` a percentage; the period's rows travel as a CSV attachment. `link` defaults to the Instant Report.
   */
  campaignReport: {
    name?: string; campaign: string; campaignId: string; frequency: 'daily' | 'weekly' | 'monthly'; start: string; end: string;
    impressions: number; clicks: number; ctr: number; conversions: number; costCents: number; link?: string;
  };
  /**
   * A mail whose texts a plugin keeps in the server catalogue: `texts` names the catalogue entry (for example
   * `publishers.mail.invited`) with `subject`, `intro`, `action` and optionally `after`, filled with `params`.
   */
  notice: { name?: string; texts: string; params?: Record<string, TextParam>; link: string; after?: boolean };
}

export type MailTemplate = keyof MailData;

export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  'confirmation', 'passwordReset', 'subaccountInvitation', 'readyToPublish', 'bookingRejected', 'liveChangeRejected', 'lowBalance', 'outOfBalance', 'paymentReceipt',
  'campaignReport', 'notice',
];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One mail before the layout: paragraphs before and after the button. */
interface Message {
  subject: string;
  before: string[];
  action: { label: string; link: string };
  after?: string[];
}

/** Product pages the mails link to when the caller names none (SPEC section 2 routes). */
const PAGES = { finances: '/advertiser/finances', bookings: '/bookings' };

/** A mail's texts in `language`: `words('subject')` is `mail.<area>.subject` of the catalogue. */
type Words = (key: string, params?: Record<string, TextParam>) => string;
type Compose<T extends MailTemplate> = (data: MailData[T], words: Words, page: (path: string) => string) => Message;

/** A rejection on creative approval: what was rejected, the reasons, and the booking to change it on. */
const rejection: Compose<'bookingRejected' | 'liveChangeRejected'> = (d, w, page) => ({
  subject: w('subject', { booking: d.booking }),
  before: [w('intro', { booking: d.booking }), w('reasons', { reasons: d.reasons })],
  action: { label: w('action'), link: d.link ?? page(`/booking/update/${d.bookingId}`) },
  after: [w('again')],
});

/** A plugin's mail (MailData.notice): its texts are the catalogue entry it names, not one of `mail.*`. */
const notice: Compose<'notice'> = (d, w) => ({
  subject: w(`${d.texts}.subject`, d.params),
  before: [w(`${d.texts}.intro`, d.params)],
  action: { label: w(`${d.texts}.action`, d.params), link: d.link },
  after: d.after ? [w(`${d.texts}.after`, d.params)] : [],
});

/** Each template: the catalogue area of its texts (config/i18n/server/mail.ts) and how the facts fill them. */
const TEMPLATES: { [T in MailTemplate]: { area: string; compose: Compose<T> } } = {
  confirmation: {
    area: 'confirmation',
    compose: (d, w) => ({
      subject: w('subject'),
      before: [w('intro')],
      action: { label: w('action'), link: d.link },
      after: [w('valid'), ...(d.agency ? [w('agency')] : [])],
    }),
  },
  passwordReset: {
    area: 'password_reset',
    compose: (d, w) => ({
      subject: w('subject'),
      before: [w('intro')],
      action: { label: w('action'), link: d.link },
      after: [w('valid')],
    }),
  },
  subaccountInvitation: {
    area: 'invitation',
    compose: (d, w) => ({
      subject: w('subject', { inviter: d.inviter }),
      before: [w('intro', { inviter: d.inviter })],
      action: { label: w('action'), link: d.link },
      after: [w('valid')],
    }),
  },
  readyToPublish: {
    area: 'ready_to_publish',
    compose: (d, w, page) => ({
      subject: w('subject', { booking: d.booking }),
      before: [w('intro', { booking: d.booking })],
      action: { label: w('action'), link: d.link ?? page(PAGES.bookings) },
    }),
  },
  bookingRejected: { area: 'booking_rejected', compose: rejection },
  liveChangeRejected: { area: 'live_change_rejected', compose: rejection },
  lowBalance: {
    area: 'low_balance',
    compose: (d, w, page) => ({
      subject: w('subject', { advertiser: d.advertiser }),
      before: [w('intro', { advertiser: d.advertiser, balance: { money: d.balanceCents } })],
      action: { label: w('action'), link: d.link ?? page(PAGES.finances) },
    }),
  },
  outOfBalance: {
    area: 'out_of_balance',
    compose: (d, w, page) => ({
      subject: w('subject', { advertiser: d.advertiser }),
      before: [w('intro', { advertiser: d.advertiser, balance: { money: d.balanceCents } })],
      action: { label: w('action'), link: d.link ?? page(PAGES.finances) },
    }),
  },
  paymentReceipt: {
    area: 'payment_receipt',
    compose: (d, w, page) => ({
      subject: w('subject', { amount: { money: d.amountCents } }),
      before: [
        w('intro', { amount: { money: d.amountCents }, advertiser: d.advertiser, reference: d.reference }),
        w('balance', { balance: { money: d.balanceCents } }),
      ],
      action: { label: w('action'), link: d.link ?? page(PAGES.finances) },
    }),
  },
  campaignReport: {
    area: 'campaign_report',
    compose: (d, w, page) => {
      const period = d.start === d.end ? { day: d.start } : w('period', { start: { day: d.start }, end: { day: d.end } });
      return {
        subject: w(`subject_${d.frequency}`, { campaign: d.campaign, period }),
        before: [
          w('intro', { campaign: d.campaign, period }),
          w('figures', {
            impressions: { count: d.impressions }, clicks: { count: d.clicks }, ctr: { de: d.ctr.toLocaleString('de-DE', { maximumFractionDigits: 2 }), en: d.ctr.toLocaleString('en-GB', { maximumFractionDigits: 2 }) },
            conversions: { count: d.conversions }, cost: { money: d.costCents },
          }),
          w('attachment'),
        ],
        action: { label: w('action'), link: d.link ?? page(`/campaign/stats/${d.campaignId}`) },
        after: [w('unsubscribe')],
      };
    },
  },
  notice: { area: '', compose: notice },
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Names and subjects come from user input: no line breaks may reach a mail header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** Mails whose link opens an account (confirmation, new password, invitation): the link is a secret. */
export const ACCOUNT_LINK_TEMPLATES: readonly MailTemplate[] = ['confirmation', 'passwordReset', 'subaccountInvitation'];

/**
 * `withoutLink` renders the copy that is kept (the outbox, when mail goes out through SMTP): the call to action
 * names no link, so a copy read by anyone else opens no account.
 */
export function renderMail<T extends MailTemplate>(template: T, language: MailLanguage, data: MailData[T], publicUrl: string, options: { withoutLink?: boolean } = {}): RenderedMail {
  const found = Object.hasOwn(TEMPLATES, template) ? TEMPLATES[template] : undefined;
  if (!found || !['de', 'en'].includes(language)) throw new Error(`Unknown mail template "${template}" in "${language}"`);
  const { area, compose } = found as { area: string; compose: Compose<T> };
  const words: Words = (key, params) => translate(language, area ? `mail.${area}.${key}` : key, params);
  const layout: Words = (key, params) => translate(language, `mail.layout.${key}`, params);
  const composed = compose(data, words, (path) => `${publicUrl}${path}`);
  const message = options.withoutLink ? { ...composed, action: { ...composed.action, link: layout('link_removed') } } : composed;
  const button = options.withoutLink
    ? `<p><strong>${escapeHtml(message.action.label)}</strong></p>`
    : `<p><a href="${escapeHtml(message.action.link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(message.action.label)}</a></p>`;
  const hello = data.name ? layout('hello_name', { name: oneLine(data.name) }) : layout('hello');
  const regards = [layout('regards'), layout('team')];
  const after = message.after ?? [];
  const text = [hello, '', ...message.before, '', message.action.link, '', ...after, ...(after.length ? [''] : []), ...regards].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    paragraph(hello),
    ...message.before.map(paragraph),
    button,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(message.action.link)}</p>`,
    ...after.map(paragraph),
    `<p>${regards.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(message.subject), text, html };
}
