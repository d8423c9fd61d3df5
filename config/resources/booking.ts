import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { AGE_CODES, BANNER_TYPES, BOOKING_STATUSES, GENDERS, GOALS, INCOME_CODES, PACING } from '../constants.ts';
import { CHANNEL_KEYS } from '../channels.ts';
import { CALL_TO_ACTIONS, SPECIAL_CATEGORIES } from '../booking/constants.ts';
import { MARKER_RADIUS_MAX_KM } from '../booking/markers.ts';
import { recordErrors } from '../booking/rules.ts';
import { bookingRuleText } from '../i18n/bookingRuleText.ts';
import { ALLOCATION, type JsonShape } from './jsonShapes.ts';

/** Geo locations as the wizard stores them (config/booking/markers.ts): GeoJSON points with a name, an address and a radius. */
const MARKERS: JsonShape = {
  kind: 'list',
  fixed: { type: 'Feature' },
  parts: [
    { key: 'properties.name', type: 'text', label: t('Name', 'Name'), required: true },
    { key: 'properties.currentPlace.formatted_address', type: 'text', label: t('Adresse', 'Address') },
    { key: 'geometry', type: 'point', label: t('Koordinaten', 'Coordinates') },
    { key: 'properties.radius', type: 'number', label: t('Radius (km)', 'Radius (km)'), min: 0, max: MARKER_RADIUS_MAX_KM },
  ],
};

/** The creatives as the booking lists them (plugins/booking/server/creatives/prepare.ts), shown; the wizard changes them. */
const CREATIVES: JsonShape = {
  kind: 'list',
  readOnly: true,
  parts: [
    { key: 'name', type: 'text', label: t('Name', 'Name') },
    { key: 'bannerType', type: 'choice', label: t('Typ', 'Type'), choices: BANNER_TYPES },
    { key: 'width', type: 'integer', label: t('Breite', 'Width') },
    { key: 'height', type: 'integer', label: t('Höhe', 'Height') },
    { key: 'channels', type: 'texts', label: t('Kanäle', 'Channels'), choices: CHANNEL_KEYS },
  ],
};

