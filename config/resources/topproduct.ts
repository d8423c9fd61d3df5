import { defineResource, t } from '../resource.ts';
import { ADMINS, union } from '../access.ts';

/** The best products of a campaign's shop (generateTopProducts), used for product creatives and the optimizer. */
export default defineResource({
  name: 'topproduct',
  label: { de: { one: 'Top-Produkt', many: 'Top-Produkte' }, en: { one: 'Top product', many: 'Top products' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 500 },
    campaign: { type: 'ref', ref: 'campaign', label: t('Kampagne', 'Campaign'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser') },
    catalogProduct: { type: 'ref', ref: 'product', label: t('Katalogprodukt', 'Catalog product') },
    productId: { type: 'text', label: t('Produkt-ID', 'Product ID'), max: 200 },
    url: { type: 'url', label: t('Produkt-URL', 'Product URL'), max: 2000 },
    image: { type: 'url', label: t('Bild-URL', 'Image URL'), max: 2000 },
    rank: { type: 'integer', label: t('Rang', 'Rank'), min: 1 },
    views: { type: 'integer', label: t('Aufrufe', 'Views'), min: 0, default: 0 },
    orders: { type: 'integer', label: t('Bestellungen', 'Orders'), min: 0, default: 0 },
    revenue: { type: 'money', label: t('Umsatz', 'Revenue'), min: 0, default: 0 },
  },
  list: {
    columns: ['rank', 'name', 'campaign', 'productId', 'views', 'orders', 'revenue'],
    search: ['name', 'productId'],
    filters: ['campaign', 'advertiser', 'catalogProduct', 'productId'],
    defaultSort: ['rank', 'ASC'],
  },
  access: { read: union(ADMINS, ['affiliatemanager']), create: ['systemoperator'], update: ['systemoperator'], delete: ['systemoperator'], recover: ['systemoperator'] },
  tenant: { by: 'advertiser', field: 'advertiser' },
});
