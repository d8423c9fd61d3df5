import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';
import { AFFILIATE_NETWORKS } from '../constants.ts';

/** An affiliate program of an advertiser at a network: the commission it pays and its tracking link. */
const AFFILIATE_STAFF = union(ADMINS, ['affiliatemanager']);

export default defineResource({
  name: 'program',
  label: { de: { one: 'Partnerprogramm', many: 'Partnerprogramme' }, en: { one: 'Affiliate program', many: 'Affiliate programs' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    revenueSource: { type: 'enum', label: t('Netzwerk', 'Revenue source'), options: AFFILIATE_NETWORKS, required: true },
    programid: { type: 'text', label: t('Programm-ID', 'Program ID'), required: true, max: 100 },
    affiliatelink: { type: 'url', label: t('Affiliate-Link', 'Affiliate link'), max: 2000 },
    commissionPercent: { type: 'number', label: t('Provision (%)', 'Commission (%)'), min: 0, max: 100 },
    commissionFixed: { type: 'money', label: t('Provision (fest)', 'Commission (fixed)'), min: 0 },
    cookieDays: { type: 'integer', label: t('Cookie-Laufzeit (Tage)', 'Cookie lifetime (days)'), min: 0, max: 365 },
    countries: { type: 'stringList', label: t('Länder', 'Countries'), default: [] },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: {
    columns: ['name', 'advertiser', 'revenueSource', 'programid', 'commissionPercent', 'commissionFixed', 'active'],
    search: ['name', 'programid'],
    filters: ['advertiser', 'revenueSource', 'active'],
  },
  access: { read: union(AFFILIATE_STAFF, ['wizard']), create: AFFILIATE_STAFF, update: AFFILIATE_STAFF, delete: AFFILIATE_STAFF, recover: ADMINS },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
