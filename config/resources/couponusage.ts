import { defineResource, t } from '../resource.ts';
import { ADVERTISER_WRITERS, STAFF_READERS, union } from '../access.ts';

/**
 * One redemption of a coupon by an advertiser (the coupon history, SPEC "coupon advertisers by coupon id").
 * Written only by the finances plugin together with the coupon's ledger entry; the unique index on
 * (advertiser, coupon) lets each advertiser use a coupon once, even under concurrent redeems.
 */
export default defineResource({
  name: 'couponusage',
  label: { de: { one: 'Gutscheineinlösung', many: 'Gutscheineinlösungen' }, en: { one: 'Coupon redemption', many: 'Coupon redemptions' } },
  archivable: false,
  fields: {
    coupon: { type: 'ref', ref: 'coupon', label: t('Gutschein', 'Coupon'), required: true, unique: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    transaction: { type: 'ref', ref: 'transaction', label: t('Transaktion', 'Transaction'), readOnly: true },
  },
  list: { columns: ['created', 'coupon', 'advertiser', 'transaction'], filters: ['coupon', 'advertiser'] },
  access: { read: union(STAFF_READERS, ADVERTISER_WRITERS), create: [], update: [], delete: [] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
