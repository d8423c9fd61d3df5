import { defineResource, t } from '../resource.ts';
import { STAFF_READERS, union } from '../access.ts';
import { EARNING_TYPES } from '../constants.ts';
import { text } from '../i18n/serverText.ts';

/**
 * One entry of a publisher's ledger (/p/finances): earnings from the campaigns it promotes come in positive,
 * payouts go out negative; the publisher's balance is the sum. Written by the platform, never through the
 * generic API, and never archived: a mistake is corrected by a new entry.
 */
export default defineResource({
  name: 'earning',
  label: { de: { one: 'Einnahme', many: 'Einnahmen und Auszahlungen' }, en: { one: 'Earning', many: 'Earnings and payouts' } },
  archivable: false,
  titleField: 'description',
  fields: {
    publisher: { type: 'ref', ref: 'publisher', label: t('Publisher', 'Publisher'), required: true },
    type: { type: 'enum', label: t('Art', 'Type'), options: EARNING_TYPES, required: true },
    amount: { type: 'money', label: t('Betrag', 'Amount'), required: true },
    description: { type: 'text', label: t('Beschreibung', 'Description'), required: true, min: 1, max: 500, translatedFrom: 'descriptionText' },
    descriptionText: { type: 'json', label: t('Beschreibung als Katalogtext', 'Description as catalogue text'), private: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign') },
    reference: { type: 'text', label: t('Referenz', 'Reference'), max: 200 },
  },
  list: {
    columns: ['created', 'type', 'amount', 'description', 'reference'],
    search: ['description', 'reference'],
    filters: ['publisher', 'type'],
  },
  access: { read: union(STAFF_READERS, ['publisher']), create: [], update: [], delete: [] },
  tenant: { by: 'publisher', field: 'publisher' },
  hooks: {
    validate({ values, before }) {
      const type = (values.type ?? before?.type) as string | undefined;
      const amount = Number(values.amount ?? before?.amount);
      if (!type || !Number.isFinite(amount)) return [];
      if (type === 'earning' && amount <= 0) return [{ field: 'amount', message: text('resources.earning.positive') }];
      if (type === 'payout' && amount >= 0) return [{ field: 'amount', message: text('resources.earning.negative') }];
      return [];
    },
  },
});
