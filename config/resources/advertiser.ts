import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { BILLING_TYPES, INDUSTRY_CODES } from '../constants.ts';
import { INDUSTRY_LABELS } from '../i18n/industries.ts';

export default defineResource({
  name: 'advertiser',
  label: { de: { one: 'Werbetreibender', many: 'Werbetreibende' }, en: { one: 'Advertiser', many: 'Advertisers' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 3, max: 200 },
    url: { type: 'url', label: t('Website', 'Website'), max: 2000 },
    industry: { type: 'enum', label: t('Branche', 'Industry'), options: INDUSTRY_CODES, optionLabels: INDUSTRY_LABELS },
    // Postpaid skips the prepaid balance check: staff decide it, never the advertiser or its agency.
    billingType: { type: 'enum', label: t('Abrechnungsart', 'Billing type'), options: BILLING_TYPES, default: 'prepaid', writeRoles: ADMINS },
    balance: { type: 'money', label: t('Guthaben', 'Balance'), readOnly: true, default: 0, noIndex: true },
    owner: { type: 'ref', ref: 'login', label: t('Inhaber', 'Owner'), readOnly: true },
  },
  list: { columns: ['name', 'url', 'industry', 'billingType', 'balance'], filters: ['industry', 'billingType', 'owner'] },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['wizard', 'agency', 'co_worker']),
    update: union(ADMINS, ['wizard', 'advertiser', 'agency', 'co_worker']),
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'id' },
  lookup: { campaigns: { resource: 'campaign', field: 'advertiser' }, bookings: { resource: 'booking', field: 'advertiser' } },
});
