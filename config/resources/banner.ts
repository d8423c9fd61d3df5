import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { BANNER_TYPES } from '../constants.ts';
import { CHANNEL_KEYS } from '../channels.ts';
import { MEDIA_SIZE, PLACEHOLDER_VALUES } from './jsonShapes.ts';

export default defineResource({
  name: 'banner',
  label: { de: { one: 'Werbemittel', many: 'Werbemittel' }, en: { one: 'Creative', many: 'Creatives' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    bannerType: { type: 'enum', label: t('Typ', 'Type'), options: BANNER_TYPES, required: true, default: 'image_ad' },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 4000, default: 300 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 4000, default: 250 },
    downloadLink: { type: 'url', label: t('Download-Link', 'Download link'), max: 2000 },
    thumbnail: { type: 'json', label: t('Vorschaubild', 'Thumbnail'), default: {}, shape: { kind: 'object', parts: MEDIA_SIZE } },
    video: {
      type: 'json', label: t('Video', 'Video'), default: {},
      shape: { kind: 'object', parts: [{ key: 'name', type: 'text', label: t('Name', 'Name') }, ...MEDIA_SIZE] },
    },
    graphic: {
      type: 'json', label: t('Grafik', 'Graphic'), default: {}, idsOf: { resource: 'graphic', key: 'id' },
      shape: { kind: 'object', parts: [{ key: 'id', type: 'ref', resource: 'graphic', label: t('Grafik', 'Graphic') }, { key: 'downloadLink', type: 'url', label: t('Download-Link', 'Download link') }] },
    },
    headlines: { type: 'stringList', label: t('Überschriften', 'Headlines'), default: [] },
    descriptions: { type: 'stringList', label: t('Beschreibungen', 'Descriptions'), default: [] },
    keywords: { type: 'text', label: t('Keywords', 'Keywords'), max: 4000, multiline: true },
    adCode: { type: 'textarea', label: t('Ad-Code', 'Ad code'), max: 100000 },
    placeholder: { type: 'json', label: t('Platzhalter', 'Placeholder'), default: [], shape: PLACEHOLDER_VALUES },
    /** The banner template a template_ad is rendered from (with `placeholder` as its values). */
    template: { type: 'ref', ref: 'bannertemplate', label: t('Vorlage', 'Template') },
    channels: { type: 'stringList', label: t('Kanäle', 'Channels'), options: CHANNEL_KEYS, default: [] },
    // The review of each channel is staff's (creative approval), never the advertiser's.
    reviews: { type: 'json', label: t('Prüfungen', 'Reviews'), default: {}, writeRoles: ADMINS, shape: { kind: 'reviews' } },
  },
  list: {
    columns: ['name', 'advertiser', 'bannerType', 'width', 'height', 'campaign'],
    filters: ['advertiser', 'campaign', 'bannerType'],
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['wizard', 'affiliatemanager'], ADVERTISER_WRITERS),
    update: union(ADMINS, ['wizard', 'affiliatemanager'], ADVERTISER_WRITERS),
    delete: union(ADMINS, ['wizard'], ADVERTISER_WRITERS),
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
