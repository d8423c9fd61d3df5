import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { text } from '../i18n/serverText.ts';

/**
 * A folder of the graphics library; folders nest through `parent` (none = Root). A folder moves only through the
 * creative tools' move (plugins/creatives/server/folders.ts), which refuses cycles: here `parent` is set on create.
 */
export default defineResource({
  name: 'folder',
  label: { de: { one: 'Ordner', many: 'Ordner' }, en: { one: 'Folder', many: 'Folders' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    parent: { type: 'ref', ref: 'folder', label: t('Übergeordneter Ordner', 'Parent folder'), createOnly: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
  },
  list: { columns: ['name', 'parent', 'advertiser'], filters: ['parent', 'advertiser'], defaultSort: ['name', 'ASC'] },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    update: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    delete: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  lookup: { folders: { resource: 'folder', field: 'parent' }, graphics: { resource: 'graphic', field: 'folder' } },
  hooks: {
    validate({ values, before }) {
      return before && values.parent === before.id ? [{ field: 'parent', message: text('resources.folder.own_parent') }] : [];
    },
  },
});
