import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from './testkit.ts';

const kit = useTrackingServer();
// The demo's Summer Sale approves its clicks and conversions (their cost is reserved until then); here it is billed when tracked.
beforeAll(async () => {
  await kit.sql(`UPDATE campaigns SET click_approval = false, conversion_approval = false WHERE name = 'Summer Sale 2026'`);
});

const campaignRow = async (id: string) =>
  (await kit.sql<{ impressions: number; clicks: number; cost: string; pc_conversions: number; pv_conversions: number; budget_left: string | null }>(
    'SELECT impressions, clicks, cost, pc_conversions, pv_conversions, budget_left FROM campaigns WHERE id = $1', [id]))[0];
const balance = async (advertiser: string) => Number((await kit.sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [advertiser]))[0].balance);

describe('ad delivery: views, clicks and their cost', () => {
  it('counts a view of a banner served for delivery and links it through the click splitter', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await campaignRow(li.campaign);
    const res = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}&site=news.demo.test&subid=abc`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`/s/${li.banner}/${li.id}/1/abc?site=news.demo.test`);
    expect(res.headers.get('set-cookie')).toMatch(/adsuite_v=[0-9a-f-]{36}; .*SameSite=None; Secure/);
    const after = await campaignRow(li.campaign);
    expect(after.impressions).toBe(before.impressions + 1);
    const [view] = await kit.sql<{ kind: string; website: string; visitor: string; ip_hash: string }>(
      `SELECT kind, website, visitor, ip_hash FROM events WHERE lineitem_id = $1 AND kind = 'view' ORDER BY created DESC LIMIT 1`, [li.id]);
    expect(view).toMatchObject({ kind: 'view', website: 'news.demo.test' });
    expect(view.ip_hash).toMatch(/^[\w-]{32}$/);
    expect(view.ip_hash).not.toContain('127.0.0.1');
    // A preview in the member area (no line item) counts nothing.
    expect((await kit.hit(`/banner?id=${li.banner}`)).status).toBe(200);
    expect((await campaignRow(li.campaign)).impressions).toBe(before.impressions + 1);
  });

  it('counts a click, bills the CPC bid plus the channel fee and redirects with a click id', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await campaignRow(li.campaign);
    const funds = await balance(li.advertiser);
    const res = await kit.hit(`/s/${li.banner}/${li.id}/1/sub-7`);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('https://shop.demo.test/landing');
    const clickId = target.searchParams.get('adsuite_click');
    expect(clickId).toMatch(/^[0-9a-f-]{36}$/);
    const [click] = await kit.sql<{ subid: string; cost_milli: number; billable: boolean }>('SELECT subid, cost_milli, billable FROM events WHERE id = $1', [clickId]);
    // 0.45 euro CPC + 50 % programmatic fee = 67.5 cents.
    expect(click).toEqual({ subid: 'sub-7', cost_milli: 67_500, billable: true });
    const after = await campaignRow(li.campaign);
    expect(after.clicks).toBe(before.clicks + 1);
    expect(Number(after.cost)).toBeGreaterThan(Number(before.cost));
    expect(await balance(li.advertiser)).toBe(funds - (Number(after.cost) - Number(before.cost)));
    const [spend] = await kit.sql<{ amount: string; idempotency_key: string }>(
      `SELECT amount, idempotency_key FROM transactions WHERE advertiser_id = $1 AND type = 'spend' AND campaign_id = $2 ORDER BY created DESC LIMIT 1`, [li.advertiser, li.campaign]);
    expect(spend.idempotency_key).toMatch(new RegExp(`^spend:${li.campaign}:\\d{4}-\\d{2}-\\d{2}T\\d{2}:00:00.000Z$`));
  });

  it('counts a new visitor once a day and campaign: the cookie set with the first click, the same visitor after', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const visitors = async () => Number((await kit.sql<{ n: string }>(
      `SELECT count(*) AS n FROM stat_visitors WHERE advertiser_id = $1 AND campaign_id = $2 AND day = (now() AT TIME ZONE 'UTC')::date`, [li.advertiser, li.campaign]))[0].n);
    const before = await visitors();
    // Two new visitors' clicks at once (one batch, or two), each with a cookie made for it.
    const first = await Promise.all([kit.hit(`/s/${li.banner}/${li.id}/1/0`), kit.hit(`/s/${li.banner}/${li.id}/1/0`)]);
    const cookies = first.map((res) => /adsuite_v=([0-9a-f-]{36})/.exec(res.headers.get('set-cookie') ?? '')?.[1]);
    expect(cookies.every(Boolean) && cookies[0] !== cookies[1]).toBe(true);
    expect(await visitors()).toBe(before + 2);
    // Back with their cookies, beside a third new visitor: one more.
    const again = await Promise.all([
      ...cookies.map((cookie) => kit.hit(`/s/${li.banner}/${li.id}/1/0`, { headers: { Cookie: `adsuite_v=${cookie}` } })),
      kit.hit(`/s/${li.banner}/${li.id}/1/0`),
    ]);
    expect(again.map((res) => res.status)).toEqual([302, 302, 302]);
    expect(again.slice(0, 2).map((res) => res.headers.get('set-cookie'))).toEqual([null, null]);
    expect(await visitors()).toBe(before + 3);
    const [{ n }] = await kit.sql<{ n: string }>(
      `SELECT count(DISTINCT visitor) AS n FROM events WHERE campaign_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date AND visitor = ANY($2::text[])`, [li.campaign, cookies]);
    expect(Number(n)).toBe(2);
  });

  it('answers the 404 page for unknown ids and stores nothing', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const count = async () => Number((await kit.sql<{ n: string }>('SELECT count(*) AS n FROM events'))[0].n);
    const before = await count();
    for (const path of [
      `/s/${li.banner}/00000000-0000-4000-8000-000000000000/1/0`, `/s/not-an-id/${li.id}/1/0`, `/banner?id=${li.banner}&lineitem=00000000-0000-4000-8000-000000000000`,
    ]) {
      const res = await kit.hit(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('text/html');
    }
    const bad = await kit.hit(`/t/i.gif?banner=${li.banner}&lineitem=nope`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Array) });
    expect(await count()).toBe(before);
  });
});
