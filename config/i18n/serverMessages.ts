/**
 * What the server writes, in German (default) and English: the catalogue behind `translate` (serverText.ts).
 * Keyed by area (one file each in ./server), polyglot `%{name}` placeholders. Each area's English has its
 * German's shape (a key in one language only is a type error), and the key-parity test (serverText.test.ts)
 * checks keys and placeholders of the whole catalogue. The booking rules' texts are the wizard's own
 * (config/booking/messages.ts), so browser and server say the same; the server writes their amounts as money
 * (bookingRuleText.ts).
 */
import { accountMessages } from './server/accounts.ts';
import { approvalMessages } from './server/approvals.ts';
import { bookingServerMessages } from './server/booking.ts';
import { catalogMessages } from './server/catalogs.ts';
import { creativeMessages } from './server/creatives.ts';
import { engineMessages } from './server/engine.ts';
import { financeMessages } from './server/finances.ts';
import { mailMessages } from './server/mail.ts';
import { manualEntryMessages } from './server/manualEntries.ts';
import { payoutMessages } from './server/payouts.ts';
import { publisherMessages } from './server/publishers.ts';
import { resourceMessages } from './server/resources.ts';
import { reportMessages } from './server/reports.ts';
import type { Messages } from './server/shape.ts';
import { bookingRuleMessages } from './server/bookingRules.ts';
import { syncQueueMessages } from './server/syncQueue.ts';
import { staffToolMessages } from './server/staffTools.ts';
import { affiliateMessages } from './server/affiliate.ts';
import { deliveryMessages } from './server/delivery.ts';

const de = {
  ...engineMessages.de,
  ...accountMessages.de,
  approvals: approvalMessages.de,
  affiliate: affiliateMessages.de,
  finances: { ...financeMessages.de, manual: manualEntryMessages.de },
  bookings: bookingServerMessages.de,
  booking: bookingRuleMessages.de,
  mail: mailMessages.de,
  resources: resourceMessages.de,
  reports: reportMessages.de,
  sync: syncQueueMessages.de,
  publishers: publisherMessages.de,
  payouts: payoutMessages.de,
  staff: staffToolMessages.de,
  catalogs: catalogMessages.de,
  creatives: creativeMessages.de,
  delivery: deliveryMessages.de,
};

export type ServerMessages = Messages<typeof de>;

const en: ServerMessages = {
  ...engineMessages.en,
  ...accountMessages.en,
  approvals: approvalMessages.en,
  affiliate: affiliateMessages.en,
  finances: { ...financeMessages.en, manual: manualEntryMessages.en },
  bookings: bookingServerMessages.en,
  booking: bookingRuleMessages.en,
  mail: mailMessages.en,
  resources: resourceMessages.en,
  reports: reportMessages.en,
  sync: syncQueueMessages.en,
  publishers: publisherMessages.en,
  payouts: payoutMessages.en,
  staff: staffToolMessages.en,
  catalogs: catalogMessages.en,
  creatives: creativeMessages.en,
  delivery: deliveryMessages.en,
};

export const serverMessages: Record<'de' | 'en', ServerMessages> = { de, en };
