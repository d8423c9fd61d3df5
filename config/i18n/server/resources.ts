/** The rules of the entity declarations (config/resources/*.ts hooks and unique messages). */
import type { Messages } from './shape.ts';

const de = {
  blogpost: { slug: 'Der Slug besteht aus Kleinbuchstaben, Ziffern und einzelnen Bindestrichen.' },
  bookingtemplate: {
    max_below_min: 'Das maximale Tagesbudget darf nicht unter dem minimalen liegen.',
    default_outside: 'Das voreingestellte Tagesbudget muss zwischen Minimum und Maximum der Vorlage liegen.',
  },
  channel: { key: 'Der Schlüssel besteht aus Kleinbuchstaben, Ziffern und Unterstrichen.' },
  colour: 'Bitte geben Sie eine Farbe als #rrggbb ein.',
  country: { alpha2: 'Der ISO-Code besteht aus zwei Großbuchstaben, z. B. DE.' },
  domainlist: {
    not_domains: 'Keine Domain: %{domains}.',
    too_many: 'Zu viele Domains für %{channel} (höchstens %{max}).',
  },
  earning: {
    positive: 'Eine Einnahme muss ein positiver Betrag sein.',
    negative: 'Eine Auszahlung muss ein negativer Betrag sein.',
  },
  folder: { own_parent: 'Ein Ordner kann nicht sein eigener übergeordneter Ordner sein.' },
  host: { name: 'Bitte geben Sie einen Hostnamen wie shop.example.com ein.' },
  document: { gross: 'Der Bruttobetrag muss Netto plus USt. entsprechen.' },
  login: { sysop_only: 'Nur ein Systemoperator kann die Rolle Systemoperator vergeben.' },
  segment: { identifier_unique: 'Die Kennung muss innerhalb des Werbetreibenden eindeutig sein.' },
  splitter: { targets: 'Die Ziele müssen eine Liste von { url, weight } mit http(s)-URLs und Gewichten ab 0 sein.' },
  transaction: {
    zero: 'Der Betrag darf nicht null sein.',
    positive: 'Eine Buchung der Art „%{type}“ muss ein positiver Betrag sein.',
    negative: 'Eine Ausgabe muss ein negativer Betrag sein.',
  },
};

const en: Messages<typeof de> = {
  blogpost: { slug: 'The slug takes lowercase letters, digits and single hyphens.' },
  bookingtemplate: {
    max_below_min: 'The maximum daily budget must not be below the minimum.',
    default_outside: "The default daily budget must lie within the template's minimum and maximum.",
  },
  channel: { key: 'The key takes lowercase letters, digits and underscores.' },
  colour: 'Please enter a colour as #rrggbb.',
  country: { alpha2: 'The ISO code is two capital letters, e.g. DE.' },
  domainlist: {
    not_domains: 'Not a domain: %{domains}.',
    too_many: 'Too many domains for %{channel} (at most %{max}).',
  },
  earning: {
    positive: 'An earning must be a positive amount.',
    negative: 'A payout must be a negative amount.',
  },
  folder: { own_parent: 'A folder cannot be its own parent.' },
  host: { name: 'Please enter a host name such as shop.example.com.' },
  document: { gross: 'The gross amount must equal net plus VAT.' },
  login: { sysop_only: 'Only a systemoperator can assign the systemoperator role.' },
  segment: { identifier_unique: 'The identifier must be unique within the advertiser.' },
  splitter: { targets: 'Targets must be a list of { url, weight } with http(s) URLs and weights of at least 0.' },
  transaction: {
    zero: 'The amount must not be zero.',
    positive: 'A %{type} must be a positive amount.',
    negative: 'A spend must be a negative amount.',
  },
};

export const resourceMessages = { de, en };
