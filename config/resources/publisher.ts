import { defineResource, t } from '../resource.ts';
import { ADMINS, STAFF_READERS, union } from '../access.ts';

export default defineResource({
  name: 'publisher',
  label: { de: { one: 'Publisher', many: 'Publisher' }, en: { one: 'Publisher', many: 'Publishers' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    url: { type: 'url', label: t('Website', 'Website'), max: 2000 },
    owner: { type: 'ref', ref: 'login', label: t('Inhaber', 'Owner'), readOnly: true },
  },
  list: { columns: ['name', 'url'] },
  access: {
    read: union(STAFF_READERS, ['publisher']),
    create: union(ADMINS, ['publisher']),
    update: union(ADMINS, ['publisher']),
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'publisher', field: 'id' },
});
