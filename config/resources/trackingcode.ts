import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';
import { EVENT_CLASSES, TRACKINGCODE_TYPES } from '../constants.ts';

/** A generated tracking snippet (universal container or individual pixel) for a campaign's shop. */
const TRACKING_STAFF = union(ADMINS, ['affiliatemanager']);

export default defineResource({
  name: 'trackingcode',
  label: { de: { one: 'Tracking-Code', many: 'Tracking-Codes' }, en: { one: 'Tracking code', many: 'Tracking codes' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    host: { type: 'ref', ref: 'host', label: t('Host', 'Host') },
    type: { type: 'enum', label: t('Art', 'Type'), options: TRACKINGCODE_TYPES, required: true, default: 'universal' },
    events: { type: 'stringList', label: t('Ereignisklassen', 'Event classes'), options: EVENT_CLASSES, default: [] },
    code: { type: 'textarea', label: t('Code', 'Code'), max: 100000 },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: { columns: ['name', 'advertiser', 'campaign', 'type', 'active'], search: ['name'], filters: ['advertiser', 'campaign', 'host', 'type', 'active'] },
  access: { read: TRACKING_STAFF, create: TRACKING_STAFF, update: TRACKING_STAFF, delete: TRACKING_STAFF, recover: ADMINS },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
