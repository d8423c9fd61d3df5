/**
 * The demo history (`npm start`): up to 90 days of delivery for the demo advertisers' bookings, produced by the
 * pipeline's own code, so every statistic, the ledger's hourly spend entries and the balances are what the code
 * computes. Day by day, for every line item of a campaign that ran that day:
 *
 * - external channels: each hour's delivery as its network's sandbox reports it (networks.ts), and the day's orders
 *   the network reports as conversions (post-click and post-view) with cart values;
 * - house channels, on the demo publisher's websites: each click one event, each view one event over the last
 *   VIEW_DAYS days (before, an hour's views are one count), by the advertiser's returning visitors, and what the
 *   clicking visitors do on the shop as onsite events (historyVisits.ts), their orders conversions of the click or
 *   of a view; besides, the shop's visitors who came without an ad;
 * - every day, the requests of the demo publisher's placements, each answered by the ad server's choice at its time
 *   (historyPlacements.ts).
 *
 * When a prepaid balance runs low, the advertiser tops it up by card the way the finances screen books it (a `topup`
 * ledger entry), so the campaigns keep running. Clicks and orders of a campaign with approval are reserved when
 * tracked; at the end the approvals' validation window (its job) approves those older than the campaign's window,
 * which charges them and credits the demo publisher its provisions. Runs once, as the background job
 * `tracking.history` queued by the demo seed, so the start does not wait for it.
 */
import { QueryTypes } from 'sequelize';
import { type Core, text } from '@adsuite/backend/kit';
import { channelByKey } from '@adsuite/config';
import { post, reservedCents } from '../../finances/server/kit.ts';
import { HOUSE_CHANNELS } from '../../booking/server/kit.ts';
import { chance, deliveryEvent } from './networks.ts';
import { costMilli } from './delivery.ts';
import { writeEvents, type TrackedEvent } from './pipeline.ts';
import { type Day, DEFAULT_PRODUCTS, houseHour, type HousePlacement, type Shop, type ShopProduct, shopDay } from './historyVisits.ts';
import { placementHistory } from './historyPlacements.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The demo publisher's websites, where the house channels' banners were shown. */
export const DEMO_WEBSITES = ['news.demo.test', 'sport.demo.test', 'recipes.demo.test', 'travel-blog.demo.test'];
/**
 * The days (up to today) whose house views are each an event, the range statistics screens open on: a day of them
 * is some 13,000 events, the rest of the history a view count per hour.
 */
export const VIEW_DAYS = 7;
/**
 * A prepaid balance whose available part (less what reservations hold) is under this many cents is topped up by
 * TOPUP_CENTS (or as many times that as it takes) before the day's delivery and before the approvals.
 */
const LOW_BALANCE = 10_000;
const TOPUP_CENTS = 50_000;
/** Events per call of the pipeline: a day of views is written in a few batches. */
const BATCH = 5_000;
/** The approvals' job that approves what waited longer than its campaign's validation window (plugins/approvals). */
const VALIDATION_JOB = 'approvals.validationWindow';

interface HistoryLineItem {
  id: string; advertiser_id: string; campaign_id: string; channel: string; bid_type: string | null; bid_price: string | null;
  daily_budget: string | null; creative_ids: string[] | null; start: string | null; end: string | null; status: string; advertiser_url: string | null;
}

