/**
 * The people in the demo history (history.ts): the house channels' ads are seen and clicked one by one, as the
 * ad server counts them (routes.ts: a `view` per ad shown, a `click` per click through the splitter, each with
 * the visitor's cookie id, the publisher and its website), by a pool of returning visitors per advertiser. A click
 * lands on the advertiser's shop, where the container script sends what the visitor does there (onsite events of
 * every class, with the click id the landing page carries). Each of them goes back to that click (post-click), and
 * those of a visitor who only saw an ad and comes back later to that view (post-view), as attribution.ts `attribute`
 * finds them: they are stored with the campaign, line item, creative, publisher, channel and website of that ad
 * (`touchOf`), and an order among them is besides that campaign's conversion. Besides, the shop has visitors who
 * came without an ad: their onsite events and orders belong to no campaign.
 *
 * Every figure comes from a stable pseudo-random draw (networks.ts `chance`) of the hour's delivery
 * (`hourFigures`): the same day gives the same history.
 */
import { type Attribution, touchOf } from './attribution.ts';
import { costMilli, type DeliveryLineItem } from './delivery.ts';
import { chance, hourFigures } from './networks.ts';
import { eventId, type TrackedEvent } from './pipeline.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Returning visitors per advertiser: each sees a few of its ads a day, many come back on later days. */
const VISITOR_POOL = 6_000;
/** The shop's visitors per day who came without an ad. */
const DIRECT_VISITS = 60;

/** A product of the shop: its id, price in cents and page. */
export interface ShopProduct { id: string; price: number; path: string }

/** The products of a shop without a catalog. */
export const DEFAULT_PRODUCTS: readonly ShopProduct[] = ([
  ['SKU-1001', 2_490], ['SKU-1002', 3_990], ['SKU-2040', 5_900], ['SKU-3300', 8_950], ['SKU-4711', 1_290], ['SKU-5150', 12_900],
] as const).map(([id, price]) => ({ id, price, path: `/product/${id}` }));
const ARTICLES = ['/', '/today', '/article/market-report', '/article/weekend-tips', '/article/best-of-2026', '/gallery/summer'];

/** A house line item delivering on an hour: where its ads are shown and what they cost. */
export interface HousePlacement {
  advertiser: string;
  campaign: string;
  lineitem: Pick<DeliveryLineItem, 'id' | 'bidType' | 'bidPrice' | 'fee'>;
  channel: string;
  banner: string | null;
  publisher: string | null;
  /** The publisher's websites the ads are shown on. */
  websites: readonly string[];
  /** The advertiser's shop (`https://host`), where clicks land; null when it has none. */
  shop: string | null;
  /** What the shop sells (its catalog's products). */
  products: readonly ShopProduct[];
  dailyBudget: number;
}

/** An advertiser's shop: where its visitors browse and what it sells. */
export interface Shop { advertiser: string; shop: string; products: readonly ShopProduct[] }

/** A view a visitor may order after (post-view), by advertiser. */
export interface SeenAd { visitor: string; at: number; placement: HousePlacement; website: string }

/** What a day of the history's visitors does: the events to write and the views orders may go back to. */
export interface Day {
  events: TrackedEvent[];
  views: SeenAd[];
}

const pick = <T>(list: readonly T[], key: string): T => list[Math.floor(chance(key) * list.length)];

const hex8 = (key: string) => Math.floor(chance(key) * 0x1_0000_0000).toString(16).padStart(8, '0');

