import { defineResource, t } from '../resource.ts';
import { STAFF_READERS, union } from '../access.ts';
import { PAYOUT_STATUSES } from '../payouts.ts';

/**
 * A publisher's request to pay out its approved earnings (config/payouts.ts), and once paid its credit note
 * (Gutschrift: `number`, the PDF at /api/payout/{id}/download). Written only by the finances plugin's payout
 * routes, which check the balance under the publisher's lock; never through the generic API, never archived.
 */
export default defineResource({
  name: 'payout',
  label: { de: { one: 'Auszahlung', many: 'Auszahlungen' }, en: { one: 'Payout', many: 'Payouts' } },
  archivable: false,
  titleField: 'number',
  fields: {
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), required: true },
    amount: { type: 'money', label: t('Betrag', 'Amount'), required: true, min: 0 },
    status: { type: 'enum', label: t('Status', 'Status'), options: PAYOUT_STATUSES, required: true, default: 'open' },
    requestedBy: { type: 'ref', ref: 'login', label: t('Angefordert von', 'Requested by'), readOnly: true },
    paidAt: { type: 'datetime', label: t('Bezahlt am', 'Paid on'), readOnly: true },
    paidBy: { type: 'ref', ref: 'login', label: t('Bezahlt von', 'Paid by'), readOnly: true },
    earning: { type: 'ref', ref: 'earning', label: t('Buchung', 'Ledger entry'), readOnly: true },
    number: { type: 'text', label: t('Gutschriftsnummer', 'Credit note number'), max: 60, readOnly: true },
  },
  list: {
    columns: ['created', 'publisher', 'amount', 'status', 'number', 'paidAt'],
    search: ['number'],
    filters: ['publisher', 'status'],
    defaultSort: ['created', 'DESC'],
  },
  access: { read: union(STAFF_READERS, ['publisher']), create: [], update: [], delete: [] },
  tenant: { by: 'publisher', field: 'publisher' },
});