/** Seeds the history unless the demo advertisers have delivery already; answers the number of events written. */
export async function seedHistory(core: Core, days = 90, now = new Date()): Promise<number> {
  const [done] = await core.sequelize.query('SELECT 1 AS one FROM stat_hourly LIMIT 1', { type: QueryTypes.SELECT });
  if (done) return 0;
  const lineitems = await core.sequelize.query<HistoryLineItem>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.channel, l.bid_type, l.bid_price, l.daily_budget, l.creatives_ids AS creative_ids,
       c.start, c."end", c.status, a.url AS advertiser_url
     FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id JOIN advertisers a ON a.id = l.advertiser_id
     WHERE l.archived_at IS NULL AND c.status IN ('active', 'paused', 'finished') AND c.start IS NOT NULL
     ORDER BY l.advertiser_id, l.id`,
    { type: QueryTypes.SELECT },
  );
  const [publisher] = await core.sequelize.query<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher' LIMIT 1`, { type: QueryTypes.SELECT });
  const catalogs = await shopProducts(core);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  let written = 0;
  for (let day = today - (days - 1) * DAY_MS; day <= today; day += DAY_MS) {
    const dayIso = new Date(day).toISOString().slice(0, 10);
    const eachView = day > today - VIEW_DAYS * DAY_MS;
    const visits: Day = { events: [], views: [] };
    const shops = new Map<string, Shop>();
    for (const row of lineitems) {
      if (dayIso < String(row.start) || (row.end && dayIso > String(row.end))) continue;
      // A paused campaign stopped a week ago.
      if (row.status === 'paused' && day > today - 7 * DAY_MS) continue;
      const lineitem = { id: row.id, bidType: row.bid_type ?? 'CPC', bidPrice: Number(row.bid_price ?? 0), fee: channelByKey[row.channel]?.programmaticFee ?? 0 };
      const dailyBudget = Number(row.daily_budget ?? 0);
      const banner = row.creative_ids?.[0] ?? null;
      if (HOUSE_CHANNELS.includes(row.channel)) {
        const shop = row.advertiser_url ? new URL(row.advertiser_url).origin : null;
        const products = catalogs.get(row.advertiser_id) ?? DEFAULT_PRODUCTS;
        if (shop) shops.set(row.advertiser_id, { advertiser: row.advertiser_id, shop, products });
        const placement: HousePlacement = {
          advertiser: row.advertiser_id, campaign: row.campaign_id, lineitem, channel: row.channel, banner, publisher: publisher?.id ?? null,
          websites: DEMO_WEBSITES, shop, products, dailyBudget,
        };
        for (let hour = day; hour < day + DAY_MS && hour < currentHour + HOUR_MS; hour += HOUR_MS) houseHour(visits, placement, hour, now.getTime(), eachView);
        continue;
      }
      let clicks = 0;
      for (let hour = day; hour < day + DAY_MS && hour < currentHour; hour += HOUR_MS) {
        const event = deliveryEvent(row.advertiser_id, row.campaign_id, row.channel, lineitem, dailyBudget, new Date(hour), 'sandbox', banner);
        clicks += event.clicks ?? 0;
        visits.events.push(event);
      }
      visits.events.push(...networkOrders(row, lineitem, clicks, day, now));
    }
    for (const [advertiser, shop] of shops) {
      shopDay(visits.events, shop, visits.views.filter((view) => view.placement.advertiser === advertiser), day, now.getTime());
    }
    if (visits.events.length === 0) continue;
    await topUpWhenLow(core, [...new Set(visits.events.filter((e) => e.campaign).map((e) => e.advertiser))], new Date(day));
    for (let at = 0; at < visits.events.length; at += BATCH) written += (await writeEvents(core, visits.events.slice(at, at + BATCH))).stored;
  }
  // The history's pauses are history: today's delivery decides anew (budgets.ts resumes what may deliver again).
  await core.sequelize.query(`UPDATE lineitems SET autopaused = false, autopause_reason = NULL WHERE autopause_reason IN ('daily_budget', 'balance')`);
  // Each day's requests of the demo publisher's placements, each decided by the ad server at its time (historyPlacements.ts).
  if (publisher && core.plugins.some((plugin) => plugin.name === 'delivery')) written += (await placementHistory(core, publisher.id, now, days)).filled;
  // What waited longer than its validation window is approved now, as the approvals' hourly job would, from a
  // balance that covers what the reservations hold.
  const reserving = await core.sequelize.query<{ advertiser_id: string }>('SELECT DISTINCT advertiser_id FROM reservations ORDER BY 1', { type: QueryTypes.SELECT });
  await topUpWhenLow(core, reserving.map((row) => row.advertiser_id), now, 'approvals');
  if (core.plugins.some((plugin) => plugin.name === 'approvals')) await core.jobs.enqueue(VALIDATION_JOB, {}, { retries: 2 });
  return written;
}

