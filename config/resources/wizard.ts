import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';
import { AFFILIATE_NETWORKS, WIZARD_CHANNELS, WIZARD_COMPRESSIONS, WIZARD_DATATYPES } from '../constants.ts';

const WIZARD_STAFF = union(['systemoperator', 'wizard', 'affiliatemanager']);

export default defineResource({
  name: 'wizard',
  label: { de: { one: 'Affiliate-Wizard', many: 'Affiliate-Wizards' }, en: { one: 'Affiliate wizard', many: 'Affiliate wizards' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    adserver: { type: 'text', label: t('Adserver', 'Ad server'), required: true, max: 255 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    vertical: { type: 'refMany', ref: 'vertical', label: t('Branchen', 'Verticals'), required: true, default: [] },
    countries: { type: 'stringList', label: t('Land', 'Country'), required: true, max: 1, default: [] },
    url: { type: 'url', label: t('URL', 'URL'), required: true, max: 2000 },
    revenueSource: { type: 'enum', label: t('Netzwerk', 'Revenue source'), options: AFFILIATE_NETWORKS, required: true },
    programid: { type: 'text', label: t('Programm-ID', 'Program ID'), required: true, max: 100 },
    affiliatelink: { type: 'url', label: t('Affiliate-Link', 'Affiliate link'), required: true, max: 2000 },
    affiliateprefix: { type: 'text', label: t('Affiliate-Präfix', 'Affiliate prefix'), max: 2000 },
    targeturl: { type: 'url', label: t('Ziel-URL', 'Target URL'), required: true, max: 2000 },
    datasource: { type: 'url', label: t('Datenquelle (Feed-URL)', 'Data source (feed URL)'), required: true, max: 2000 },
    datatype: { type: 'enum', label: t('Datentyp', 'Data type'), options: WIZARD_DATATYPES, required: true, default: 'csv' },
    compression: { type: 'enum', label: t('Kompression', 'Compression'), options: WIZARD_COMPRESSIONS, required: true, default: 'none' },
    delimiter: { type: 'text', label: t('Trennzeichen', 'Delimiter'), required: true, max: 200, default: ',' },
    adcode: { type: 'textarea', label: t('Ad-Code', 'Ad code'), required: true, max: 100000 },
    categories: { type: 'stringList', label: t('Kategorien', 'Categories'), required: true, default: [] },
    width: { type: 'integer', label: t('Breite', 'Width'), required: true, min: 1, max: 4000, default: 300 },
    height: { type: 'integer', label: t('Höhe', 'Height'), required: true, min: 1, max: 4000, default: 250 },
    channel: { type: 'enum', label: t('Kanal', 'Channel'), options: WIZARD_CHANNELS, required: true, default: 'platform161' },
    live: { type: 'boolean', label: t('Live', 'Live'), readOnly: true, default: false },
  },
  list: { columns: ['name', 'advertiser', 'revenueSource', 'channel', 'live'], filters: ['advertiser', 'revenueSource', 'channel', 'live'] },
  access: { read: WIZARD_STAFF, create: WIZARD_STAFF, update: WIZARD_STAFF, delete: WIZARD_STAFF, recover: ['systemoperator'] },
  routes: { list: '/wizards' },
});
