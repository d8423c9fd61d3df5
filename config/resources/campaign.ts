import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_READERS, STAFF_READERS, union } from '../access.ts';
import { BOOKING_STATUSES, HEALTH } from '../constants.ts';
import { DEFAULT_VALIDATION_DAYS } from '../approvals.ts';

export default defineResource({
  name: 'campaign',
  label: { de: { one: 'Kampagne', many: 'Kampagnen' }, en: { one: 'Campaign', many: 'Campaigns' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    booking: { type: 'ref', ref: 'booking', label: t('Buchung', 'Booking') },
    status: { type: 'enum', label: t('Status', 'Status'), options: BOOKING_STATUSES, default: 'pending' },
    start: { type: 'date', label: t('Start', 'Start') },
    end: { type: 'date', label: t('Ende', 'End') },
    budget: { type: 'money', label: t('Budget', 'Budget'), min: 0 },
    dailyBudget: { type: 'money', label: t('Tagesbudget', 'Daily budget'), min: 0 },
    budgetLeft: { type: 'money', label: t('Restbudget', 'Budget left'), readOnly: true },
    channels: {
      type: 'json', label: t('Kanäle', 'Channels'), default: [],
      shape: { kind: 'list', parts: [{ key: 'name', type: 'channel', label: t('Kanal', 'Channel'), required: true }, { key: 'amount', type: 'number', label: t('Budget', 'Budget'), min: 0 }] },
    },
    health: { type: 'enum', label: t('Zustand', 'Health'), options: HEALTH },
    pauseType: { type: 'text', label: t('Pausenart', 'Pause type'), max: 40 },
    pauseDate: { type: 'datetime', label: t('Pausiert am', 'Paused on') },
    manager: { type: 'ref', ref: 'login', label: t('Manager', 'Manager') },
    isapp: { type: 'boolean', label: t('App-Kampagne', 'App campaign'), default: false },
    /**
     * The Instant Report's buttons to Conversion Approval and Click Approval (SPEC section 2, issue 14): staff set
     * them; the approval screens themselves stay open to the campaign's advertiser and staff either way.
     */
    conversionApproval: {
      type: 'boolean', label: t('Conversion-Freigabe', 'Conversion approval'), default: false, writeRoles: ADMINS,
      help: t('Zeigt im Instant Report die Schaltfläche Conversion-Freigabe.', 'Shows the Conversion approval button on the Instant Report.'),
    },
    clickApproval: {
      type: 'boolean', label: t('Klick-Freigabe', 'Click approval'), default: false, writeRoles: ADMINS,
      help: t('Zeigt im Instant Report die Schaltfläche Klick-Freigabe.', 'Shows the Click approval button on the Instant Report.'),
    },
    /**
     * Authorize, then capture (issue 33): how many days a pending conversion or click of an approval campaign waits
     * for a decision before the platform approves it, so nothing stays reserved for ever.
     */
    validationDays: {
      type: 'integer', label: t('Prüffrist (Tage)', 'Validation window (days)'), min: 1, max: 365, default: DEFAULT_VALIDATION_DAYS, writeRoles: ADMINS,
      help: t('Offene Conversions und Klicks werden nach dieser Frist automatisch freigegeben.', 'Pending conversions and clicks are approved automatically after this window.'),
    },
    invoiceItemName: { type: 'text', label: t('Alternativer Rechnungsname', 'Alternative invoice name'), max: 200 },
    impressions: { type: 'integer', label: t('Impressionen', 'Impressions'), readOnly: true, default: 0, noIndex: true },
    clicks: { type: 'integer', label: t('Klicks', 'Clicks'), readOnly: true, default: 0, noIndex: true },
    cost: { type: 'money', label: t('Kosten', 'Cost'), readOnly: true, default: 0, noIndex: true },
    pcConversions: { type: 'integer', label: t('PC-Conversions', 'PC conversions'), readOnly: true, default: 0 },
    pvConversions: { type: 'integer', label: t('PV-Conversions', 'PV conversions'), readOnly: true, default: 0 },
    /** Channels whose publishing jobs failed (the booking is published with errors; technicians are informed). */
    failedChannels: { type: 'stringList', label: t('Fehlgeschlagene Kanäle', 'Failed channels'), readOnly: true, default: [] },
  },
  list: {
    columns: ['name', 'advertiser', 'status', 'start', 'end', 'runtime', 'invoiceItemName', 'budget', 'impressions', 'clicks', 'cost'],
    periods: { runtime: { label: t('Laufzeit', 'Runtime'), from: 'start', to: 'end' } },
    columnRoles: { runtime: { only: ['accounting'] }, invoiceItemName: { only: ['accounting'] } },
    editVia: { field: 'booking', resource: 'booking' },
    // SPEC section 6: accounting gets no campaign stats.
    rowLinks: [{ to: '/campaign/stats/:id', label: 'app.instant_report.title', hiddenFor: ['accounting'] }],
    filters: ['advertiser', 'booking', 'status', 'health', 'manager', 'isapp'],
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_READERS),
    create: union(ADMINS, ['campaignmanager']),
    update: union(ADMINS, ['campaignmanager']),
    delete: ADMINS,
    recover: ADMINS,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  lookup: {
    bookings: { resource: 'booking', field: 'campaign' },
    lineitems: { resource: 'lineitem', field: 'campaign' },
    banners: { resource: 'banner', field: 'campaign' },
  },
});
