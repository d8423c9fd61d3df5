import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Delivery, restartDelivery } from './cache.ts';
import { forgetAllLineItems } from '../../tracking/server/testkit.ts';
import { BROWSER_UA, PUBLISHER, SYSOP, useDeliveryServer } from './testkit.ts';

const kit = useDeliveryServer();
const HOUSE = 'data-house-ad="1"';

let news: Awaited<ReturnType<typeof kit.offer>>;
/** The ad server of the test's process, read afresh (as after STRUCTURE_MS). */
const fresh = async () => {
  const engine = restartDelivery(kit.core());
  await engine.refresh();
  return engine;
};
const show = async (site: string, cookie?: string) => {
  const res = await kit.zone(news.placement, site, cookie);
  expect(res.status).toBe(200);
  return res.text();
};
const setLineItem = (values: string, id = news.lineitem) => kit.sql(`UPDATE lineitems SET ${values} WHERE id = $1`, [id]);

beforeAll(async () => {
  news = await kit.offer('Client One Always-On', 'news.example.com');
  await kit.sql(`UPDATE advertisers SET billing_type = 'postpaid'`);
  // 2 euro per thousand views + the channel's 50 %: 300 thousandths of a cent a view.
  await setLineItem(`bid_type = 'CPM', bid_price = 200, daily_budget = 10000, budget = NULL, pacing = 'as soon as possible', active = true, autopaused = false`);
}, 120_000);

