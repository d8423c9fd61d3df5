import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';

/** An uploaded image of the graphics library, filed in a folder. */
export default defineResource({
  name: 'graphic',
  label: { de: { one: 'Grafik', many: 'Grafiken' }, en: { one: 'Graphic', many: 'Graphics' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    downloadLink: { type: 'url', label: t('Download-Link', 'Download link'), required: true, max: 2000 },
    folder: { type: 'ref', ref: 'folder', label: t('Ordner', 'Folder') },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 20000 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 20000 },
    mimeType: { type: 'enum', label: t('Dateityp', 'File type'), options: ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml', 'image/webp'] },
    size: { type: 'integer', label: t('Dateigröße (Bytes)', 'File size (bytes)'), readOnly: true },
  },
  list: {
    columns: ['name', 'folder', 'advertiser', 'width', 'height', 'mimeType'], search: ['name'], filters: ['folder', 'advertiser', 'mimeType'],
    filterRoles: { advertiser: { only: ['systemoperator'] } },
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    update: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    delete: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
