import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { text } from '../i18n/serverText.ts';

/** Corporate identity of an advertiser: logo, colours, font and slogan for the creative service. */
export default defineResource({
  name: 'ci',
  label: { de: { one: 'Corporate Identity', many: 'Corporate Identities' }, en: { one: 'Corporate identity', many: 'Corporate identities' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    logo: { type: 'url', label: t('Logo', 'Logo'), max: 2000 },
    primaryColor: { type: 'text', label: t('Primärfarbe', 'Primary colour'), max: 7, default: '#000000' },
    secondaryColor: { type: 'text', label: t('Sekundärfarbe', 'Secondary colour'), max: 7, default: '#ffffff' },
    textColor: { type: 'text', label: t('Textfarbe', 'Text colour'), max: 7, default: '#000000' },
    font: { type: 'text', label: t('Schrift', 'Font'), max: 100 },
    slogan: { type: 'text', label: t('Slogan', 'Slogan'), max: 200 },
    productName: { type: 'text', label: t('Produktname', 'Product name'), max: 200 },
    url: { type: 'url', label: t('Website', 'Website'), max: 2000 },
  },
  list: {
    columns: ['name', 'advertiser', 'slogan', 'primaryColor'], search: ['name', 'slogan', 'productName'], filters: ['advertiser'],
    columnRoles: { advertiser: { only: ['systemoperator'] } },
    filterRoles: { advertiser: { only: ['systemoperator'] } },
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values }) {
      return ['primaryColor', 'secondaryColor', 'textColor']
        .filter((key) => typeof values[key] === 'string' && values[key] !== '' && !/^#[0-9a-f]{6}$/i.test(values[key] as string))
        .map((field) => ({ field, message: text('resources.colour') }));
    },
  },
});
