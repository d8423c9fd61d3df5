import { defineResource, t } from '../resource.ts';
import { ADVERTISER_READERS, STAFF_READERS, SYSOP, union } from '../access.ts';

export default defineResource({
  name: 'vertical',
  label: { de: { one: 'Branche', many: 'Branchen' }, en: { one: 'Vertical', many: 'Verticals' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 120, unique: true },
  },
  list: { columns: ['name'], defaultSort: ['name', 'ASC'] },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS), create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
});
