import { defineResource, t } from '../resource.ts';
import { union } from '../access.ts';
import { EVENT_CLASSES, TRACKING_EVENT_KINDS, TRACKING_SOURCES, ATTRIBUTIONS } from '../constants.ts';
import { INVALID_REASONS, INVALID_REASON_LABELS } from '../invalidTraffic.ts';

/**
 * The raw tracking events (plugins/tracking): ad views and clicks, the container script's onsite events,
 * conversions and the hourly delivery reports of external networks. One table partitioned by day
 * (migration 0009), written only by the tracking pipeline, kept 120 days (SPEC section 9). Expert Analytics
 * links to /events?campaign=&cls=; the list reads at most 3 days (SPEC section 5), the last 3 by default.
 * Visitor and IP are never stored in clear: `visitor` is the ad server's random cookie id (or a salted IP hash
 * rotating daily), `ipHash` that daily hash. `invalid` is why an event is not billed (config/invalidTraffic.ts), NULL
 * when it is valid; its partial index (migration after-0009) holds only the invalid events.
 */
const EVENT_STAFF = union(['systemoperator', 'wizard']);

export default defineResource({
  name: 'event',
  label: { de: { one: 'Ereignis', many: 'Ereignisse' }, en: { one: 'Event', many: 'Events' } },
  archivable: false,
  titleField: 'kind',
  fields: {
    kind: { type: 'enum', label: t('Art', 'Kind'), options: TRACKING_EVENT_KINDS, required: true, readOnly: true },
    cls: { type: 'enum', label: t('Klasse', 'Class'), options: EVENT_CLASSES, readOnly: true },
    day: { type: 'date', label: t('Tag', 'Day'), readOnly: true },
    // Line item, creative and publisher have no index of their own: every insert would write it, and every reader
    // reads one advertiser's days (the list's 3 days, approvals by campaign); the networks' last delivery per line
    // item has a small index of its own (migration after-0005). The campaign's index holds only the events that have
    // one (migration after-0007): the onsite events no ad led to have none.
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true, readOnly: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), readOnly: true, noIndex: true },
    lineitem: { type: 'ref', ref: 'lineitem', label: t('Line Item', 'Line item'), readOnly: true, noIndex: true },
    banner: { type: 'ref', ref: 'banner', label: t('Werbemittel', 'Creative'), readOnly: true, noIndex: true },
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), readOnly: true, noIndex: true },
    channel: { type: 'text', label: t('Kanal', 'Channel'), max: 60, readOnly: true, labelled: true },
    website: { type: 'text', label: t('Website', 'Website'), max: 253, readOnly: true },
    host: { type: 'text', label: t('Host', 'Host'), max: 253, readOnly: true },
    url: { type: 'text', label: t('Seite', 'Page'), max: 2000, readOnly: true },
    referer: { type: 'text', label: t('Referrer', 'Referer'), max: 2000, readOnly: true },
    productId: { type: 'text', label: t('Produkt-ID', 'Product ID'), max: 200, readOnly: true },
    orderId: { type: 'text', label: t('Bestell-ID', 'Order ID'), max: 200, readOnly: true },
    value: { type: 'money', label: t('Wert', 'Value'), readOnly: true },
    impressions: { type: 'integer', label: t('Impressionen', 'Impressions'), default: 0, readOnly: true },
    clicks: { type: 'integer', label: t('Klicks', 'Clicks'), default: 0, readOnly: true },
    /** Cost in thousandths of a cent (a CPM impression costs fractions of a cent); the ledger books whole cents per hour. */
    costMilli: { type: 'integer', label: t('Kosten (1/1000 Cent)', 'Cost (1/1000 cent)'), default: 0, readOnly: true },
    attribution: { type: 'enum', label: t('Zuordnung', 'Attribution'), options: ATTRIBUTIONS, readOnly: true },
    clickId: { type: 'text', label: t('Klick-ID', 'Click ID'), max: 60, readOnly: true },
    subid: { type: 'text', label: t('Sub-ID', 'Sub ID'), max: 200, readOnly: true },
    clientId: { type: 'text', label: t('Client-Ereignis-ID', 'Client event ID'), max: 100, readOnly: true },
    visitor: { type: 'text', label: t('Besucher', 'Visitor'), max: 100, readOnly: true },
    ipHash: { type: 'text', label: t('IP-Hash', 'IP hash'), max: 100, readOnly: true },
    bot: { type: 'boolean', label: t('Bot', 'Bot'), default: false, readOnly: true },
    billable: { type: 'boolean', label: t('Abgerechnet', 'Billed'), default: true, readOnly: true },
    invalid: { type: 'enum', label: t('Ungültig (Grund)', 'Invalid (reason)'), options: INVALID_REASONS, optionLabels: INVALID_REASON_LABELS, readOnly: true },
    source: { type: 'enum', label: t('Quelle', 'Source'), options: TRACKING_SOURCES, default: 'house', readOnly: true },
    data: { type: 'json', label: t('Daten', 'Data'), default: {}, readOnly: true },
  },
  list: {
    columns: ['created', 'kind', 'cls', 'campaign', 'channel', 'website', 'host', 'orderId', 'value', 'invalid'],
    search: [],
    // Sorted by time (and kind) only: every other sortable column would be one more index on every insert of the
    // busiest table (issue 12), for a list that shows at most 3 days of one advertiser, campaign or class.
    sort: ['kind'],
    filters: ['kind', 'cls', 'campaign', 'lineitem', 'banner', 'advertiser', 'publisher', 'channel', 'host', 'productId', 'orderId', 'day', 'bot', 'invalid', 'source'],
    window: { field: 'day', days: 3 },
  },
  access: { read: EVENT_STAFF },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
