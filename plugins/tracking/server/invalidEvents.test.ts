/**
 * Invalid traffic through the ad server's endpoints (config/invalidTraffic.ts, docs/tracking-and-money.md "Invalid
 * traffic"), on PostgreSQL, with the click rules on (CLICK_SCREENING): a click without a view, a flood of clicks, a
 * repeated click id, a bot and an opt-out are stored with their reason, cost nothing, leave the balance and the
 * campaign's counters as they were, count in the rollups' invalid measures, and never reach the approvals, so no
 * publisher earns from them.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, type DemoLineItem, forgetAllLineItems, useTrackingServer } from './testkit.ts';

const kit = useTrackingServer({ env: { clickScreening: true } });
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let charged: DemoLineItem;
let approved: DemoLineItem;
let publisher = '';
let sysop = '';

beforeAll(async () => {
  // Client One's line item charges its clicks when tracked; Summer Sale approves its clicks (only reserved when tracked).
  charged = await kit.lineitem('Client One Always-On', 'platform161');
  approved = await kit.lineitem('Summer Sale 2026', 'platform161');
  await kit.sql('UPDATE campaigns SET click_approval = true WHERE id = $1', [approved.campaign]);
  for (const li of [charged, approved]) await kit.sql('UPDATE lineitems SET daily_budget = NULL, budget = NULL, autopaused = false WHERE id = $1', [li.id]);
  await kit.sql(`UPDATE advertisers SET billing_type = 'postpaid' WHERE id = $1`, [charged.advertiser]);
  publisher = (await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id;
  sysop = await kit.server.token('sysop@demo.test');
}, 120_000);

/**
 * A visitor's headers: its cookie and a user agent of its own. A view counts for the cookie and for the day's hash of
 * IP and user agent (browsers block or partition third-party cookies, so a click's cookie is often not its view's):
 * with the test client's one address, a user agent of its own keeps each visitor apart.
 */
const cookie = (visitor: string) => ({ Cookie: `adsuite_v=${visitor}`, 'User-Agent': `${BROWSER_UA} Visitor/${visitor}` });

