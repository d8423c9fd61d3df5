import { defineResource, t, type HookError } from '../resource.ts';
import { ADMINS, ADVERTISER_WRITERS, STAFF_READERS, SYSOP, union } from '../access.ts';
import { INVOICE_STATUSES } from '../constants.ts';
import { text } from '../i18n/serverText.ts';

/** Gross must be net plus VAT (all in cents here: hooks see stored values). */
export function grossErrors(values: Record<string, unknown>, before?: Record<string, unknown>): HookError[] {
  const pick = (key: string) => (values[key] !== undefined ? values[key] : before?.[key]);
  const [net, vat, gross] = ['net', 'vat', 'gross'].map((key) => pick(key));
  if (net == null || vat == null || gross == null) return [];
  return Number(net) + Number(vat) === Number(gross) ? [] : [{ field: 'gross', message: text('resources.document.gross') }];
}

/** An invoice to an advertiser (download, list, search, status). Viewers see no finances. */
export default defineResource({
  name: 'invoice',
  label: { de: { one: 'Rechnung', many: 'Rechnungen' }, en: { one: 'Invoice', many: 'Invoices' } },
  titleField: 'number',
  fields: {
    number: { type: 'text', label: t('Rechnungsnummer', 'Invoice number'), required: true, min: 1, max: 60, unique: true },
    date: { type: 'date', label: t('Rechnungsdatum', 'Invoice date'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    net: { type: 'money', label: t('Netto', 'Net'), required: true },
    vat: { type: 'money', label: t('USt.', 'VAT'), required: true, default: 0 },
    gross: { type: 'money', label: t('Brutto', 'Gross'), required: true },
    status: { type: 'enum', label: t('Status', 'Status'), options: INVOICE_STATUSES, required: true, default: 'open' },
    transaction: { type: 'ref', ref: 'transaction', label: t('Transaktion', 'Transaction') },
    dueDate: { type: 'date', label: t('Fällig am', 'Due date') },
    downloadLink: { type: 'url', label: t('PDF', 'PDF'), max: 2000 },
  },
  list: {
    columns: ['number', 'date', 'advertiser', 'net', 'vat', 'gross', 'status'],
    search: ['number'],
    filters: ['advertiser', 'status', 'transaction', 'date'],
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
