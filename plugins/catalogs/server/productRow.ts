/**
 * A feed row as a product (config/resources/product.ts): its values found under the names feeds commonly use
 * (Google Shopping, affiliate networks' CSV, German shop exports), checked as the product's fields are. A row
 * with a problem is not imported; its problems are reported with its line.
 */
import { text, type ServerText } from '@adsuite/backend/kit';

export interface ProductValues {
  productId: string;
  name: string;
  url: string | null;
  image: string | null;
  /** Cents. */
  price: number | null;
  salePrice: number | null;
  brand: string | null;
  category: string | null;
  description: string | null;
  available: boolean;
}

/** The names a feed may give each value, in order of preference (lower case, no namespace prefix). */
export const FEED_NAMES: Record<keyof ProductValues, string[]> = {
  productId: ['id', 'product_id', 'productid', 'sku', 'aid', 'article_id', 'articleid', 'artikelnummer', 'item_id', 'offer_id', 'offerid', 'merchant_product_id', 'ean'],
  name: ['name', 'title', 'product_name', 'productname', 'bezeichnung', 'produktname', 'titel'],
  url: ['url', 'link', 'deeplink', 'deep_link', 'product_url', 'producturl', 'aw_deep_link', 'merchant_deep_link'],
  image: ['image', 'image_link', 'image_url', 'imageurl', 'img', 'picture', 'bild', 'merchant_image_url', 'aw_image_url'],
  price: ['price', 'preis', 'search_price', 'display_price', 'amount'],
  salePrice: ['sale_price', 'saleprice', 'special_price', 'angebotspreis', 'price_sale'],
  brand: ['brand', 'manufacturer', 'marke', 'hersteller', 'brand_name'],
  category: ['category', 'product_type', 'google_product_category', 'kategorie', 'merchant_category', 'category_name'],
  description: ['description', 'beschreibung', 'desc', 'product_description'],
  available: ['availability', 'available', 'in_stock', 'stock_status', 'verfuegbarkeit', 'verfügbarkeit'],
};

const LIMITS = { productId: 200, name: 500, brand: 200, category: 500, description: 10_000, url: 2000 };
const NOT_AVAILABLE = new Set(['out of stock', 'out_of_stock', 'outofstock', 'no', 'false', '0', 'nein', 'nicht verfügbar', 'ausverkauft', 'discontinued', 'sold out']);

/** The first name of `names` the feed's columns hold. */
export function columnOf(columns: readonly string[], names: readonly string[]): string | undefined {
  return names.find((name) => columns.includes(name));
}

/** Characters PostgreSQL cannot store in a text (NUL) are dropped; blanks around are trimmed. */
const clean = (value: string | undefined) => (value ?? '').replace(/\u0000/g, '').trim();
const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

function httpUrl(value: string): boolean {
  if (value.length > LIMITS.url) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * An amount as feeds write it ('19.99', '19,99 EUR', '1.234,56 €', 'EUR 1,234.56') in cents, or null when the value
 * is empty; NaN when it is no amount.
 */
export function centsOf(value: string): number | null {
  if (value.trim() === '') return null;
  const raw = value.replace(/[^\d.,-]/g, '');
  if (raw.includes('-')) return Number.NaN;
  let normal = raw;
  const comma = raw.lastIndexOf(',');
  const dot = raw.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    normal = comma > dot ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  } else if (comma >= 0 || dot >= 0) {
    const mark = comma >= 0 ? ',' : '.';
    const parts = raw.split(mark);
    // One mark with up to two digits after it is the decimal mark; else the marks group thousands.
    normal = parts.length === 2 && parts[1].length <= 2 ? `${parts[0]}.${parts[1]}` : parts.join('');
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return Number.NaN;
  const euros = Number(normal);
  return Number.isFinite(euros) && euros < 1e10 ? Math.round(euros * 100) : Number.NaN;
}

export type RowResult = { ok: true; product: ProductValues } | { ok: false; productId: string | null; problems: ServerText[] };

/** The product of a row whose values are named as `names` found them (FEED_NAMES resolved against the feed's columns). */
export function productOf(values: Record<string, string>, names: Partial<Record<keyof ProductValues, string>>): RowResult {
  const get = (key: keyof ProductValues) => {
    const name = names[key];
    return name === undefined ? '' : clean(values[name]);
  };
  const problems: ServerText[] = [];
  const productId = get('productId');
  if (productId === '') problems.push(text('catalogs.line.missing_id'));
  else if (productId.length > LIMITS.productId) problems.push(text('catalogs.line.long_id'));
  const name = clip(get('name'), LIMITS.name);
  if (name === '') problems.push(text('catalogs.line.missing_name'));
  const url = get('url');
  if (url !== '' && !httpUrl(url)) problems.push(text('catalogs.line.bad_url'));
  const image = get('image');
  if (image !== '' && !httpUrl(image)) problems.push(text('catalogs.line.bad_image'));
  const price = centsOf(get('price'));
  if (Number.isNaN(price)) problems.push(text('catalogs.line.bad_price', { value: clip(get('price'), 40) }));
  const salePrice = centsOf(get('salePrice'));
  if (Number.isNaN(salePrice)) problems.push(text('catalogs.line.bad_sale_price', { value: clip(get('salePrice'), 40) }));
  const validId = productId !== '' && productId.length <= LIMITS.productId ? productId : null;
  if (problems.length) return { ok: false, productId: validId, problems };
  const optional = (key: 'brand' | 'category' | 'description') => clip(get(key), LIMITS[key]) || null;
  return {
    ok: true,
    product: {
      productId, name, url: url || null, image: image || null, price, salePrice,
      brand: optional('brand'), category: optional('category'), description: optional('description'),
      available: !NOT_AVAILABLE.has(get('available').toLowerCase()),
    },
  };
}

/** Which of the feed's names hold which value (FEED_NAMES against the columns the feed has). */
export function namesOf(columns: readonly string[]): Partial<Record<keyof ProductValues, string>> {
  const names: Partial<Record<keyof ProductValues, string>> = {};
  for (const [key, candidates] of Object.entries(FEED_NAMES) as [keyof ProductValues, string[]][]) {
    const found = columnOf(columns, candidates);
    if (found) names[key] = found;
  }
  return names;
}
