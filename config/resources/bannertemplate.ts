import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { PLACEHOLDER_DECLARATIONS } from './jsonShapes.ts';
import { CHANNEL_KEYS } from '../channels.ts';

/**
 * An HTML template with `{{placeholder}}` fields and `{{#key}}...{{/key}}` sections from which the creative
 * service renders template_ad creatives (plugins/booking/server/creatives/templates.ts).
 */
export default defineResource({
  name: 'bannertemplate',
  label: { de: { one: 'Werbemittelvorlage', many: 'Werbemittelvorlagen' }, en: { one: 'Banner template', many: 'Banner templates' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    // Empty = a platform template (the creative service's default set of standard sizes); an advertiser's
    // own template of a size takes precedence. Advertiser-side users always create their own.
    advertiser: {
      type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'),
      help: t('Leer: Vorlage der Plattform für alle Werbetreibenden', 'Empty: a platform template for every advertiser'),
    },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 4000, default: 300 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 4000, default: 250 },
    html: { type: 'textarea', label: t('HTML', 'HTML'), max: 200000 },
    placeholder: { type: 'json', label: t('Platzhalter', 'Placeholders'), default: [], shape: PLACEHOLDER_DECLARATIONS },
    thumbnail: { type: 'url', label: t('Vorschaubild', 'Thumbnail'), max: 2000 },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: {
    columns: ['name', 'advertiser', 'width', 'height', 'active'], search: ['name'], filters: ['advertiser', 'active', 'channels'],
    columnRoles: { advertiser: { only: ['systemoperator'] } },
    filterRoles: { advertiser: { only: ['systemoperator'] } },
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    update: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    delete: union(ADMINS, ADVERTISER_WRITERS),
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
