import { defineResource, t } from '../resource.ts';
import { ADVERTISER_OWNED } from '../access.ts';

/** One product of an advertiser's catalog (imported from the feed or entered by hand). */
export default defineResource({
  name: 'product',
  label: { de: { one: 'Produkt', many: 'Produkte' }, en: { one: 'Product', many: 'Products' } },
  fields: {
    name: { type: 'text', label: t('Name', 'Name'), required: true, min: 1, max: 500 },
    catalog: { type: 'ref', ref: 'catalog', label: t('Katalog', 'Catalog'), required: true },
    advertiser: { type: 'ref', ref: 'advertiser', label: t('Werbetreibender', 'Advertiser'), required: true },
    productId: { type: 'text', label: t('Produkt-ID', 'Product ID'), required: true, min: 1, max: 200 },
    url: { type: 'url', label: t('Produkt-URL', 'Product URL'), max: 2000 },
    image: { type: 'url', label: t('Bild-URL', 'Image URL'), max: 2000 },
    price: { type: 'money', label: t('Preis', 'Price'), min: 0 },
    salePrice: { type: 'money', label: t('Angebotspreis', 'Sale price'), min: 0 },
    brand: { type: 'text', label: t('Marke', 'Brand'), max: 200 },
    category: { type: 'text', label: t('Kategorie', 'Category'), max: 500 },
    description: { type: 'textarea', label: t('Beschreibung', 'Description'), max: 10000 },
    available: { type: 'boolean', label: t('Verfügbar', 'Available'), default: true },
  },
  list: {
    columns: ['name', 'productId', 'catalog', 'price', 'salePrice', 'available'],
    search: ['name', 'productId', 'brand', 'category'],
    filters: ['catalog', 'advertiser', 'available', 'productId'],
  },
  access: ADVERTISER_OWNED,
  tenant: { by: 'advertiser', field: 'advertiser' },
});