describe('a placement answers with the ad of a campaign its publisher accepted', () => {
  it('shows the line item\'s creative linked through the splitter and counts the view with the decision', async () => {
    await fresh();
    const page = await show('news.example.com');
    expect(page).toContain(`/s/${news.banner}/${news.lineitem}/1/0?pub=${news.publisher}&amp;site=news.example.com`.replace('&amp;', '&'));
    const [view] = await kit.sql<{ publisher_id: string; website: string; cost_milli: number; billable: boolean; data: Record<string, unknown> }>(
      `SELECT publisher_id, website, cost_milli, billable, data FROM events WHERE kind = 'view' AND lineitem_id = $1 ORDER BY created DESC LIMIT 1`, [news.lineitem],
    );
    expect(view).toMatchObject({ publisher_id: news.publisher, website: 'news.example.com', cost_milli: 300, billable: true });
    expect(view.data).toMatchObject({ placement: news.placement, eligible: 1 });
  });

  it('answers the async tag\'s script, and 404 for a placement that is not there', async () => {
    const script = await fetch(`${kit.server().url}/z/${news.placement}/tag.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain(news.placement);
    expect((await kit.zone(randomUUID(), 'news.example.com')).status).toBe(404);
    expect((await fetch(`${kit.server().url}/z/not-a-placement`)).status).toBe(404);
  });

  it('counts the placement\'s requests per day for its publisher, and keeps them from other publishers', async () => {
    const engine = await fresh();
    await show('news.example.com');
    await engine.refresh();
    const answer = await kit.call(PUBLISHER, `/api/placement/${news.placement}/requests?days=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(2);
    expect(answer.body[1].requests).toBeGreaterThanOrEqual(1);
    expect(answer.body[1].filled).toBeGreaterThanOrEqual(1);
    expect((await kit.call(PUBLISHER, `/api/placement/${news.placement}/requests?days=99`)).status).toBe(400);
    expect((await kit.call('other@demo.test', `/api/placement/${news.placement}/requests`)).status).toBeGreaterThanOrEqual(403);
  });
});

describe('targeting at delivery', () => {
  it('time slots: outside the line item\'s days or hours (UTC) the house ad', async () => {
    const now = new Date();
    const otherHour = String((now.getUTCHours() + 2) % 24);
    await setLineItem(`delivery_hours = ARRAY['${otherHour}']`);
    await fresh();
    expect(await show('news.example.com')).toContain(HOUSE);
    const today = String(((now.getUTCDay() + 6) % 7) + 1);
    await setLineItem(`delivery_hours = ARRAY['${now.getUTCHours()}', '${otherHour}'], delivery_days = ARRAY['${today}']`);
    await fresh();
    expect(await show('news.example.com')).not.toContain(HOUSE);
    await setLineItem(`delivery_hours = '{}', delivery_days = '{}'`);
  });

  it('domains: a removed website (the campaign\'s blacklist) and a booking\'s allow list', async () => {
    const [line] = await kit.sql<{ advertiser_id: string; booking_id: string }>('SELECT advertiser_id, booking_id FROM lineitems WHERE id = $1', [news.lineitem]);
    await kit.sql(`INSERT INTO domainlists (name, advertiser_id, type, domains, channels, campaign_id) VALUES ('Removed websites', $1, 'blacklist', ARRAY['news.example.com'], '{}', $2)`,
      [line.advertiser_id, news.campaign]);
    await fresh();
    expect(await show('news.example.com')).toContain(HOUSE);
    expect(await show('www.news.example.com')).toContain(HOUSE);
    expect(await show('sport.example.org')).not.toContain(HOUSE);
    await kit.sql(`UPDATE domainlists SET archived_at = now() WHERE name = 'Removed websites'`);
    await kit.sql(`UPDATE bookings SET domains = 'sport.example.org' WHERE id = $1`, [line.booking_id]);
    await fresh();
    expect(await show('news.example.com')).toContain(HOUSE);
    expect(await show('sport.example.org')).not.toContain(HOUSE);
    await kit.sql('UPDATE bookings SET domains = NULL WHERE id = $1', [line.booking_id]);
  });

  it('countries: a booking for France gets no request whose country is unknown (the loopback address)', async () => {
    const [line] = await kit.sql<{ booking_id: string }>('SELECT booking_id FROM lineitems WHERE id = $1', [news.lineitem]);
    await kit.sql(`UPDATE bookings SET countries = ARRAY['FR'] WHERE id = $1`, [line.booking_id]);
    await fresh();
    expect(await show('news.example.com')).toContain(HOUSE);
    await kit.sql(`UPDATE bookings SET countries = '{}' WHERE id = $1`, [line.booking_id]);
    await fresh();
    expect(await show('news.example.com')).not.toContain(HOUSE);
  });
});

describe('frequency caps', () => {
  it('lets staff set the caps and refuses values below 1', async () => {
    expect((await kit.call(SYSOP, `/api/lineitem/${news.lineitem}`, { method: 'PUT', body: { capDay: 0 } })).status).toBe(400);
    const answer = await kit.call(SYSOP, `/api/lineitem/${news.lineitem}`, { method: 'PUT', body: { capDay: 2 } });
    expect(answer.body.errors ?? []).toEqual([]);
    expect(answer.status).toBe(200);
    expect(answer.body.capDay).toBe(2);
  });

  it('shows a capped line item at most its views per visitor a day, keeps the count past a restart, and caps the total', async () => {
    const engine = await fresh();
    const anna = randomUUID();
    const ben = randomUUID();
    const seen = async (cookie: string) => !(await show('news.example.com', cookie)).includes(HOUSE);
    expect([await seen(anna), await seen(anna), await seen(anna), await seen(ben)]).toEqual([true, true, false, true]);
    await engine.refresh();
    const counts = await kit.sql<{ visitor: string; views: number }>('SELECT visitor, views FROM delivery_frequency WHERE lineitem_id = $1 ORDER BY views DESC', [news.lineitem]);
    expect(counts).toEqual([{ visitor: anna, views: 2 }, { visitor: ben, views: 1 }]);
    // Another process (or a restart) reads the counts: Anna still has seen it twice today.
    await fresh();
    expect(await seen(anna)).toBe(false);
    // In all at most 3: Ben sees it twice more, then no more.
    await setLineItem('cap_day = NULL, cap_total = 3');
    await fresh();
    expect([await seen(ben), await seen(ben), await seen(ben), await seen(anna), await seen(anna)]).toEqual([true, true, false, true, false]);
    await setLineItem('cap_day = NULL, cap_total = NULL');
  });

  it('caps a browser that keeps no cookie by the day\'s hash of its address and user agent', async () => {
    await setLineItem('cap_day = 2');
    await fresh();
    const agent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 cookieless-${randomUUID()}`;
    const seen = async () => {
      const res = await fetch(`${kit.server().url}/z/${news.placement}?site=news.example.com`, { headers: { 'User-Agent': agent } });
      expect(res.headers.get('set-cookie')).toContain('adsuite_v=');
      return !(await res.text()).includes(HOUSE);
    };
    expect([await seen(), await seen(), await seen()]).toEqual([true, true, false]);
    await setLineItem('cap_day = NULL');
  });

  describe('views through the direct tags', () => {
    /** The direct tag's view of the placement's line item for a visitor (its cookie; none: `headers` say who): the stored view. */
    const direct = async (cookie: string | null, headers: Record<string, string> = {}) => {
      const res = await fetch(`${kit.server().url}/banner?id=${news.banner}&lineitem=${news.lineitem}&pub=${news.publisher}&site=news.example.com`, {
        headers: { 'User-Agent': BROWSER_UA, ...(cookie ? { Cookie: `adsuite_v=${cookie}` } : {}), ...headers },
      });
      expect(res.status).toBe(200);
      const id = new URL(/href="([^"]+)"/.exec(await res.text())![1], 'http://x').searchParams.get('c');
      const [view] = await kit.sql<{ invalid: string | null; billable: boolean; cost_milli: number }>('SELECT invalid, billable, cost_milli FROM events WHERE id = $1', [id]);
      return view;
    };
    const invalidViews = async () => Number((await kit.sql<{ n: string }>(
      `SELECT COALESCE(SUM(invalid_impressions), 0) AS n FROM stat_hourly WHERE lineitem_id = $1 AND hour >= now() - interval '1 day'`, [news.lineitem]))[0].n);
    let engine: Delivery | null = null;
    /** New caps, read by an ad server anew; the last one's counts written first (as its loop does every second). */
    const capTo = async (values: string) => {
      await engine?.refresh();
      await setLineItem(values);
      forgetAllLineItems();
      engine = await fresh();
    };
    const BILLED = { invalid: null, billable: true, cost_milli: 300 };
    const CAPPED = { invalid: 'capped', billable: false, cost_milli: 0 };

    it('bills a visitor\'s views up to the cap, stores the next as invalid (capped) in the invalid measures, and the placement then passes the line item by', async () => {
      await capTo('cap_day = 2');
      const anna = randomUUID();
      const ben = randomUUID();
      const before = await invalidViews();
      expect([await direct(anna), await direct(anna), await direct(anna), await direct(ben)]).toEqual([BILLED, BILLED, CAPPED, BILLED]);
      expect(await invalidViews()).toBe(before + 1);
      expect(await show('news.example.com', anna)).toContain(HOUSE);
      expect(await show('news.example.com', ben)).not.toContain(HOUSE);
      // Another process (or a restart) reads the counts the direct views wrote: Ben has seen it twice today.
      await engine!.refresh();
      engine = restartDelivery(kit.core());
      expect(await direct(ben)).toEqual(CAPPED);
      await engine.refresh();
      const counts = await kit.sql<{ visitor: string; views: number }>('SELECT visitor, views FROM delivery_frequency WHERE lineitem_id = $1 AND visitor = ANY($2)', [news.lineitem, [anna, ben]]);
      expect(Object.fromEntries(counts.map((row) => [row.visitor, row.views]))).toEqual({ [anna]: 2, [ben]: 2 });
    });

    it('counts the placement\'s views against the cap of the direct tags, and a total cap', async () => {
      await capTo('cap_day = 2');
      const cleo = randomUUID();
      expect(await show('news.example.com', cleo)).not.toContain(HOUSE);
      expect(await show('news.example.com', cleo)).not.toContain(HOUSE);
      expect(await direct(cleo)).toEqual(CAPPED);
      await capTo('cap_day = NULL, cap_total = 3');
      expect([await direct(cleo), await direct(cleo)]).toEqual([BILLED, CAPPED]);
    });

    it('bills no view of a capped line item to a visitor without an id (opt-out), and every view of one without caps', async () => {
      await capTo('cap_day = 5');
      expect(await direct(null, { DNT: '1' })).toEqual(CAPPED);
      await capTo('cap_day = NULL, cap_total = NULL');
      expect(await direct(null, { DNT: '1' })).toEqual(BILLED);
    });
  });

  it('gives a capped line item to nobody without a visitor id (opt-out)', async () => {
    await setLineItem('cap_day = 5');
    await fresh();
    const res = await fetch(`${kit.server().url}/z/${news.placement}?site=news.example.com`, { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/131.0', DNT: '1' } });
    expect(await res.text()).toContain(HOUSE);
    await setLineItem('cap_day = NULL');
  });
});

describe('a scripted day', () => {
  it('paces an evenly paced line item with five times the traffic its budget buys: every hour near its share, the day at its budget and never above', async () => {
    // Summer Sale 2026's house line item, offered on the placement too; Client One's paused for the day.
    const summer = await kit.offer('Summer Sale 2026', 'daily.example.com');
    await setLineItem('active = false');
    await setLineItem(`bid_type = 'CPM', bid_price = 200, daily_budget = 72, budget = NULL, pacing = 'evenly', active = true, autopaused = false`, summer.lineitem);
    const day = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime();
    let now = day;
    const engine = restartDelivery(kit.core(), () => new Date(now));
    await engine.refresh();
    // 50 requests an hour, 1,200 a day; 72 cents buy 240 views of 0.3 cents.
    const perHour = 50;
    for (let hour = 0; hour < 24; hour++) {
      for (let i = 0; i < perHour; i++) {
        now = day + hour * 3_600_000 + Math.floor(((i + 0.5) * 3_600_000) / perHour);
        const res = await kit.zone(summer.placement, 'daily.example.com');
        expect(res.status).toBe(200);
        await res.text();
      }
    }
    const hours = await kit.sql<{ hour: number; cost: string }>(
      `SELECT extract(hour FROM hour AT TIME ZONE 'UTC')::int AS hour, SUM(cost_milli) AS cost FROM stat_hourly WHERE lineitem_id = $1 AND hour >= $2 GROUP BY 1 ORDER BY 1`,
      [summer.lineitem, new Date(day).toISOString()],
    );
    expect(hours.map((row) => row.hour)).toEqual([...Array(24).keys()]);
    for (const row of hours) expect(Math.abs(Number(row.cost) - 3_000)).toBeLessThanOrEqual(450);
    const total = hours.reduce((sum, row) => sum + Number(row.cost), 0);
    expect(total).toBeLessThanOrEqual(72_000);
    expect(total).toBeGreaterThanOrEqual(72_000 * 0.99);
    await setLineItem('active = true');
  }, 120_000);
});
