import { defineResource, t, type HookError } from '../resource.ts';
import { union } from '../access.ts';
import { AFFILIATE_NETWORKS, WIZARD_CHANNELS, WIZARD_COMPRESSIONS, WIZARD_DATATYPES } from '../constants.ts';
import { text } from '../i18n/serverText.ts';

const WIZARD_STAFF = union(['systemoperator', 'wizard', 'affiliatemanager']);

/** The data source of a program whose products are entered by hand: no feed to import. */
export const MANUAL_DATASOURCE = 'manual';
/** What separates a CSV feed's columns (`tab` for a tab); an XML feed names its product element instead. */
export const CSV_DELIMITERS = [',', ';', '|', 'tab'] as const;
/** A category as the pickers give it (SPEC section 3): the category's id and code joined by three pipes. */
export const CATEGORY_VALUE = /^[0-9a-f-]{36}\|\|\|[^|]+$/i;
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(:\d{1,5})?$/i;
const HTTP_URL = /^https?:\/\/[^\s]+$/i;
const XML_SELECTOR = /^[A-Za-z_][\w.-]*(\/[A-Za-z_][\w.-]*)*$/;

const isAutomatic = (datasource: unknown) => typeof datasource === 'string' && datasource !== MANUAL_DATASOURCE;

/**
 * The wizard's rules beyond its field types (SPEC section 5 "Wizard"), on the record as it will be. A value sent
 * back as it is stored passes unchanged (an older record keeps what it has until it is changed).
 */
function wizardErrors(values: Record<string, unknown>, before: Record<string, unknown> | undefined): HookError[] {
  const value = (key: string) => (key in values ? values[key] : before?.[key]);
  const changed = (...keys: string[]) => keys.some((key) => key in values && JSON.stringify(values[key] ?? null) !== JSON.stringify(before?.[key] ?? null));
  const errors: HookError[] = [];
  const fail = (field: string, key: string, params?: Parameters<typeof text>[1]) => errors.push({ field, message: text(`affiliate.wizard.${key}`, params) });
  const adserver = value('adserver');
  if (changed('adserver') && typeof adserver === 'string' && !HOST.test(adserver)) fail('adserver', 'adserver');
  const datasource = value('datasource');
  if (changed('datasource') && typeof datasource === 'string' && datasource !== MANUAL_DATASOURCE && !HTTP_URL.test(datasource)) fail('datasource', 'datasource');
  const prefix = value('affiliateprefix');
  if (changed('affiliateprefix') && typeof prefix === 'string' && prefix !== '' && !HTTP_URL.test(prefix)) fail('affiliateprefix', 'prefix_url');
  else if (changed('datasource', 'affiliateprefix') && isAutomatic(datasource) && !prefix) fail('affiliateprefix', 'prefix_needed');
  const delimiter = value('delimiter');
  if (changed('delimiter', 'datatype') && typeof delimiter === 'string') {
    if (value('datatype') === 'xml' && !XML_SELECTOR.test(delimiter)) fail('delimiter', 'selector_xml');
    if (value('datatype') !== 'xml' && !(CSV_DELIMITERS as readonly string[]).includes(delimiter)) fail('delimiter', 'delimiter_csv', { options: CSV_DELIMITERS.join('  ') });
  }
  const countries = value('countries');
  if (changed('countries') && Array.isArray(countries) && (countries.length !== 1 || !/^[A-Z]{2}$/.test(String(countries[0])))) fail('countries', 'country_code');
  const categories = value('categories');
  const unknown = changed('categories') && Array.isArray(categories) ? categories.find((entry) => !CATEGORY_VALUE.test(String(entry))) : undefined;
  if (unknown !== undefined) fail('categories', 'category_value', { value: String(unknown).slice(0, 80) });
  const adcode = value('adcode');
  if (changed('adcode') && typeof adcode === 'string' && adcode.trim() !== '' && !adcode.includes('{click}')) fail('adcode', 'adcode_click');
  return errors;
}

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
    // A feed URL (automatic: set live imports it) or `manual` (products entered by hand).
    datasource: { type: 'text', label: t('Datenquelle (Feed-URL)', 'Data source (feed URL)'), required: true, max: 2000 },
    datatype: { type: 'enum', label: t('Datentyp', 'Data type'), options: WIZARD_DATATYPES, required: true, default: 'csv' },
    compression: { type: 'enum', label: t('Kompression', 'Compression'), options: WIZARD_COMPRESSIONS, required: true, default: 'none' },
    delimiter: { type: 'text', label: t('Trennzeichen', 'Delimiter'), required: true, max: 200, default: ',' },
    adcode: { type: 'textarea', label: t('Ad-Code', 'Ad code'), required: true, max: 100000 },
    categories: { type: 'stringList', label: t('Kategorien', 'Categories'), required: true, default: [] },
    width: { type: 'integer', label: t('Breite', 'Width'), required: true, min: 1, max: 4000, default: 300 },
    height: { type: 'integer', label: t('Höhe', 'Height'), required: true, min: 1, max: 4000, default: 250 },
    channel: { type: 'enum', label: t('Kanal', 'Channel'), options: WIZARD_CHANNELS, required: true, default: 'platform161' },
    live: { type: 'boolean', label: t('Live', 'Live'), readOnly: true, default: false },
    // Made by setting the program live (plugins/affiliate), once each.
    catalog: { type: 'ref', ref: 'catalog', label: t('Katalog', 'Catalog'), readOnly: true },
    trackingcode: { type: 'ref', ref: 'trackingcode', label: t('Tracking-Code', 'Tracking code'), readOnly: true },
  },
  list: { columns: ['name', 'advertiser', 'revenueSource', 'channel', 'live'], filters: ['advertiser', 'revenueSource', 'channel', 'live'] },
  access: { read: WIZARD_STAFF, create: WIZARD_STAFF, update: WIZARD_STAFF, delete: WIZARD_STAFF, recover: ['systemoperator'] },
  routes: { list: '/wizards' },
  hooks: { validate: ({ values, before }) => wizardErrors(values, before) },
});
