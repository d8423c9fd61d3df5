import { defineResource, t } from '../resource.ts';
import { ADVERTISER_READERS, STAFF_READERS, SYSOP, union } from '../access.ts';
import { text } from '../i18n/serverText.ts';

/** Targeting countries (GET /targeting/country): name and ISO 3166-1 alpha-2 code. */
export default defineResource({
  name: 'country',
  table: 'countries',
  label: { de: { one: 'Land', many: 'Länder' }, en: { one: 'Country', many: 'Countries' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 120 },
    alpha2: { type: 'text', label: t('ISO-Code', 'ISO code'), required: true, min: 2, max: 2, unique: true },
  },
  list: { columns: ['name', 'alpha2'], filters: ['alpha2'], defaultSort: ['name', 'ASC'] },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS, ['publisher']), create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
  routes: { list: '/countries' },
  hooks: {
    validate({ values }) {
      return typeof values.alpha2 === 'string' && !/^[A-Z]{2}$/.test(values.alpha2)
        ? [{ field: 'alpha2', message: text('resources.country.alpha2') }]
        : [];
    },
  },
});
