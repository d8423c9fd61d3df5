import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';

/** An uploaded video file for video creatives, VAST tags and rich videos. */
const MEDIA_STAFF = union(['systemoperator', 'wizard']);

export default defineResource({
  name: 'video',
  label: { de: { one: 'Video', many: 'Videos' }, en: { one: 'Video', many: 'Videos' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    downloadLink: { type: 'url', label: t('Download-Link', 'Download link'), required: true, max: 2000 },
    thumbnail: { type: 'url', label: t('Vorschaubild', 'Thumbnail'), max: 2000 },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 8000 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 8000 },
    duration: { type: 'number', label: t('Dauer (Sekunden)', 'Duration (seconds)'), min: 0 },
    mimeType: { type: 'enum', label: t('Dateityp', 'File type'), options: ['video/mp4', 'video/webm', 'video/quicktime'] },
    size: { type: 'integer', label: t('Dateigröße (Bytes)', 'File size (bytes)'), readOnly: true },
  },
  list: { columns: ['name', 'advertiser', 'width', 'height', 'duration', 'mimeType'], search: ['name'], filters: ['advertiser', 'mimeType'] },
  access: { read: MEDIA_STAFF, create: MEDIA_STAFF, update: ['systemoperator'], delete: ['systemoperator'], recover: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
