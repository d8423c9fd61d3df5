/**
 * The demo history (`npm start`): up to 90 days of delivery for the demo advertisers' bookings, produced by the
 * pipeline's own code, so every statistic, the ledger's hourly spend entries and the balances are what the code
 * computes. Day by day, for every line item of a campaign that ran that day: each hour's delivery as its network
 * reports it (networks.ts: house channels on the demo publisher's websites, external ones from their sandbox),
 * and the day's orders as conversions (post-click and post-view) with cart values. When a prepaid balance runs
 * low, the advertiser tops it up by card the way the finances screen books it (a `topup` ledger entry), so the
 * campaigns keep running. Runs once, as the background job `tracking.history` queued by the demo seed, so the
 * start does not wait for it.
 */
import { QueryTypes } from 'sequelize';
import { type Core, text } from '@adsuite/backend/kit';
import { channelByKey } from '@adsuite/config';
import { post } from '../../finances/server/ledger.ts';
import { HOUSE_CHANNELS } from '../../booking/server/publishing/connectors/index.ts';
import { chance, deliveryEvent } from './networks.ts';
import { costMilli } from './delivery.ts';
import { writeEvents, type TrackedEvent } from './pipeline.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The demo publisher's websites, where the house channels' banners were shown. */
export const DEMO_WEBSITES = ['news.demo.test', 'sport.demo.test', 'recipes.demo.test', 'travel-blog.demo.test'];
/** A prepaid balance under this many cents is topped up by TOPUP_CENTS before the day's delivery. */
const LOW_BALANCE = 10_000;
const TOPUP_CENTS = 50_000;

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
     WHERE l.archived_at IS NULL AND c.status IN ('active', 'paused', 'finished') AND c.start IS NOT NULL`,
    { type: QueryTypes.SELECT },
  );
  const [publisher] = await core.sequelize.query<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher' LIMIT 1`, { type: QueryTypes.SELECT });
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  let written = 0;
  for (let day = today - (days - 1) * DAY_MS; day <= today; day += DAY_MS) {
    const events: TrackedEvent[] = [];
    const dayIso = new Date(day).toISOString().slice(0, 10);
    for (const row of lineitems) {
      if (dayIso < String(row.start) || (row.end && dayIso > String(row.end))) continue;
      // A paused campaign stopped a week ago.
      if (row.status === 'paused' && day > today - 7 * DAY_MS) continue;
      const lineitem = { id: row.id, bidType: row.bid_type ?? 'CPC', bidPrice: Number(row.bid_price ?? 0), fee: channelByKey[row.channel]?.programmaticFee ?? 0 };
      const house = HOUSE_CHANNELS.includes(row.channel);
      const dailyBudget = Number(row.daily_budget ?? 0);
      let clicks = 0;
      for (let hour = day; hour < day + DAY_MS && hour < currentHour; hour += HOUR_MS) {
        const website = house ? DEMO_WEBSITES[Math.floor(chance(`${row.id}|${hour}|site`) * DEMO_WEBSITES.length)] : null;
        const event = deliveryEvent(row.advertiser_id, row.campaign_id, row.channel, lineitem, dailyBudget, new Date(hour), house ? 'house' : 'sandbox',
          row.creative_ids?.[0] ?? null, website, house ? publisher?.id ?? null : null);
        clicks += event.clicks ?? 0;
        events.push(event);
      }
      // About 3 percent of the day's clicks order, a third of as many after a view only.
      const orders = Math.round(clicks * (0.02 + 0.02 * chance(`${row.id}|${dayIso}|cr`)));
      const postViews = Math.floor(orders / 3 + chance(`${row.id}|${dayIso}|pv`));
      for (let n = 0; n < orders + postViews; n++) {
        const key = `${row.id}|${dayIso}|${n}`;
        const at = day + Math.floor(chance(`${key}|at`) * DAY_MS);
        if (at >= now.getTime()) continue;
        const postView = n >= orders;
        const website = house ? DEMO_WEBSITES[Math.floor(chance(`${key}|site`) * DEMO_WEBSITES.length)] : null;
        const orderId = `DEMO-${dayIso.replaceAll('-', '')}-${row.id.slice(0, 4)}-${n + 1}`;
        events.push({
          kind: 'conversion', cls: 'order', source: house ? 'house' : 'sandbox', advertiser: row.advertiser_id, campaign: row.campaign_id,
          lineitem: row.id, banner: row.creative_ids?.[0] ?? null, channel: row.channel, website, publisher: house ? publisher?.id ?? null : null,
          created: new Date(at), orderId, clientId: `order:${orderId}`, value: Math.round(2_000 + 18_000 * chance(`${key}|value`)),
          attribution: postView ? 'post_view' : 'post_click', costMilli: costMilli(lineitem, 'conversion'),
          host: row.advertiser_url ? new URL(row.advertiser_url).hostname : null,
        });
      }
    }
    if (events.length === 0) continue;
    await topUpWhenLow(core, [...new Set(events.map((e) => e.advertiser))], new Date(day));
    const result = await writeEvents(core, events);
    written += result.stored;
  }
  // The history's pauses are history: today's delivery decides anew (budgets.ts resumes what may deliver again).
  await core.sequelize.query(`UPDATE lineitems SET autopaused = false, autopause_reason = NULL WHERE autopause_reason IN ('daily_budget', 'balance')`);
  return written;
}

/** The advertiser's card top-up when its prepaid balance is low, booked as the payment screen books it, dated that day. */
async function topUpWhenLow(core: Core, advertisers: string[], day: Date) {
  for (const advertiser of advertisers) {
    await core.sequelize.transaction(async (transaction) => {
      const [row] = await core.sequelize.query<{ balance: string; billing_type: string | null }>(
        'SELECT balance, billing_type FROM advertisers WHERE id = $1', { bind: [advertiser], type: QueryTypes.SELECT, transaction },
      );
      if (!row || row.billing_type === 'postpaid' || Number(row.balance) >= LOW_BALANCE) return;
      const reference = `DEMO-TOPUP-${day.toISOString().slice(0, 10)}`;
      const posted = await post(core, transaction, advertiser, [{
        type: 'topup', amount: TOPUP_CENTS, description: text('finances.ledger.card_topup'), reference, idempotencyKey: `${reference}-${advertiser}`,
      }]);
      await core.sequelize.query('UPDATE transactions SET created = $1 WHERE id = $2', { bind: [new Date(day.getTime() + 6 * HOUR_MS).toISOString(), posted.entries[0].id], transaction });
    });
  }
}