export default defineResource({
  name: 'booking',
  label: { de: { one: 'Buchung', many: 'Buchungen' }, en: { one: 'Booking', many: 'Bookings' } },
  fields: {
    name: { type: 'text', label: t('Kampagnenname', 'Campaign name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), readOnly: true },
    status: { type: 'enum', label: t('Status', 'Status'), options: BOOKING_STATUSES, default: 'waiting for approval', readOnly: true },
    goal: { type: 'enum', label: t('Ziel', 'Goal'), options: GOALS, default: 'clicks' },
    goalValue: { type: 'number', label: t('Zielwert', 'Goal value'), min: 0 },
    pacing: { type: 'enum', label: t('Pacing', 'Pacing'), options: PACING, default: 'no adjustment' },
    specialCategory: { type: 'enum', label: t('Besondere Kategorie', 'Special category'), options: SPECIAL_CATEGORIES, default: 'none' },
    callToAction: { type: 'enum', label: t('Call-to-Action', 'Call-to-action'), options: CALL_TO_ACTIONS, default: 'NONE' },
    bookingtemplate: { type: 'ref', ref: 'bookingtemplate', label: t('Buchungsvorlage', 'Booking template') },
    budget: { type: 'money', label: t('Budget', 'Budget'), min: 0 },
    dailyBudget: { type: 'money', label: t('Tagesbudget', 'Daily budget'), min: 0 },
    start: { type: 'date', label: t('Start', 'Start'), required: true },
    end: { type: 'date', label: t('Ende', 'End') },
    continously: { type: 'boolean', label: t('Läuft unbegrenzt', 'Never ends'), default: false },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    allocation: { type: 'json', label: t('Budgetverteilung', 'Allocation'), default: [], shape: ALLOCATION },
    splitBudget: { type: 'boolean', label: t('Budget aufteilen', 'Split budget'), default: false },
    target: { type: 'url', label: t('Ziel-URL', 'Target URL'), max: 2000 },
    displayUrl: { type: 'url', label: t('Angezeigte URL', 'Display URL'), max: 2000 },
    retargeting: { type: 'boolean', label: t('Retargeting', 'Retargeting'), default: false },
    gender: { type: 'enum', label: t('Geschlecht', 'Gender'), options: GENDERS, default: 'all' },
    age: { type: 'stringList', label: t('Alter', 'Age'), options: AGE_CODES, default: [] },
    income: { type: 'stringList', label: t('Einkommen', 'Income'), options: INCOME_CODES, default: [] },
    markers: { type: 'json', label: t('Orte', 'Locations'), default: [], shape: MARKERS },
    countries: { type: 'stringList', label: t('Länder', 'Countries'), default: [] },
    domains: { type: 'textarea', label: t('Domains (eine pro Zeile)', 'Domains (one per line)'), max: 500_000 },
    blacklist: { type: 'textarea', label: t('Blacklist-Begriffe (einer pro Zeile)', 'Blacklist keywords (one per line)'), max: 200_000 },
    domainlists: {
      type: 'json', label: t('Domainlisten', 'Domain lists'), default: [], idsOf: { resource: 'domainlist', key: 'id' }, shape: { kind: 'ids', resource: 'domainlist' },
    },
    cdpSegments: {
      type: 'json', label: t('CDP-Segmente', 'CDP segments'), default: [], idsOf: { resource: 'segment', key: 'id' }, shape: { kind: 'ids', resource: 'segment' },
    },
    categories: { type: 'stringList', label: t('Kategorien', 'Categories'), default: [] },
    creatives: { type: 'json', label: t('Werbemittel', 'Creatives'), default: [], shape: CREATIVES },
    creativeService: {
      type: 'json', label: t('Kreativ-Service', 'Creative service'),
      shape: {
        kind: 'object',
        parts: [
          { key: 'slogan', type: 'text', label: t('Slogan', 'Slogan') },
          { key: 'productName', type: 'text', label: t('Produktname', 'Product name') },
          { key: 'logo', type: 'text', label: t('Logo (Datei-ID)', 'Logo (file id)') },
          { key: 'productImage', type: 'text', label: t('Produktbild (Datei-ID)', 'Product image (file id)') },
        ],
      },
    },
    rejectionReason: { type: 'text', label: t('Ablehnungsgrund', 'Rejection reason'), readOnly: true, max: 4000, translatedFrom: 'rejectionReasonText' },
    rejectionReasonText: { type: 'json', label: t('Ablehnungsgrund als Katalogtext', 'Rejection reason as catalogue text'), private: true },
    failedChannels: { type: 'json', label: t('Fehlgeschlagene Kanäle', 'Failed channels'), readOnly: true, default: [], shape: { kind: 'channels' } },
    files: { type: 'json', label: t('Dateien', 'Files'), default: [] },
    invoiceItemName: { type: 'text', label: t('Rechnungsposition', 'Invoice item name'), max: 200 },
    topproducts: { type: 'json', label: t('Top-Produkte', 'Top products'), default: [] },
    topreferers: { type: 'json', label: t('Top-Referrer', 'Top referers'), default: [] },
  },
  list: {
    columns: ['name', 'advertiser', 'status', 'budget', 'dailyBudget', 'start', 'end', 'channels'],
    filters: ['advertiser', 'campaign', 'status', 'goal'],
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  routes: { list: '/bookings', create: '/booking/create', edit: '/booking/update/:id' },
  lookup: { lineitems: { resource: 'lineitem', field: 'booking' } },
  hooks: {
    // The wizard's full rules run in plugins/booking/server; these hold for every write of a stored booking.
    validate({ values, before }) {
      return recordErrors({ ...before, ...values }).map(({ field, key, values: params }) => ({ field, message: bookingRuleText(key, params) }));
    },
  },
});
