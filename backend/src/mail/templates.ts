/**
 * The texts of every mail the platform sends, in German and English, each as plain text and simple HTML.
 * A template names the facts it needs (MailData); greeting, call to action and sign-off are the same layout
 * for all of them.
 */

export type MailLanguage = 'de' | 'en';

/** Money is in cents, as the ledger stores it. `link` defaults to the product page the mail is about. */
export interface MailData {
  /** E-mail confirmation after sign-up; agencies are told that the sales team checks them next. */
  confirmation: { name?: string; link: string; agency?: boolean };
  passwordReset: { name?: string; link: string };
  /** `inviter`: who created the sub-account. */
  subaccountInvitation: { name?: string; inviter: string; link: string };
  readyToPublish: { name?: string; booking: string; link?: string };
  lowBalance: { name?: string; advertiser: string; balanceCents: number; link?: string };
  outOfBalance: { name?: string; advertiser: string; balanceCents: number; link?: string };
  paymentReceipt: { name?: string; advertiser: string; amountCents: number; balanceCents: number; reference: string; link?: string };
}

export type MailTemplate = keyof MailData;

export const MAIL_TEMPLATES: readonly MailTemplate[] = [
  'confirmation', 'passwordReset', 'subaccountInvitation', 'readyToPublish', 'lowBalance', 'outOfBalance', 'paymentReceipt',
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

const money = (cents: number, language: MailLanguage) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);

type Compose<T extends MailTemplate> = (data: MailData[T], language: MailLanguage, page: (path: string) => string) => Message;

const TEMPLATES: { [T in MailTemplate]: Record<MailLanguage, Compose<T>> } = {
  confirmation: {
    de: (d) => ({
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      before: ['vielen Dank für Ihre Registrierung bei AdSuite. Bitte bestätigen Sie Ihre E-Mail-Adresse:'],
      action: { label: 'E-Mail-Adresse bestätigen', link: d.link },
      after: [
        'Der Link ist 7 Tage gültig.',
        ...(d.agency ? ['Danach prüft unser Vertrieb Ihr Agenturkonto und meldet sich bei Ihnen, sobald es freigeschaltet ist.'] : []),
      ],
    }),
    en: (d) => ({
      subject: 'Please confirm your e-mail address',
      before: ['Thank you for registering with AdSuite. Please confirm your e-mail address:'],
      action: { label: 'Confirm e-mail address', link: d.link },
      after: [
        'The link is valid for 7 days.',
        ...(d.agency ? ['Our sales team then checks your agency account and will contact you as soon as it is activated.'] : []),
      ],
    }),
  },
  passwordReset: {
    de: (d) => ({
      subject: 'Ihr neues Passwort für AdSuite',
      before: ['Sie haben ein neues Passwort angefordert. Mit diesem Link legen Sie es fest:'],
      action: { label: 'Neues Passwort festlegen', link: d.link },
      after: ['Der Link ist eine Stunde gültig und funktioniert einmal. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail.'],
    }),
    en: (d) => ({
      subject: 'Your new AdSuite password',
      before: ['You asked for a new password. Set it with this link:'],
      action: { label: 'Set a new password', link: d.link },
      after: ['The link is valid for one hour and works once. If you did not ask for a new password, ignore this e-mail.'],
    }),
  },
  subaccountInvitation: {
    de: (d) => ({
      subject: `${d.inviter} lädt Sie zu AdSuite ein`,
      before: [`${d.inviter} hat Ihnen einen Zugang zu AdSuite eingerichtet. Wählen Sie Ihr Passwort, um ihn zu aktivieren:`],
      action: { label: 'Passwort festlegen', link: d.link },
      after: ['Der Link ist 7 Tage gültig.'],
    }),
    en: (d) => ({
      subject: `${d.inviter} invites you to AdSuite`,
      before: [`${d.inviter} has set up an AdSuite account for you. Choose your password to activate it:`],
      action: { label: 'Choose password', link: d.link },
      after: ['The link is valid for 7 days.'],
    }),
  },
  readyToPublish: {
    de: (d, _l, page) => ({
      subject: `Ihre Buchung "${d.booking}" ist bereit zur Veröffentlichung`,
      before: [`die Prüfung Ihrer Buchung "${d.booking}" ist abgeschlossen. Sie können sie jetzt veröffentlichen; das dauert bis zu zwei Minuten.`],
      action: { label: 'Zu den Buchungen', link: d.link ?? page(PAGES.bookings) },
    }),
    en: (d, _l, page) => ({
      subject: `Your booking "${d.booking}" is ready to publish`,
      before: [`The check of your booking "${d.booking}" is complete. You can publish it now; this takes up to two minutes.`],
      action: { label: 'Go to bookings', link: d.link ?? page(PAGES.bookings) },
    }),
  },
  lowBalance: {
    de: (d, l, page) => ({
      subject: `Niedriges Guthaben bei ${d.advertiser}`,
      before: [`das Guthaben von ${d.advertiser} beträgt nur noch ${money(d.balanceCents, l)}. Laden Sie es auf, damit Ihre Kampagnen weiterlaufen.`],
      action: { label: 'Guthaben aufladen', link: d.link ?? page(PAGES.finances) },
    }),
    en: (d, l, page) => ({
      subject: `Low balance for ${d.advertiser}`,
      before: [`The balance of ${d.advertiser} is down to ${money(d.balanceCents, l)}. Top it up to keep your campaigns running.`],
      action: { label: 'Top up credit', link: d.link ?? page(PAGES.finances) },
    }),
  },
  outOfBalance: {
    de: (d, l, page) => ({
      subject: `Kein Guthaben mehr bei ${d.advertiser}`,
      before: [`das Guthaben von ${d.advertiser} ist aufgebraucht (${money(d.balanceCents, l)}). Ihre Kampagnen laufen erst weiter, wenn Sie Guthaben aufladen.`],
      action: { label: 'Guthaben aufladen', link: d.link ?? page(PAGES.finances) },
    }),
    en: (d, l, page) => ({
      subject: `${d.advertiser} is out of balance`,
      before: [`The balance of ${d.advertiser} is used up (${money(d.balanceCents, l)}). Your campaigns continue once you top up your credit.`],
      action: { label: 'Top up credit', link: d.link ?? page(PAGES.finances) },
    }),
  },
  paymentReceipt: {
    de: (d, l, page) => ({
      subject: `Zahlungsbestätigung über ${money(d.amountCents, l)}`,
      before: [
        `vielen Dank für Ihre Zahlung über ${money(d.amountCents, l)} für ${d.advertiser} (Referenz ${d.reference}).`,
        `Ihr neues Guthaben beträgt ${money(d.balanceCents, l)}.`,
      ],
      action: { label: 'Zu den Finanzen', link: d.link ?? page(PAGES.finances) },
    }),
    en: (d, l, page) => ({
      subject: `Payment receipt for ${money(d.amountCents, l)}`,
      before: [
        `Thank you for your payment of ${money(d.amountCents, l)} for ${d.advertiser} (reference ${d.reference}).`,
        `Your new balance is ${money(d.balanceCents, l)}.`,
      ],
      action: { label: 'Go to finances', link: d.link ?? page(PAGES.finances) },
    }),
  },
};