/** The ad server's cookie id of the `n`th visitor of an advertiser's pool (a UUID, as routes.ts sets it). */
export function visitorId(advertiser: string, n: number): string {
  const hex = [0, 1, 2, 3].map((part) => hex8(`${advertiser}|visitor|${n}|${part}`)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The hour's views and clicks of a house line item, each click one event followed by its visit to the shop. With
 * `eachView` every view is one event too (by a visitor of the pool, who may click it); else the hour's views are one
 * count, as the ad server's hourly report of them (a delivery row), and the clicks come from the pool.
 */
export function houseHour(day: Day, placement: HousePlacement, hour: number, now: number, eachView: boolean): void {
  const { lineitem } = placement;
  const figures = hourFigures(lineitem, placement.dailyBudget, new Date(hour));
  const key = `${lineitem.id}|${hour}`;
  const end = Math.min(hour + HOUR_MS, now);
  const viewCost = costMilli(lineitem, 'view');
  const clickCost = costMilli(lineitem, 'click');
  const seenBy = (n: number, salt: string): SeenAd => ({
    visitor: visitorId(placement.advertiser, Math.floor(chance(`${key}|${n}|${salt}|who`) * VISITOR_POOL)), placement,
    at: hour + Math.floor(chance(`${key}|${n}|${salt}|at`) * HOUR_MS), website: pick(placement.websites, `${key}|${n}|${salt}|site`),
  });
  const views: SeenAd[] = [];
  if (eachView) {
    for (let n = 0; n < figures.impressions; n++) {
      const seen = seenBy(n, 'view');
      if (seen.at >= end) continue;
      views.push(seen);
      day.events.push({
        ...adEvent(placement, seen), kind: 'view', created: new Date(seen.at), costMilli: viewCost, data: { cookie: true },
        referer: `https://${seen.website}${pick(ARTICLES, `${key}|${n}|page`)}`,
      });
    }
    day.views.push(...views);
  } else if (hour + HOUR_MS <= now && figures.impressions > 0) {
    day.events.push({
      kind: 'delivery', source: 'house', advertiser: placement.advertiser, campaign: placement.campaign, lineitem: lineitem.id, banner: placement.banner,
      publisher: placement.publisher, channel: placement.channel, website: pick(placement.websites, `${key}|site`), impressions: figures.impressions,
      costMilli: figures.impressions * viewCost, created: new Date(hour + HOUR_MS - 60_000), clientId: `views:${lineitem.id}:${new Date(hour).toISOString()}`,
    });
  }
  for (let n = 0; n < figures.clicks; n++) {
    // A click follows a view of the hour, within a minute.
    const view = eachView ? views[Math.floor(chance(`${key}|${n}|click`) * views.length)] : seenBy(n, 'click');
    if (!view) break;
    const at = view.at + 2_000 + Math.floor(chance(`${key}|${n}|after`) * 60_000);
    if (at >= end) continue;
    const id = eventId(at);
    day.events.push({ ...adEvent(placement, view), id, kind: 'click', created: new Date(at), costMilli: clickCost, referer: `https://${view.website}/` });
    if (placement.shop) {
      shopVisit(day.events, { advertiser: placement.advertiser, shop: placement.shop, products: placement.products }, view.visitor, at, `${key}|${n}`,
        { click: id, placement, website: view.website, attribution: 'post_click' }, now);
    }
  }
}

/** The fields of an ad's view or click (routes.ts viewEvent, clickThrough). */
function adEvent(placement: HousePlacement, seen: Pick<SeenAd, 'visitor' | 'website'>): TrackedEvent {
  return {
    kind: 'view', source: 'house', advertiser: placement.advertiser, campaign: placement.campaign, lineitem: placement.lineitem.id, banner: placement.banner,
    publisher: placement.publisher, channel: placement.channel, website: seen.website, visitor: seen.visitor, billable: true,
  };
}

/** The ad an order goes back to: the click that brought the visitor, or a view it saw before. */
interface Origin {
  click: string | null;
  placement: HousePlacement;
  website: string;
  attribution: 'post_click' | 'post_view';
}

/** The ad an origin is, as attribution.ts finds it for the visitor's events. */
const attributionOf = ({ placement, website, attribution }: Origin): Attribution => ({
  attribution, campaign: placement.campaign, lineitem: placement.lineitem.id, banner: placement.banner, publisher: placement.publisher,
  channel: placement.channel, website,
});

/**
 * One visit on the shop as the container script reports it: a landing page, a few products, sometimes a search,
 * the catalogue or the wish list, and for some a cart, a checkout and an order; with an `origin` every event of it
 * carries that ad's campaign, and the order is also the conversion the pipeline attributes to it.
 */
export function shopVisit(events: TrackedEvent[], where: Shop, visitor: string, start: number, key: string, origin: Origin | null, now: number): void {
  const { advertiser, shop, products } = where;
  let at = start + 1_000;
  const host = new URL(shop).hostname;
  const touch = origin ? touchOf(attributionOf(origin)) : {};
  const onsite = (cls: string, path: string, extra: Partial<TrackedEvent> = {}) => {
    at += 8_000 + Math.floor(chance(`${key}|${cls}|${at}|wait`) * 110_000);
    if (at >= now) return false;
    events.push({
      kind: 'event', cls, advertiser, host, url: `${shop}${path}`, visitor, created: new Date(at), clickId: origin?.click ?? null,
      referer: origin?.click ? `https://${origin.website}/` : null, ...touch, ...extra,
    });
    return true;
  };
  const first = pick(products, `${key}|first`);
  if (chance(`${key}|lands`) < 0.55) onsite('product', first.path, { productId: first.id, value: first.price });
  else onsite('front', '/');
  if (chance(`${key}|search`) < 0.2) onsite('search', `/search?q=${encodeURIComponent(pick(['sale', 'summer', 'shoes', 'garden'], `${key}|q`))}`);
  if (chance(`${key}|catalog`) < 0.35) onsite('catalog', `/category/${pick(['new', 'sale', 'bestsellers'], `${key}|category`)}`);
  const browsed = Math.floor(chance(`${key}|browsed`) * 4);
  const seen: ShopProduct[] = [first];
  for (let n = 0; n < browsed; n++) {
    const product = pick(products, `${key}|product|${n}`);
    seen.push(product);
    onsite('product', product.path, { productId: product.id, value: product.price });
  }
  if (chance(`${key}|wish`) < 0.08) onsite('wishlist', '/wishlist', { productId: seen[seen.length - 1].id });
  if (chance(`${key}|newsletter`) < 0.05) onsite('generic', '/newsletter', { data: { action: 'newsletter_signup' } });
  if (chance(`${key}|cart`) >= 0.2) return;
  const basket = seen.slice(0, 1 + Math.floor(chance(`${key}|items`) * Math.min(3, seen.length)));
  const value = basket.reduce((sum, product) => sum + product.price, 0);
  onsite('cart', '/cart', { productId: basket[0].id, value });
  if (chance(`${key}|checkout`) >= 0.65) return;
  onsite('checkout', '/checkout', { value });
  if (chance(`${key}|order`) >= 0.6) return;
  const orderId = `DEMO-${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}-${hex8(`${key}|order|a`)}${hex8(`${key}|order|b`)}`.toUpperCase();
  if (!onsite('order', '/checkout/thank-you', { orderId, value })) return;
  if (!origin) return;
  events.push({
    kind: 'conversion', cls: 'order', source: 'house', advertiser, ...touch, created: new Date(at), orderId, clientId: `order:${orderId}`,
    clickId: origin.click, value, visitor, host, url: `${shop}/checkout/thank-you`, billable: true, costMilli: costMilli(origin.placement.lineitem, 'conversion'),
  });
}

/**
 * The day's other shop visits of an advertiser: visitors who came without an ad, and a few who saw an ad of the
 * day (`views`) and come back on their own later (an order of theirs is post-view).
 */
export function shopDay(events: TrackedEvent[], where: Shop, views: SeenAd[], day: number, now: number): void {
  const { advertiser } = where;
  const key = `${advertiser}|${day}`;
  for (let n = 0; n < DIRECT_VISITS; n++) {
    const start = day + Math.floor(chance(`${key}|direct|${n}|at`) * DAY_MS);
    if (start >= now) continue;
    // The shop's own visitors are not the ad server's: their ids come from a pool of their own.
    shopVisit(events, where, visitorId(advertiser, VISITOR_POOL + Math.floor(chance(`${key}|direct|${n}|who`) * VISITOR_POOL)), start, `${key}|direct|${n}`, null, now);
  }
  const returning = Math.round(views.length / 400);
  for (let n = 0; n < returning; n++) {
    const { visitor, at } = views[Math.floor(chance(`${key}|back|${n}`) * views.length)];
    const start = at + HOUR_MS + Math.floor(chance(`${key}|back|${n}|later`) * 6 * HOUR_MS);
    // Post-view: the visitor's latest view before the order (routes.ts `attribute`).
    const latest = views.reduce<SeenAd | null>((found, view) => (view.visitor === visitor && view.at < start && (!found || view.at > found.at) ? view : found), null)!;
    shopVisit(events, where, visitor, start, `${key}|back|${n}`, { click: null, placement: latest.placement, website: latest.website, attribution: 'post_view' }, now);
  }
}
