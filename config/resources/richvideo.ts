import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { PLACEHOLDER_VALUES } from './jsonShapes.ts';

/** A rich video creative built from a rich video template. */
export default defineResource({
  name: 'richvideo',
  label: { de: { one: 'Rich Video', many: 'Rich Videos' }, en: { one: 'Rich video', many: 'Rich videos' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    template: { type: 'ref', ref: 'richvideotemplate', label: t('Vorlage', 'Template') },
    videoUrl: { type: 'url', label: t('Video-URL', 'Video URL'), max: 2000 },
    clickUrl: { type: 'url', label: t('Klick-URL', 'Click URL'), max: 2000 },
    thumbnail: { type: 'url', label: t('Vorschaubild', 'Thumbnail'), max: 2000 },
    width: { type: 'integer', label: t('Breite', 'Width'), min: 1, max: 4000, default: 640 },
    height: { type: 'integer', label: t('Höhe', 'Height'), min: 1, max: 4000, default: 360 },
    duration: { type: 'integer', label: t('Dauer (Sekunden)', 'Duration (seconds)'), min: 1, max: 600 },
    placeholder: { type: 'json', label: t('Platzhalter', 'Placeholders'), default: [], shape: PLACEHOLDER_VALUES },
  },
  list: { columns: ['name', 'advertiser', 'campaign', 'template', 'width', 'height', 'duration'], search: ['name'], filters: ['advertiser', 'campaign', 'template'] },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
});
