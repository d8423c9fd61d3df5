import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';

/** An uploaded audio file for audio creatives. */
const MEDIA_STAFF = union(['systemoperator', 'wizard']);

export default defineResource({
  name: 'audio',
  label: { de: { one: 'Audio', many: 'Audios' }, en: { one: 'Audio', many: 'Audios' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    downloadLink: { type: 'url', label: t('Download-Link', 'Download link'), required: true, max: 2000 },
    duration: { type: 'number', label: t('Dauer (Sekunden)', 'Duration (seconds)'), min: 0 },
    mimeType: { type: 'enum', label: t('Dateityp', 'File type'), options: ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/aac'] },
    size: { type: 'integer', label: t('Dateigröße (Bytes)', 'File size (bytes)'), readOnly: true },
  },
  list: { columns: ['name', 'advertiser', 'duration', 'mimeType'], search: ['name'], filters: ['advertiser', 'mimeType'] },
  access: { read: MEDIA_STAFF, create: MEDIA_STAFF, update: ['systemoperator'], delete: ['systemoperator'], recover: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
