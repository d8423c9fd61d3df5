import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { CHANNEL_KEYS } from '../channels.ts';

/** The contract under which a campaign runs on one channel (prepaid contracts drive the balance warnings). */
const CONTRACT_STAFF = union(ADMINS, ['affiliatemanager']);

export default defineResource({
  name: 'contract',
  label: { de: { one: 'Vertrag', many: 'Verträge' }, en: { one: 'Contract', many: 'Contracts' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    channel: { type: 'enum', label: t('Kanal', 'Channel'), options: CHANNEL_KEYS, required: true },
    prepaid: { type: 'boolean', label: t('Vorkasse', 'Prepaid'), default: true },
    start: { type: 'date', label: t('Start', 'Start') },
    end: { type: 'date', label: t('Ende', 'End') },
    budget: { type: 'money', label: t('Budget', 'Budget'), min: 0 },
    programmaticFee: { type: 'number', label: t('Programmatic-Gebühr', 'Programmatic fee'), min: 0, max: 1 },
    externalId: { type: 'text', label: t('Externe ID', 'External ID'), max: 200 },
  },
  list: {
    columns: ['name', 'advertiser', 'campaign', 'channel', 'prepaid', 'start', 'end', 'budget'],
    search: ['name', 'externalId'],
    filters: ['advertiser', 'campaign', 'channel', 'prepaid'],
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: CONTRACT_STAFF,
    update: CONTRACT_STAFF,
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
