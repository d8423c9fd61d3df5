import { defineResource, t } from '../resource.ts';
import { ADVERTISER_READERS, STAFF_READERS, SYSOP, union } from '../access.ts';

/**
 * Content categories for targeting and the affiliate wizard (GET /targeting/category): attributes name and
 * code; a form value joins id and code as `id|||code`.
 */
export default defineResource({
  name: 'category',
  table: 'categories',
  label: { de: { one: 'Kategorie', many: 'Kategorien' }, en: { one: 'Category', many: 'Categories' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    code: { type: 'text', label: t('Code', 'Code'), required: true, min: 1, max: 60, unique: true },
    parent: { type: 'ref', ref: 'category', label: t('Oberkategorie', 'Parent category') },
  },
  list: { columns: ['name', 'code', 'parent'], search: ['name', 'code'], filters: ['parent', 'code'], defaultSort: ['name', 'ASC'] },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS, ['publisher']), create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
  routes: { list: '/categories' },
  lookup: { children: { resource: 'category', field: 'parent' } },
});
