import { defineResource, t } from '../resource.ts';
import { ADMINS, ADVERTISER_WRITERS, STAFF_READERS, SYSOP, union } from '../access.ts';
import { INVOICE_STATUSES } from '../constants.ts';
import { grossErrors } from './invoice.ts';

/** A credit note to an advertiser, usually correcting an invoice. Viewers see no finances. */
export default defineResource({
  name: 'creditnote',
  label: { de: { one: 'Gutschrift', many: 'Gutschriften' }, en: { one: 'Credit note', many: 'Credit notes' } },
  titleField: 'number',
  fields: {
    number: { type: 'text', label: t('Gutschriftsnummer', 'Credit note number'), required: true, min: 1, max: 60, unique: true },
    date: { type: 'date', label: t('Datum', 'Date'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    invoice: { type: 'ref', ref: 'invoice', label: t('Rechnung', 'Invoice') },
    net: { type: 'money', label: t('Netto', 'Net'), required: true },
    vat: { type: 'money', label: t('USt.', 'VAT'), required: true, default: 0 },
    gross: { type: 'money', label: t('Brutto', 'Gross'), required: true },
    status: { type: 'enum', label: t('Status', 'Status'), options: INVOICE_STATUSES, required: true, default: 'open' },
    transaction: { type: 'ref', ref: 'transaction', label: t('Transaktion', 'Transaction') },
    reason: { type: 'textarea', label: t('Grund', 'Reason'), max: 2000 },
    downloadLink: { type: 'url', label: t('PDF', 'PDF'), max: 2000 },
  },
  list: {
    columns: ['number', 'date', 'advertiser', 'invoice', 'gross', 'status'],
    search: ['number', 'reason'],
    filters: ['advertiser', 'invoice', 'status', 'transaction', 'date'],
    defaultSort: ['date', 'DESC'],
  },
  access: {
    read: union(STAFF_READERS, ADVERTISER_WRITERS),
    create: union(ADMINS, ['accounting', 'billing']),
    update: union(ADMINS, ['accounting', 'billing']),
    delete: SYSOP,
    recover: SYSOP,
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: { validate: ({ values, before }) => grossErrors(values, before) },
});
