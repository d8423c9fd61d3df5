import { defineResource, t } from '../resource.ts';
import { STAFF_READERS, SYSOP } from '../access.ts';

export default defineResource({
  name: 'coupon',
  label: { de: { one: 'Gutschein', many: 'Gutscheine' }, en: { one: 'Coupon', many: 'Coupons' } },
  fields: {
    name: { type: 'text', label: t('Code', 'Code'), required: true, min: 3, max: 40, unique: true },
    amount: { type: 'money', label: t('Gutschrift', 'Credit'), required: true, min: 0.01 },
    minDeposit: { type: 'money', label: t('Mindesteinzahlung', 'Minimum deposit'), min: 0, default: 0 },
    validUntil: { type: 'date', label: t('Gültig bis', 'Valid until') },
    active: { type: 'boolean', label: t('Aktiv', 'Active'), default: true },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 2000 },
  },
  list: {
    columns: ['name', 'amount', 'minDeposit', 'validUntil', 'active'], filters: ['active'],
    // Who redeemed it when (SPEC "coupon history"), in a modal over the list (plugins/creatives).
    rowLinks: [{ to: '/coupon/history/:id', label: 'app.creatives.coupon_history.open' }],
  },
  access: { read: STAFF_READERS, create: SYSOP, update: SYSOP, delete: SYSOP, recover: SYSOP },
});
