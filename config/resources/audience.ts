import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { AGE_CODES, GENDERS, INCOME_CODES } from '../constants.ts';
import { CHANNEL_KEYS } from '../channels.ts';

/** A reusable target group: demographics, countries and CDP segments, mirrored to the channels' audiences. */
export default defineResource({
  name: 'audience',
  label: { de: { one: 'Zielgruppe', many: 'Zielgruppen' }, en: { one: 'Audience', many: 'Audiences' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 2000 },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    segments: { type: 'refMany', ref: 'segment', label: t('Segmente', 'Segments'), default: [] },
    gender: { type: 'enum', label: t('Geschlecht', 'Gender'), options: GENDERS, default: 'all' },
    age: { type: 'stringList', label: t('Alter', 'Age'), options: AGE_CODES, default: [] },
    income: { type: 'stringList', label: t('Einkommen', 'Income'), options: INCOME_CODES, default: [] },
    countries: { type: 'stringList', label: t('Länder', 'Countries'), default: [] },
    size: { type: 'integer', label: t('Reichweite', 'Size'), readOnly: true },
    externalIds: { type: 'json', label: t('Externe IDs', 'External IDs'), readOnly: true, default: {} },
  },
  list: { columns: ['name', 'advertiser', 'channels', 'gender', 'size'], search: ['name', 'description'], filters: ['advertiser', 'gender', 'channels', 'segments'] },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['campaignmanager'], ADVERTISER_WRITERS),
    update: union(ADMINS, ['campaignmanager'], ADVERTISER_WRITERS),
    delete: union(ADMINS, ['campaignmanager'], ADVERTISER_WRITERS),
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
