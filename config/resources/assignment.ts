import { defineResource, t } from '../resource.ts';
import { SYSOP } from '../access.ts';
import { ASSIGNMENT_STATUSES } from '../constants.ts';

/** Assigns a booking template to an advertiser; pushing it (assignment push) creates the booking. */
export default defineResource({
  name: 'assignment',
  label: { de: { one: 'Zuweisung', many: 'Zuweisungen' }, en: { one: 'Assignment', many: 'Assignments' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 200 },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    bookingtemplate: { type: 'ref', ref: 'bookingtemplate', label: t('Buchungsvorlage', 'Booking template') },
    start: { type: 'date', label: t('Start', 'Start') },
    end: { type: 'date', label: t('Ende', 'End') },
    dailyBudget: { type: 'money', label: t('Tagesbudget', 'Daily budget'), min: 0 },
    // The advertiser's banners the booking runs (the template has channels, no creatives).
    creatives: { type: 'refMany', ref: 'banner', label: t('Werbemittel', 'Creatives'), default: [] },
    status: { type: 'enum', label: t('Status', 'Status'), options: ASSIGNMENT_STATUSES, readOnly: true, default: 'open' },
    booking: { type: 'ref', ref: 'booking', label: t('Buchung', 'Booking'), readOnly: true },
    pushedAt: { type: 'datetime', label: t('Übertragen am', 'Pushed on'), readOnly: true },
  },
  list: { columns: ['name', 'advertiser', 'bookingtemplate', 'status', 'booking', 'pushedAt'], search: ['name'], filters: ['advertiser', 'bookingtemplate', 'status', 'booking'] },
  access: { read: SYSOP, create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
