import { defineResource, t, type HookError } from '../resource.ts';
import { ADVERTISER_READERS, STAFF_READERS, SYSOP, union } from '../access.ts';
import { CHANNEL_GROUPS, DEFAULT_CHANNEL_MIN_BUDGET, DEFAULT_PROGRAMMATIC_FEE, TARGETING_FLAGS } from '../constants.ts';
import { text } from '../i18n/serverText.ts';

/** The channels bookings run on; seeded from the channel catalogue (config/channels.ts). */
export default defineResource({
  name: 'channel',
  label: { de: { one: 'Kanal', many: 'Kanäle' }, en: { one: 'Channel', many: 'Channels' } },
  fields: {
    key: { type: 'text', label: t('Schlüssel', 'Key'), required: true, min: 2, max: 60, unique: true, code: true },
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 100 },
    shortName: { type: 'text', label: t('Kurzname', 'Short name'), max: 20 },
    category: { type: 'enum', label: t('Kanalgruppe', 'Channel group'), options: CHANNEL_GROUPS, required: true },
    image: { type: 'text', label: t('Bild', 'Image'), max: 2000 },
    color: { type: 'text', label: t('Farbe', 'Colour'), max: 7 },
    programmaticFee: { type: 'number', label: t('Programmatic-Gebühr', 'Programmatic fee'), min: 0, max: 1, default: DEFAULT_PROGRAMMATIC_FEE },
    minBudget: { type: 'money', label: t('Mindestbudget pro Tag', 'Minimum daily budget'), min: 0, default: DEFAULT_CHANNEL_MIN_BUDGET },
    maxDomains: { type: 'integer', label: t('Max. Domains', 'Max. domains'), min: 0 },
    dailyBudget: { type: 'boolean', label: t('Tagesbudget', 'Daily budget'), default: true },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
    locationneeded: { type: 'boolean', label: t('Ort erforderlich', 'Location needed'), default: false },
    targetUrlNeeded: { type: 'boolean', label: t('Ziel-URL erforderlich', 'Target URL needed'), default: true },
    adtagsAllowed: { type: 'boolean', label: t('Ad-Tags erlaubt', 'Ad tags allowed'), default: false },
    networkHostedCreatives: { type: 'boolean', label: t('Werbemittel beim Netzwerk', 'Network-hosted creatives'), default: false },
    targeting: { type: 'stringList', label: t('Targeting', 'Targeting'), options: TARGETING_FLAGS, default: [] },
    minLocations: { type: 'integer', label: t('Mindestanzahl Orte', 'Minimum locations'), min: 0, default: 0 },
    creativeRequirements: { type: 'json', label: t('Anforderungen an Werbemittel', 'Creative requirements'), default: {} },
    endpoints: {
      type: 'json', label: t('Endpunkte', 'Endpoints'), default: {},
      shape: { kind: 'object', parts: [{ key: 'markers', type: 'url', label: t('Orte-Endpunkt', 'Locations endpoint') }, { key: 'reach', type: 'url', label: t('Reichweiten-Endpunkt', 'Reach endpoint') }] },
    },
  },
  list: {
    columns: ['name', 'key', 'category', 'programmaticFee', 'minBudget', 'active'],
    search: ['name', 'key', 'shortName'],
    filters: ['category', 'active', 'dailyBudget', 'locationneeded', 'targetUrlNeeded', 'key', 'targeting'],
    defaultSort: ['name', 'ASC'],
  },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS, ['publisher']), create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
  hooks: {
    validate({ values }) {
      const errors: HookError[] = [];
      if (typeof values.key === 'string' && !/^[a-z0-9_]+$/.test(values.key)) errors.push({ field: 'key', message: text('resources.channel.key') });
      if (typeof values.color === 'string' && values.color !== '' && !/^#[0-9a-f]{6}$/i.test(values.color)) errors.push({ field: 'color', message: text('resources.colour') });
      return errors;
    },
  },
});