/** A view of the line item's banner (the iframe's page) for the visitor: the link of its click. */
async function view(li: DemoLineItem, headers: Record<string, string>, subid = '0'): Promise<string> {
  const page = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}&pub=${publisher}&site=news.demo.test&subid=${subid}`, { headers });
  expect(page.status).toBe(200);
  return /href="([^"]+)"/.exec(await page.text())![1];
}

/** Follows a click link (302 always) and answers the stored click. */
async function click(link: string, headers: Record<string, string>) {
  const res = await kit.hit(link, { headers });
  expect(res.status).toBe(302);
  const id = new URL(res.headers.get('location')!).searchParams.get('adsuite_click');
  return id;
}

const clickLink = (li: DemoLineItem, subid: string) => `/s/${li.banner}/${li.id}/1/${subid}?pub=${publisher}&site=news.demo.test`;

/** The clicks of a sub id, oldest first. */
const clicksOf = (subid: string) => kit.sql<{ id: string; invalid: string | null; billable: boolean; cost_milli: number; publisher_id: string | null }>(
  `SELECT id, invalid, billable, cost_milli, publisher_id FROM events WHERE kind = 'click' AND subid = $1 ORDER BY created, id`, [subid]);

/** What the campaign's money and counts are now: balance, campaign counters, the hourly rollup's valid and invalid clicks. */
async function state(li: DemoLineItem) {
  const [row] = await kit.sql<{ balance: string; cost: string; clicks: string; rolled: string; invalid: string; reserved: string; earned: string }>(
    `SELECT a.balance, COALESCE(c.cost, 0) AS cost, COALESCE(c.clicks, 0) AS clicks,
       (SELECT COALESCE(SUM(clicks), 0) FROM stat_hourly h WHERE h.advertiser_id = a.id AND h.lineitem_id = $2) AS rolled,
       (SELECT COALESCE(SUM(invalid_clicks), 0) FROM stat_hourly h WHERE h.advertiser_id = a.id AND h.lineitem_id = $2) AS invalid,
       (SELECT COALESCE(SUM(amount_milli), 0) FROM reservations r WHERE r.advertiser_id = a.id AND r.lineitem_id = $2) AS reserved,
       (SELECT COALESCE(SUM(amount), 0) FROM earnings e WHERE e.publisher_id = $3) AS earned
     FROM campaigns c JOIN advertisers a ON a.id = c.advertiser_id WHERE c.id = $1`, [li.campaign, li.id, publisher]);
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])) as Record<keyof typeof row, number>;
}

describe('invalid clicks are stored with their reason and never billed', () => {
  it('a click without a view of the ad: click_without_view, the balance and the counters unchanged', async () => {
    const before = await state(charged);
    const visitor = randomUUID();
    // A view of another creative size or line item is no view of this ad.
    await view(approved, cookie(visitor));
    await click(clickLink(charged, 'no-view'), cookie(visitor));
    expect(await clicksOf('no-view')).toEqual([expect.objectContaining({ invalid: 'click_without_view', billable: false, cost_milli: 0, publisher_id: publisher })]);
    const after = await state(charged);
    expect(after).toMatchObject({ balance: before.balance, cost: before.cost, clicks: before.clicks, rolled: before.rolled, invalid: before.invalid + 1 });
  });

  it('a click after a view is billed once; a flood of clicks after it is too many, billed never', async () => {
    const before = await state(charged);
    const visitor = randomUUID();
    // 30 views, each with its own link, each clicked at once: the first click counts, the other 29 are over the rate.
    for (let n = 0; n < 30; n++) await click(await view(charged, cookie(visitor), 'flood'), cookie(visitor));
    const clicks = await clicksOf('flood');
    expect(clicks).toHaveLength(30);
    expect(clicks[0]).toMatchObject({ invalid: null, billable: true, cost_milli: charged.bidPrice * 1500 });
    expect(clicks.slice(1).every((row) => row.invalid === 'click_rate' && !row.billable && row.cost_milli === 0)).toBe(true);
    const after = await state(charged);
    expect(after.clicks - before.clicks).toBe(1);
    expect(after.rolled - before.rolled).toBe(1);
    expect(after.invalid - before.invalid).toBe(29);
    // One click's charge (0.45 EUR + 50 % fee), within the hour's rounding to whole cents.
    expect(before.balance - after.balance).toBeGreaterThanOrEqual(67);
    expect(before.balance - after.balance).toBeLessThanOrEqual(68);
    expect(after.cost - before.cost).toBe(before.balance - after.balance);
  });

  it('a click id clicked again is a repeated click, whoever sends it', async () => {
    const before = await state(charged);
    const [first, second] = [randomUUID(), randomUUID()];
    const link = await view(charged, cookie(first), 'repeat');
    await view(charged, cookie(second), 'repeat-other');
    await click(link, cookie(first));
    await click(link, cookie(second));
    await click(link, cookie(first));
    expect((await clicksOf('repeat')).map((row) => row.invalid)).toEqual([null, 'repeated_click', 'repeated_click']);
    const after = await state(charged);
    expect(after.clicks - before.clicks).toBe(1);
    expect(after.invalid - before.invalid).toBe(2);
  });

  it('a view past the frequency cap and the click of its link: capped, neither billed; under the cap both are', async () => {
    await kit.sql('UPDATE lineitems SET cap_day = 1 WHERE id = $1', [charged.id]);
    forgetAllLineItems();
    try {
      const before = await state(charged);
      const [capped, under] = [randomUUID(), randomUUID()];
      await view(charged, cookie(capped), 'cap-view');
      await click(await view(charged, cookie(capped), 'cap-view'), cookie(capped));
      await click(await view(charged, cookie(under), 'cap-under'), cookie(under));
      const views = await kit.sql<{ invalid: string | null; billable: boolean }>(`SELECT invalid, billable FROM events WHERE kind = 'view' AND subid = 'cap-view' ORDER BY created, id`);
      expect(views).toEqual([{ invalid: null, billable: true }, { invalid: 'capped', billable: false }]);
      expect(await clicksOf('cap-view')).toEqual([expect.objectContaining({ invalid: 'capped', billable: false, cost_milli: 0 })]);
      expect(await clicksOf('cap-under')).toEqual([expect.objectContaining({ invalid: null, billable: true, cost_milli: charged.bidPrice * 1500 })]);
      const after = await state(charged);
      expect(after.clicks - before.clicks).toBe(1);
      expect(after.invalid - before.invalid).toBe(1);
    } finally {
      await kit.sql('UPDATE lineitems SET cap_day = NULL WHERE id = $1', [charged.id]);
      forgetAllLineItems();
    }
  });

  it("a bot's view and click: bot, counted as invalid, the balance unchanged", async () => {
    const before = await state(charged);
    const headers = { 'User-Agent': BOT_UA };
    const link = await view(charged, headers, 'bot');
    await click(link, headers);
    const [row] = await kit.sql<{ views: string; invalid_views: string }>(
      `SELECT COUNT(*) AS views, COUNT(*) FILTER (WHERE invalid = 'bot' AND bot AND NOT billable) AS invalid_views FROM events WHERE kind = 'view' AND subid = 'bot'`);
    expect(Number(row.views)).toBe(1);
    expect(Number(row.invalid_views)).toBe(1);
    expect(await clicksOf('bot')).toEqual([expect.objectContaining({ invalid: 'bot', billable: false, cost_milli: 0 })]);
    const after = await state(charged);
    expect(after).toMatchObject({ balance: before.balance, cost: before.cost, clicks: before.clicks, invalid: before.invalid + 1 });
  });

  it('a click of a visitor who opted out (Do-Not-Track, GPC, the opt-out cookie): opt_out, not billed; the view still counts', async () => {
    const before = await state(charged);
    const optedOut: Record<string, string>[] = [{ DNT: '1' }, { 'Sec-GPC': '1' }, { Cookie: 'adsuite_optout=1' }];
    for (const [n, headers] of optedOut.entries()) {
      const link = await view(charged, headers, `opt-out-${n}`);
      // No click id on the landing page: nothing that identifies the browser.
      expect(await click(link, headers)).toBeNull();
      expect(await clicksOf(`opt-out-${n}`)).toEqual([expect.objectContaining({ invalid: 'opt_out', billable: false, cost_milli: 0 })]);
    }
    const views = await kit.sql<{ invalid: string | null; billable: boolean }>(`SELECT invalid, billable FROM events WHERE kind = 'view' AND subid LIKE 'opt-out-%'`);
    expect(views).toEqual([{ invalid: null, billable: true }, { invalid: null, billable: true }, { invalid: null, billable: true }]);
    const after = await state(charged);
    expect(after).toMatchObject({ balance: before.balance, cost: before.cost, clicks: before.clicks, invalid: before.invalid + 3 });
  });
});

describe('an order after an invalid click', () => {
  it('is a conversion invalid for the same reason; after a valid click, a valid one', async () => {
    const [stranger, reader] = [randomUUID(), randomUUID()];
    const invalidClick = await click(clickLink(charged, 'order-no-view'), cookie(stranger));
    const validClick = await click(await view(charged, cookie(reader), 'order-valid'), cookie(reader));
    for (const [n, [visitor, clickId]] of [[stranger, invalidClick], [reader, validClick]].entries()) {
      const res = await kit.hit('/t/e', {
        method: 'POST', headers: { ...cookie(visitor!), 'Content-Type': 'text/plain' },
        body: JSON.stringify({ a: charged.advertiser, cls: 'order', order: `INVALID-${n}-${visitor}`, value: 40, click: clickId }),
      });
      expect(res.status).toBe(204);
    }
    const orders = await kit.sql<{ order_id: string; invalid: string | null; billable: boolean; attribution: string }>(
      `SELECT order_id, invalid, billable, attribution FROM events WHERE kind = 'conversion' AND order_id LIKE 'INVALID-%' ORDER BY order_id`);
    expect(orders).toEqual([
      { order_id: `INVALID-0-${stranger}`, invalid: 'click_without_view', billable: false, attribution: 'post_click' },
      { order_id: `INVALID-1-${reader}`, invalid: null, billable: true, attribution: 'post_click' },
    ]);
  });
});

describe('invalid clicks never earn a publisher a provision', () => {
  it('are not reserved, not listed for approval and cannot be approved; a valid click is', async () => {
    const before = await state(approved);
    const [stranger, reader] = [randomUUID(), randomUUID()];
    await click(clickLink(approved, 'approval-no-view'), cookie(stranger));
    await click(await view(approved, cookie(reader), 'approval-valid'), cookie(reader));
    const [invalid] = await clicksOf('approval-no-view');
    const [valid] = await clicksOf('approval-valid');
    expect(invalid.invalid).toBe('click_without_view');
    expect(valid.invalid).toBeNull();
    const after = await state(approved);
    // Only the valid click's cost is reserved (authorized, charged on approval).
    expect(after.reserved - before.reserved).toBe(approved.bidPrice * 1500);
    const listed = await kit.server.api(`/api/campaign/${approved.campaign}/clicks?pageSize=100`, { token: sysop });
    expect(listed.status).toBe(200);
    const ids = ((await listed.json()) as { items: { clickId: string }[] }).items.map((item) => item.clickId);
    expect(ids).toContain(valid.id);
    expect(ids).not.toContain(invalid.id);
    const refused = await kit.server.api(`/api/campaign/${approved.campaign}/clicks`, { method: 'POST', token: sysop, body: { clickId: invalid.id, approved: true } });
    expect(refused.status).toBe(404);
    const granted = await kit.server.api(`/api/campaign/${approved.campaign}/clicks`, { method: 'POST', token: sysop, body: { clickId: valid.id, approved: true } });
    expect(granted.status).toBe(200);
    const [decisions] = await kit.sql<{ n: string }>('SELECT COUNT(*) AS n FROM event_approvals WHERE event_id = $1', [invalid.id]);
    expect(Number(decisions.n)).toBe(0);
    const settled = await state(approved);
    expect(settled.earned).toBeGreaterThan(before.earned);
  });
});

describe('a browser that keeps no cookie', () => {
  it("gets a new cookie with every request: its click after a view is taken by the day's IP hash, and so is its click rate", async () => {
    // Its own user agent: the IP hash of this browser alone.
    const headers = { 'User-Agent': `${BROWSER_UA} Cookieless/${randomUUID()}` };
    const link = await view(charged, headers, 'cookieless');
    await click(link, headers);
    await click(await view(charged, headers, 'cookieless'), headers);
    expect((await clicksOf('cookieless')).map((row) => row.invalid)).toEqual([null, 'click_rate']);
  });
});

describe('the reports show the invalid share', () => {
  it('per campaign, channel and publisher (the staff\'s and the publisher\'s), and Expert Analytics lists the reasons with their counts', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const range = `start=${day}&end=${day}`;
    const raw = await kit.sql<{ reason: string; impressions: string; clicks: string; conversions: string }>(
      `SELECT invalid AS reason, SUM(impressions) AS impressions, SUM(clicks) AS clicks, COUNT(*) FILTER (WHERE kind = 'conversion') AS conversions FROM events
       WHERE campaign_id = $1 AND day = $2 AND invalid IS NOT NULL AND kind <> 'event' GROUP BY invalid`, [charged.campaign, day]);
    const reasons = new Set(raw.map((row) => row.reason));
    for (const reason of ['click_without_view', 'click_rate', 'repeated_click', 'bot', 'opt_out', 'capped']) expect(reasons, reason).toContain(reason);
    const invalid = raw.reduce((sum, row) => sum + Number(row.impressions) + Number(row.clicks) + Number(row.conversions), 0);

    // Expert Analytics: the reasons with their counts, most first; the invalid events and their share of every event.
    const expert = await kit.server.api(`/api/campaign/${charged.campaign}/stats?${range}`, { token: sysop });
    expect(expert.status).toBe(200);
    const stats = (await expert.json()) as {
      impressionCount: number; clickCount: number; pcConversions: number; pvConversions: number;
      invalid: { count: number; share: number; reasons: { reason: string; impressions: number; clicks: number; conversions: number; count: number }[] };
    };
    expect(stats.invalid.reasons).toEqual(raw.map((row) => ({
      reason: row.reason, impressions: Number(row.impressions), clicks: Number(row.clicks), conversions: Number(row.conversions),
      count: Number(row.impressions) + Number(row.clicks) + Number(row.conversions),
    })).sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1)));
    expect(stats.invalid.count).toBe(invalid);
    const all = stats.impressionCount + stats.clickCount + stats.pcConversions + stats.pvConversions + invalid;
    expect(stats.invalid.share).toBe(Math.round((invalid * 10_000) / all) / 100);

    // The Instant Report: every row carries its invalid events and share; per channel and per publisher they add up.
    const answer = await kit.server.api(`/api/campaign/${charged.campaign}/report?${range}`, { token: sysop });
    const report = (await answer.json()) as {
      stats: { channel: string; invalid: number; invalidShare: number }[]; publishers: { id: string; invalid: number; invalidShare: number; clicks: number }[];
    };
    const ofChannel = report.stats.filter((row) => row.channel === 'platform161').reduce((sum, row) => sum + row.invalid, 0);
    expect(ofChannel).toBe(invalid);
    expect(report.stats.some((row) => row.invalidShare > 0)).toBe(true);
    const [ofPublisher] = await kit.sql<{ n: string }>(
      `SELECT SUM(impressions + clicks) + COUNT(*) FILTER (WHERE kind = 'conversion') AS n FROM events
       WHERE campaign_id = $1 AND day = $2 AND invalid IS NOT NULL AND kind <> 'event' AND publisher_id = $3`, [charged.campaign, day, publisher]);
    const demo = report.publishers.find((row) => row.id === publisher)!;
    expect(demo.invalid).toBe(Number(ofPublisher.n));
    expect(demo.invalidShare).toBeGreaterThan(0);

    // The publisher's own view of the campaign: the same for its rows.
    const own = await kit.server.api(`/api/publisher/campaign/${charged.campaign}/report?${range}`, { token: await kit.server.token('publisher@demo.test') });
    expect(own.status).toBe(200);
    const view = (await own.json()) as { publishers: { id: string; invalid: number; invalidShare: number }[] };
    expect(view.publishers.find((row) => row.id === publisher)).toMatchObject({ invalid: demo.invalid, invalidShare: demo.invalidShare });
  });
});
