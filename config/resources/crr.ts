import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';

/** Cost-revenue ratio of one campaign on one day, computed by the daily calculation (optimizer CRR modal). */
export default defineResource({
  name: 'crr',
  label: { de: { one: 'Kosten-Umsatz-Tag', many: 'Kosten-Umsatz-Verhältnisse' }, en: { one: 'Cost-revenue day', many: 'Cost-revenue ratios' } },
  archivable: false,
  titleField: 'day',
  fields: {
    day: { type: 'date', label: t('Tag', 'Day'), required: true },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    impressions: { type: 'integer', label: t('Impressionen', 'Impressions'), min: 0, default: 0 },
    clicks: { type: 'integer', label: t('Klicks', 'Clicks'), min: 0, default: 0 },
    conversions: { type: 'integer', label: t('Conversions', 'Conversions'), min: 0, default: 0 },
    totalRevenue: { type: 'money', label: t('Umsatz', 'Total revenue'), default: 0 },
    totalCost: { type: 'money', label: t('Kosten', 'Total cost'), default: 0 },
  },
  list: {
    columns: ['day', 'campaign', 'impressions', 'clicks', 'conversions', 'totalRevenue', 'totalCost'],
    search: [],
    filters: ['campaign', 'advertiser', 'day'],
    defaultSort: ['day', 'DESC'],
  },
  access: { read: union(ADMINS, ['affiliatemanager', 'wizard']), create: ADMINS, update: ADMINS, delete: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
