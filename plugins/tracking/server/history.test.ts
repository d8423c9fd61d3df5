/**
 * The demo history (history.ts, historyVisits.ts) through the pipeline: the house channels' views and clicks one by
 * one with their visitors, the shop's onsite events of every class, orders attributed to a click or a view; the
 * campaign with approval has clicks waiting for staff and older ones approved by the validation window, whose
 * provisions are the demo publisher's earnings, booked double entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_CLASSES } from '@adsuite/config';
import { useTrackingServer } from './testkit.ts';
import { seedHistory } from './history.ts';
import { moneyAudit } from '../../finances/server/testkit.ts';
import { auditBalance } from '../../finances/server/testkit.ts';

const kit = useTrackingServer();
// A week: enough shop visits from the ads that the rarer onsite classes (a newsletter sign-up is 1 visit in 20) occur on any day it runs.
const DAYS = 7;
let campaign = '';
let advertiser = '';
let publisher = '';
let sysop = '';
let written = 0;
let seconds = 0;

beforeAll(async () => {
  const item = await kit.lineitem('Summer Sale 2026', 'platform161');
  ({ campaign, advertiser } = item);
  publisher = (await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id;
  // A window of one day: the history's first days are past it.
  await kit.sql('UPDATE campaigns SET validation_days = 1 WHERE id = $1', [campaign]);
  const started = Date.now();
  written = await seedHistory(kit.server.core, DAYS);
  await kit.server.core.jobs.drain();
  seconds = (Date.now() - started) / 1000;
  sysop = await kit.server.token('sysop@demo.test');
}, 300_000);

const get = async (path: string) => {
  const res = await kit.server.api(path, { token: sysop });
  return { status: res.status, body: await res.json() };
};
const count = async (query: string, bind: unknown[] = []) => Number((await kit.sql<{ n: string }>(query, bind))[0].n);

describe('the demo history', () => {
  it('writes each house view and click with its visitor, once, quickly', async () => {
    expect(written).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(120);
    const views = await count(`SELECT count(*) AS n FROM events WHERE campaign_id = $1 AND kind = 'view' AND visitor IS NOT NULL AND channel = 'platform161'`, [campaign]);
    const clicks = await count(`SELECT count(*) AS n FROM events WHERE campaign_id = $1 AND kind = 'click' AND visitor IS NOT NULL AND website IS NOT NULL AND publisher_id = $2`, [campaign, publisher]);
    expect(views).toBeGreaterThan(1_000);
    expect(clicks).toBeGreaterThan(20);
    // The rollups are the raw events' sums.
    const rolled = (await kit.sql<{ impressions: string; clicks: string }>(
      `SELECT SUM(impressions) AS impressions, SUM(clicks) AS clicks FROM stat_hourly WHERE campaign_id = $1 AND channel = 'platform161'`, [campaign]))[0];
    expect(Number(rolled.impressions)).toBe(views);
    expect(Number(rolled.clicks)).toBe(clicks);
    // A second run finds the history and writes nothing.
    expect(await seedHistory(kit.server.core, DAYS)).toBe(0);
  });

  it('gives Expert Analytics unique users and onsite events of every class', async () => {
    const end = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const { status, body } = await get(`/api/campaign/${campaign}/stats?start=${start}&end=${end}`);
    expect(status).toBe(200);
    expect(body.uniqueCount).toBeGreaterThan(500);
    expect(body.pixelCount).toBeGreaterThan(100);
    for (const cls of EVENT_CLASSES) expect(body[cls], cls).toBeGreaterThan(0);
    expect(body.siteCr).toBeGreaterThan(0);
    // Each onsite tile links to /events?campaign=&cls=: the events list of the campaign and class has the last days' rows.
    for (const cls of ['front', 'product', 'order']) {
      const res = await kit.server.api(`/api/event?filter=${encodeURIComponent(JSON.stringify({ campaign, cls: [cls] }))}&range=[0,9]`, { token: sysop });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { kind: string; cls: string; campaign: string; lineitem: string | null; attribution: string }[];
      expect(rows.length, cls).toBeGreaterThan(0);
      expect(rows.filter((row) => row.kind === 'event').every((row) => row.cls === cls && row.campaign === campaign && row.lineitem && row.attribution)).toBe(true);
    }
    // The shop's visitors who came without an ad count for no campaign.
    expect(await count(`SELECT count(*) AS n FROM events WHERE advertiser_id = $1 AND kind = 'event' AND campaign_id IS NULL`, [advertiser])).toBeGreaterThan(0);
    expect(body.pixelCount).toBeLessThan(await count(`SELECT count(*) AS n FROM events WHERE advertiser_id = $1 AND kind = 'event' AND NOT bot AND day >= $2::date`, [advertiser, start]));
    // The visitors look at the shop's own products (its catalog), at their prices.
    const [viewed] = await kit.sql<{ events: string; listed: string; priced: string }>(
      `SELECT count(*) AS events, count(p.id) AS listed, count(*) FILTER (WHERE p.price = e.value OR p.sale_price = e.value) AS priced
       FROM events e LEFT JOIN products p ON p.advertiser_id = e.advertiser_id AND p.product_id = e.product_id
       WHERE e.advertiser_id = $1 AND e.kind = 'event' AND e.cls = 'product'`, [advertiser]);
    expect(Number(viewed.events)).toBeGreaterThan(0);
    expect(Number(viewed.listed)).toBe(Number(viewed.events));
    expect(Number(viewed.priced)).toBe(Number(viewed.events));
    // The orders of ad visitors are conversions of their click (post-click) or of the view they saw (post-view).
    const attributed = await kit.sql<{ attribution: string; n: string }>(
      `SELECT c.attribution, count(*) AS n FROM events c JOIN events o ON o.advertiser_id = c.advertiser_id AND o.kind = 'event' AND o.cls = 'order' AND o.order_id = c.order_id
       WHERE c.campaign_id = $1 AND c.kind = 'conversion' AND c.channel = 'platform161' GROUP BY 1`, [campaign]);
    expect(attributed.map((row) => row.attribution).sort()).toContain('post_click');
    const clicked = await count(
      `SELECT count(*) AS n FROM events c JOIN events k ON k.advertiser_id = c.advertiser_id AND k.kind = 'click' AND k.id::text = c.click_id
       WHERE c.campaign_id = $1 AND c.kind = 'conversion' AND c.attribution = 'post_click' AND c.channel = 'platform161'`, [campaign]);
    expect(clicked).toBe(Number(attributed.find((row) => row.attribution === 'post_click')!.n));
  });

  it('leaves the last day\'s clicks to staff and approved the older ones, crediting the demo publisher', async () => {
    const start = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date().toISOString().slice(0, 10);
    const pending = await get(`/api/campaign/${campaign}/clicks?start_date=${start}&end_date=${end}&approvalStatus=NULL`);
    const approved = await get(`/api/campaign/${campaign}/clicks?start_date=${start}&end_date=${end}&approvalStatus=approved`);
    expect(pending.status).toBe(200);
    expect(pending.body.count).toBeGreaterThan(0);
    expect(approved.body.count).toBeGreaterThan(0);
    expect(approved.body.items[0]).toMatchObject({ publisherName: 'Demo Publisher', approvalStatus: 'approved' });
    const provisions = await count(`SELECT COALESCE(SUM(provision), 0) AS n FROM event_approvals WHERE campaign_id = $1 AND status = 'approved'`, [campaign]);
    expect(provisions).toBeGreaterThan(0);
    const token = await kit.server.token('publisher@demo.test');
    const balance = await (await kit.server.api(`/api/publisher/${publisher}/balance`, { token })).json();
    expect(balance.balance * 100).toBeCloseTo(provisions, 6);
    const ledger = await (await kit.server.api('/api/earning?range=[0,9]', { token })).json();
    expect(ledger[0]).toMatchObject({ type: 'earning', campaign });
    expect(ledger[0].description).toContain('Summer Sale 2026');
  });

  it('keeps the books double entry', async () => {
    const audit = await moneyAudit(kit.server.core);
    expect(audit.accounts).toBe(audit.outside);
    expect(audit.publishers).toBeGreaterThan(0);
    const books = await auditBalance(kit.server.core, advertiser);
    expect(books.balance).toBe(books.ledger);
  });
});
