import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';
import { text } from '../i18n/serverText.ts';

/** A CDP segment of an advertiser's visitors, targeted by bookings (cdpSegments). */
export default defineResource({
  name: 'segment',
  label: { de: { one: 'Segment', many: 'Segmente' }, en: { one: 'Segment', many: 'Segments' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 2, max: 200 },
    identifier: {
      type: 'text', label: t('Kennung', 'Identifier'), required: true, min: 1, max: 100, unique: true,
      uniqueMessage: text('resources.segment.identifier_unique'),
      help: t('Muss innerhalb des Werbetreibenden eindeutig sein.', 'The identifier must be unique within the advertiser.'),
    },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 2000 },
    rules: { type: 'json', label: t('Regeln', 'Rules'), default: [] },
    size: { type: 'integer', label: t('Größe', 'Size'), readOnly: true, default: 0 },
  },
  list: {
    columns: ['name', 'identifier', 'advertiser', 'size'], search: ['name', 'identifier'], filters: ['advertiser', 'identifier'],
    columnRoles: { advertiser: { only: ['systemoperator'] } },
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
});
