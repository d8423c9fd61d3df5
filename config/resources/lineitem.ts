import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { AUTOPAUSE_REASONS, BID_TYPES, PACING } from '../constants.ts';
import type { JsonShape } from './jsonShapes.ts';

/**
 * What only some channels use (SPEC section 3: specifics.gads.keywords), the optimizer's bid ranges in percent
 * (plugins/booking: specifics.bidding) and the mark of a line item saved against its channel's refusal.
 */
const SPECIFICS: JsonShape = {
  kind: 'object',
  parts: [
    { key: 'bidding.changeRange', type: 'number', label: t('Änderungsspanne (%)', 'Change range (%)'), min: 0, max: 100 },
    { key: 'bidding.okRange', type: 'number', label: t('OK-Spanne (%)', 'OK range (%)'), min: 0, max: 100 },
    { key: 'gads.keywords', type: 'texts', label: t('Google-Ads-Keywords', 'Google Ads keywords') },
    { key: 'activateLater', type: 'boolean', label: t('Später aktivieren', 'Activate later') },
  ],
};

/** Who tunes a running line item: staff, agencies and co-workers (`access.update`). */
const TUNERS = union(ADMINS, ['agency', 'co_worker']);
/** ISO days of the week, 1 = Monday. */
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const WEEKDAY_LABELS = Object.fromEntries(WEEKDAYS.map((day, index) => [day, t(
  ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'][index],
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][index],
)]));
const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour));
const HOUR_LABELS = Object.fromEntries(HOURS.map((hour) => {
  const span = `${hour.padStart(2, '0')}:00-${String(Number(hour) + 1).padStart(2, '0')}:00`;
  return [hour, t(`${span} Uhr`, span)];
}));

/**
 * Agencies and co-workers tune running line items (budgets, bids, pauses); where a line item belongs, whether it
 * skips review, its reviews and pending changes and the automatic pause are staff's (`writeRoles: ADMINS`).
 */
