import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { PLACEHOLDER_DECLARATIONS } from './jsonShapes.ts';

/**
 * A platform template for rich videos. Maintained by admins (/richvideotemplates); every advertiser-side
 * account may read the templates so its rich videos can reference one.
 */
export default defineResource({
  name: 'richvideotemplate',
  label: { de: { one: 'Rich-Video-Vorlage', many: 'Rich-Video-Vorlagen' }, en: { one: 'Rich video template', many: 'Rich video templates' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 4000, default: 640 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 4000, default: 360 },
    duration: { type: 'integer', label: t('Dauer (Sekunden)', 'Duration (seconds)'), min: 1, max: 600 },
    html: { type: 'textarea', label: t('HTML', 'HTML'), max: 200000 },
    placeholder: { type: 'json', label: t('Platzhalter', 'Placeholders'), default: [], shape: PLACEHOLDER_DECLARATIONS },
    thumbnail: { type: 'url', label: t('Vorschaubild', 'Thumbnail'), max: 2000 },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: { columns: ['name', 'width', 'height', 'duration', 'active'], search: ['name'], filters: ['active'] },
  access: { read: union(STAFF_READERS, ADVERTISER_READERS), create: ADMINS, update: ADMINS, delete: ADMINS, recover: ADMINS },
});
