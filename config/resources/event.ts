import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';
import { EVENT_CLASSES } from '../constants.ts';

/** Onsite events the container script sends (Expert Analytics links to /events?campaign=&cls=). Raw data, kept 120 days. */
const EVENT_STAFF = union(['systemoperator', 'wizard']);

export default defineResource({
  name: 'event',
  label: { de: { one: 'Ereignis', many: 'Ereignisse' }, en: { one: 'Event', many: 'Events' } },
  archivable: false,
  titleField: 'cls',
  fields: {
    cls: { type: 'enum', label: t('Klasse', 'Class'), options: EVENT_CLASSES, required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    host: { type: 'text', label: t('Host', 'Host'), max: 253 },
    url: { type: 'text', label: t('Seite', 'Page'), max: 2000 },
    referer: { type: 'text', label: t('Referrer', 'Referer'), max: 2000 },
    productId: { type: 'text', label: t('Produkt-ID', 'Product ID'), max: 200 },
    orderId: { type: 'text', label: t('Bestell-ID', 'Order ID'), max: 200 },
    value: { type: 'money', label: t('Wert', 'Value') },
    visitor: { type: 'text', label: t('Besucher', 'Visitor'), max: 100 },
    data: { type: 'json', label: t('Daten', 'Data'), default: {} },
  },
  list: {
    columns: ['created', 'cls', 'campaign', 'host', 'url', 'productId', 'orderId', 'value'],
    search: ['url', 'productId', 'orderId', 'host'],
    filters: ['cls', 'campaign', 'advertiser', 'host', 'productId', 'orderId'],
  },
  access: { read: EVENT_STAFF, create: ['systemoperator'], delete: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