export default defineResource({
  name: 'lineitem',
  label: { de: { one: 'Line Item', many: 'Line Items' }, en: { one: 'Line item', many: 'Line items' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true, writeRoles: ADMINS },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true, writeRoles: ADMINS },
    booking: { type: 'ref', ref: 'booking', label: t('Buchung', 'Booking'), writeRoles: ADMINS },
    channel: { type: 'text', label: t('Kanal', 'Channel'), max: 60, writeRoles: ADMINS, labelled: true },
    contract: { type: 'ref', ref: 'contract', label: t('Vertrag', 'Contract'), writeRoles: ADMINS },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: false },
    autopaused: { type: 'boolean', label: t('Automatisch pausiert', 'Auto-paused'), default: false, writeRoles: ADMINS },
    /** Why the ad server paused it (plugins/tracking): the daily budget (until the next day), the total budget, the prepaid balance (until a top-up). */
    autopauseReason: { type: 'enum', label: t('Grund der Pause', 'Pause reason'), options: AUTOPAUSE_REASONS, readOnly: true },
    userpause: { type: 'boolean', label: t('Pause durch Nutzer', 'User pause'), default: false },
    userpaused: { type: 'boolean', label: t('Vom Nutzer pausiert', 'User-paused'), default: false },
    creatives: { type: 'refMany', ref: 'banner', label: t('Werbemittel', 'Creatives'), default: [] },
    budget: { type: 'money', label: t('Budget', 'Budget'), min: 0 },
    dailyBudget: { type: 'money', label: t('Tagesbudget', 'Daily budget'), min: 0 },
    bidType: { type: 'enum', label: t('Gebotsart', 'Bid type'), options: BID_TYPES, default: 'CPC' },
    bidPrice: { type: 'money', label: t('Gebot', 'Bid price'), min: 0 },
    currentBid: { type: 'money', label: t('Aktuelles Gebot', 'Current bid'), min: 0 },
    pacing: {
      type: 'enum', label: t('Pacing', 'Pacing'), options: PACING, default: 'evenly',
      help: t('Wie der Ad-Server das Tagesbudget über den Tag verteilt.', 'How the ad server spreads the daily budget over the day.'),
    },
    /**
     * Delivery limits of the placements' ad server (plugins/delivery): views per visitor per day and in all (none
     * when empty), and the days of the week and hours (UTC, as the daily budget's day) it delivers in (every one
     * when empty). Whoever tunes the line item's budgets and bids writes them: staff, agencies and co-workers.
     */
    capDay: {
      type: 'integer', label: t('Max. Views pro Besucher und Tag', 'Max. views per visitor a day'), min: 1, max: 1000, writeRoles: TUNERS,
      help: t('Wie oft ein Besucher die Anzeigen dieses Line Items am Tag höchstens sieht; leer: unbegrenzt.', 'How often one visitor sees this line item\'s ads a day at most; empty: no limit.'),
    },
    capTotal: {
      type: 'integer', label: t('Max. Views pro Besucher insgesamt', 'Max. views per visitor in all'), min: 1, max: 100_000, writeRoles: TUNERS,
      help: t('Wie oft ein Besucher die Anzeigen dieses Line Items insgesamt höchstens sieht; leer: unbegrenzt.', 'How often one visitor sees this line item\'s ads in all at most; empty: no limit.'),
    },
    deliveryDays: {
      type: 'stringList', label: t('Liefertage', 'Delivery days'), options: WEEKDAYS, optionLabels: WEEKDAY_LABELS, labelled: true, default: [], writeRoles: TUNERS,
      help: t('Die Wochentage, an denen es ausgeliefert wird; keiner gewählt: jeden Tag.', 'The days of the week it delivers on; none chosen: every day.'),
    },
    deliveryHours: {
      type: 'stringList', label: t('Lieferstunden (UTC)', 'Delivery hours (UTC)'), options: HOURS, optionLabels: HOUR_LABELS, labelled: true, default: [], writeRoles: TUNERS,
      help: t('Die Stunden (UTC), in denen es ausgeliefert wird; keine gewählt: rund um die Uhr.', 'The hours (UTC) it delivers in; none chosen: around the clock.'),
    },
    autoapprove: { type: 'boolean', label: t('Automatisch freigeben', 'Auto-approve'), default: false, writeRoles: ADMINS },
    landingDomain: { type: 'text', label: t('Landing-Domain', 'Landing domain'), max: 255 },
    specifics: { type: 'json', label: t('Kanalspezifisch', 'Channel specifics'), default: {}, shape: SPECIFICS },
    reviews: { type: 'json', label: t('Prüfungen', 'Reviews'), default: {}, writeRoles: ADMINS, shape: { kind: 'reviews' } },
    // Changes waiting for approval (SPEC section 2, creative approval), per field with its old and new value.
    changes: { type: 'json', label: t('Änderungen', 'Changes'), default: {}, writeRoles: ADMINS, shape: { kind: 'changes' } },
    /**
     * Creatives it ran that went back to review when their content changed while it was live (issue 14): off the
     * line item until staff approve them again, then back on it (plugins/booking, publishing/bannerReview.ts).
     * The server's alone.
     */
    heldCreatives: { type: 'refMany', ref: 'banner', label: t('Werbemittel in Prüfung', 'Creatives in review'), default: [], readOnly: true },
    /** The line item's id on its channel (the AdSuite ad server or the network; `sandbox-...` in sandbox mode). */
    externalId: { type: 'text', label: t('Externe ID', 'External ID'), max: 200, readOnly: true },
  },
  list: {
    columns: ['name', 'campaign', 'channel', 'active', 'bidType', 'bidPrice', 'dailyBudget', 'budget'],
    filters: ['advertiser', 'campaign', 'booking', 'channel', 'active', 'bidType'],
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: ADMINS,
    update: TUNERS,
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  routes: { create: '/lineitem/create', edit: '/lineitem/update/:id' },
});