/** The products each advertiser's catalogs list (in stock, with a price), the pages its shop's visitors see. */
async function shopProducts(core: Core): Promise<Map<string, ShopProduct[]>> {
  const byAdvertiser = new Map<string, ShopProduct[]>();
  if (!core.models.has('product')) return byAdvertiser;
  const rows = await core.sequelize.query<{ advertiser_id: string; product_id: string; price: string; url: string | null }>(
    `SELECT advertiser_id, product_id, COALESCE(sale_price, price) AS price, url FROM ${core.resource('product').table}
     WHERE archived_at IS NULL AND available IS NOT FALSE AND COALESCE(sale_price, price) > 0 ORDER BY advertiser_id, product_id`,
    { type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const page = (() => {
      try {
        return row.url ? new URL(row.url).pathname : null;
      } catch {
        return null;
      }
    })();
    const list = byAdvertiser.get(row.advertiser_id) ?? [];
    list.push({ id: row.product_id, price: Number(row.price), path: page ?? `/product/${encodeURIComponent(row.product_id)}` });
    byAdvertiser.set(row.advertiser_id, list);
  }
  return byAdvertiser;
}

/** The orders an external network reports for a line item's day: about 3 percent of its clicks, a third as many after a view. */
function networkOrders(row: HistoryLineItem, lineitem: { id: string; bidType: string; bidPrice: number; fee: number }, clicks: number, day: number, now: Date): TrackedEvent[] {
  const dayIso = new Date(day).toISOString().slice(0, 10);
  const orders = Math.round(clicks * (0.02 + 0.02 * chance(`${row.id}|${dayIso}|cr`)));
  const postViews = Math.floor(orders / 3 + chance(`${row.id}|${dayIso}|pv`));
  const events: TrackedEvent[] = [];
  for (let n = 0; n < orders + postViews; n++) {
    const key = `${row.id}|${dayIso}|${n}`;
    const at = day + Math.floor(chance(`${key}|at`) * DAY_MS);
    if (at >= now.getTime()) continue;
    const orderId = `DEMO-${dayIso.replaceAll('-', '')}-${row.id.slice(0, 4)}-${n + 1}`;
    events.push({
      kind: 'conversion', cls: 'order', source: 'sandbox', advertiser: row.advertiser_id, campaign: row.campaign_id, lineitem: row.id,
      banner: row.creative_ids?.[0] ?? null, channel: row.channel, created: new Date(at), orderId, clientId: `order:${orderId}`,
      value: Math.round(2_000 + 18_000 * chance(`${key}|value`)), attribution: n >= orders ? 'post_view' : 'post_click', costMilli: costMilli(lineitem, 'conversion'),
      host: row.advertiser_url ? new URL(row.advertiser_url).hostname : null,
    });
  }
  return events;
}

/** The advertiser's card top-up when its available prepaid balance is low, booked as the payment screen books it, dated `at`'s day. */
async function topUpWhenLow(core: Core, advertisers: string[], at: Date, before: 'delivery' | 'approvals' = 'delivery') {
  for (const advertiser of advertisers) {
    await core.sequelize.transaction(async (transaction) => {
      const [row] = await core.sequelize.query<{ balance: string; billing_type: string | null }>(
        'SELECT balance, billing_type FROM advertisers WHERE id = $1', { bind: [advertiser], type: QueryTypes.SELECT, transaction },
      );
      if (!row || row.billing_type === 'postpaid') return;
      const missing = LOW_BALANCE - (Number(row.balance) - (await reservedCents(core, transaction, advertiser)));
      if (missing <= 0) return;
      const day = at.toISOString().slice(0, 10);
      const reference = `DEMO-TOPUP-${day}`;
      const posted = await post(core, transaction, advertiser, [{
        type: 'topup', amount: TOPUP_CENTS * Math.ceil(missing / TOPUP_CENTS), description: text('finances.ledger.card_topup'), reference,
        idempotencyKey: `${reference}-${before}-${advertiser}`,
      }]);
      const created = new Date(Math.min(Date.parse(day) + 6 * HOUR_MS, Date.now()));
      await core.sequelize.query('UPDATE transactions SET created = $1 WHERE id = $2', { bind: [created.toISOString(), posted.entries[0].id], transaction });
    });
  }
}