const LAYOUT = {
  de: { hello: (name?: string) => (name ? `Hallo ${name},` : 'Hallo,'), regards: ['Viele Grüße', 'Ihr AdSuite-Team'] },
  en: { hello: (name?: string) => (name ? `Hello ${name},` : 'Hello,'), regards: ['Kind regards', 'Your AdSuite team'] },
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Names and subjects come from user input: no line breaks may reach a mail header. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** Mails whose link opens an account (confirmation, new password, invitation): the link is a secret. */
export const ACCOUNT_LINK_TEMPLATES: readonly MailTemplate[] = ['confirmation', 'passwordReset', 'subaccountInvitation'];

const LINK_REMOVED: Record<MailLanguage, string> = {
  de: '[Link entfernt: Er wurde nur an den Empfänger versandt.]',
  en: '[Link removed: it was sent to the recipient only.]',
};

/**
 * `withoutLink` renders the copy that is kept (the outbox, when mail goes out through SMTP): the call to action
 * names no link, so a copy read by anyone else opens no account.
 */
export function renderMail<T extends MailTemplate>(template: T, language: MailLanguage, data: MailData[T], publicUrl: string, options: { withoutLink?: boolean } = {}): RenderedMail {
  const compose = TEMPLATES[template]?.[language] as Compose<T> | undefined;
  if (!compose) throw new Error(`Unknown mail template "${template}" in "${language}"`);
  const composed = compose(data, language, (path) => `${publicUrl}${path}`);
  const message = options.withoutLink ? { ...composed, action: { ...composed.action, link: LINK_REMOVED[language] } } : composed;
  const button = options.withoutLink
    ? `<p><strong>${escapeHtml(message.action.label)}</strong></p>`
    : `<p><a href="${escapeHtml(message.action.link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(message.action.label)}</a></p>`;
  const layout = LAYOUT[language];
  const hello = layout.hello(data.name ? oneLine(data.name) : undefined);
  const after = message.after ?? [];
  const text = [hello, '', ...message.before, '', message.action.link, '', ...after, ...(after.length ? [''] : []), ...layout.regards].join('\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    paragraph(hello),
    ...message.before.map(paragraph),
    button,
    `<p style="font-size:13px;color:#6b7280">${escapeHtml(message.action.link)}</p>`,
    ...after.map(paragraph),
    `<p>${layout.regards.map(escapeHtml).join('<br>')}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLine(message.subject), text, html };
}
