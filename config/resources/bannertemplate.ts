import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { CHANNEL_KEYS } from '../channels.ts';

/** An HTML template with placeholders from which template_ad creatives are generated. */
export default defineResource({
  name: 'bannertemplate',
  label: { de: { one: 'Werbemittelvorlage', many: 'Werbemittelvorlagen' }, en: { one: 'Banner template', many: 'Banner templates' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 4000, default: 300 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 4000, default: 250 },
    html: { type: 'textarea', label: t('HTML', 'HTML'), max: 200000 },
    placeholder: { type: 'json', label: t('Platzhalter', 'Placeholders'), default: [] },
    thumbnail: { type: 'url', label: t('Vorschaubild', 'Thumbnail'), max: 2000 },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
  },
  list: {
    columns: ['name', 'advertiser', 'width', 'height', 'active'], search: ['name'], filters: ['advertiser', 'active', 'channels'],
    columnRoles: { advertiser: { only: ['systemoperator'] } },
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
