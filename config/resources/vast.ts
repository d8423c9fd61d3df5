import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';

/** A VAST video ad tag: hosted XML built from a video, or a third-party tag URL. */
const MEDIA_STAFF = union(['systemoperator', 'wizard']);

export default defineResource({
  name: 'vast',
  label: { de: { one: 'VAST-Tag', many: 'VAST-Tags' }, en: { one: 'VAST tag', many: 'VAST tags' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    video: { type: 'ref', ref: 'video', label: t('Video', 'Video') },
    vastUrl: { type: 'url', label: t('VAST-URL', 'VAST URL'), max: 2000 },
    xml: { type: 'textarea', label: t('VAST-XML', 'VAST XML'), max: 200000 },
    clickThrough: { type: 'url', label: t('Klick-Ziel', 'Click-through URL'), max: 2000 },
    duration: { type: 'integer', label: t('Dauer (Sekunden)', 'Duration (seconds)'), min: 1, max: 600 },
    skipOffset: { type: 'integer', label: t('Überspringbar nach (Sekunden)', 'Skippable after (seconds)'), min: 0, max: 600 },
    trackingEvents: { type: 'json', label: t('Tracking-Ereignisse', 'Tracking events'), default: {} },
  },
  list: { columns: ['name', 'advertiser', 'campaign', 'video', 'duration'], search: ['name', 'vastUrl'], filters: ['advertiser', 'campaign', 'video'] },
  access: { read: MEDIA_STAFF, create: MEDIA_STAFF, update: MEDIA_STAFF, delete: MEDIA_STAFF, recover: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
