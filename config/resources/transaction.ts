import { defineResource, t } from '../resource.ts';
import { ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';
import { TRANSACTION_TYPES } from '../constants.ts';
import { inSentence, text } from '../i18n/serverText.ts';
import { valueLabel } from '../i18n/values.ts';

/** Signs each ledger entry type must have: credit comes in positive, spend goes out negative. */
const SIGN: Record<string, 1 | -1 | 0> = { topup: 1, coupon: 1, spend: -1, refund: 0, vat: 0 };

/**
 * One entry of an advertiser's ledger; the balance is the sum of the entries. Entries are never archived:
 * a mistake is corrected by a new entry. Viewers see no balance (SPEC section 6), so no ledger either.
 */
export default defineResource({
  name: 'transaction',
  label: { de: { one: 'Buchungsvorgang', many: 'Transaktionen' }, en: { one: 'Transaction', many: 'Transactions' } },
  archivable: false,
  titleField: 'description',
  fields: {
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    type: { type: 'enum', label: t('Art', 'Type'), options: TRANSACTION_TYPES, required: true },
    amount: { type: 'money', label: t('Betrag', 'Amount'), required: true, noIndex: true },
    description: { type: 'text', label: t('Beschreibung', 'Description'), required: true, min: 1, max: 500, translatedFrom: 'descriptionText' },
    descriptionText: { type: 'json', label: t('Beschreibung als Katalogtext', 'Description as catalogue text'), private: true },
    reference: { type: 'text', label: t('Referenz', 'Reference'), max: 200 },
    idempotencyKey: { type: 'text', label: t('Idempotenzschlüssel', 'Idempotency key'), min: 1, max: 200, unique: true },
    coupon: { type: 'ref', ref: 'coupon', label: t('Gutschein', 'Coupon') },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
  },
  list: {
    columns: ['created', 'advertiser', 'type', 'amount', 'description', 'reference'],
    search: ['description', 'reference'],
    filters: ['advertiser', 'type', 'campaign', 'coupon', 'reference'],
  },
  // Append-only through the generic API: every entry is written by plugins/finances, which updates the
  // advertiser's balance in the same database transaction (a generic write would break balance = ledger sum).
  access: {
    read: union(STAFF_READERS, ADVERTISER_WRITERS),
    create: [],
    update: [],
    delete: [],
  },
  tenant: { by: 'advertiser', field: 'advertiser' },
  hooks: {
    validate({ values, before }) {
      const type = (values.type ?? before?.type) as string | undefined;
      const amount = Number(values.amount ?? before?.amount);
      if (!type || !Number.isFinite(amount)) return [];
      if (amount === 0) return [{ field: 'amount', message: text('resources.transaction.zero') }];
      const sign = SIGN[type];
      if (sign === 1 && amount < 0) return [{ field: 'amount', message: text('resources.transaction.positive', { type: inSentence(valueLabel(type)) }) }];
      if (sign === -1 && amount > 0) return [{ field: 'amount', message: text('resources.transaction.negative') }];
      return [];
    },
  },
});
