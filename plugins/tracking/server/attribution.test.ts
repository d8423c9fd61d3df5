import { describe, expect, it } from 'vitest';
import { BROWSER_UA, useTrackingServer } from './testkit.ts';

const kit = useTrackingServer();

const postEvents = (body: unknown, headers: Record<string, string> = {}) =>
  kit.hit('/t/e', { method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers } });
const count = async (where = 'true', bind: unknown[] = []) => Number((await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE ${where}`, bind))[0].n);
const campaign = async (id: string) => (await kit.sql<{ pc_conversions: number; pv_conversions: number; impressions: number; clicks: number; cost: string }>(
  'SELECT pc_conversions, pv_conversions, impressions, clicks, cost FROM campaigns WHERE id = $1', [id]))[0];

describe('conversions: orders of the container script', () => {
  it('counts an order after a click as a post-click conversion of the clicked campaign', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0?site=news.demo.test`);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('adsuite_click')!;
    const before = await campaign(li.campaign);
    const res = await postEvents({ a: li.advertiser, cls: 'order', id: 'evt-order-1', order: 'A-1001', value: 59.9, click: clickId, url: 'https://shop.demo.test/thanks' });
    expect(res.status).toBe(204);
    const [conversion] = await kit.sql<{ attribution: string; value: string; campaign_id: string; website: string; click_id: string }>(
      `SELECT attribution, value, campaign_id, website, click_id FROM events WHERE kind = 'conversion' AND order_id = 'A-1001'`);
    expect(conversion).toEqual({ attribution: 'post_click', value: '5990', campaign_id: li.campaign, website: 'news.demo.test', click_id: clickId });
    expect((await campaign(li.campaign)).pc_conversions).toBe(before.pc_conversions + 1);
    // The order is an onsite event of class order too.
    expect(await count(`kind = 'event' AND cls = 'order' AND order_id = 'A-1001'`)).toBe(1);
  });

  it('counts an order after a view (same browser, the ad server\'s cookie) as post-view', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const view = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}`);
    const cookie = /adsuite_v=([0-9a-f-]{36})/.exec(view.headers.get('set-cookie') ?? '')![1];
    const before = await campaign(li.campaign);
    const res = await postEvents({ a: li.advertiser, cls: 'order', order: 'A-1002', value: '19,99' }, { Cookie: `adsuite_v=${cookie}` });
    expect(res.status).toBe(204);
    const [conversion] = await kit.sql<{ attribution: string; value: string }>(`SELECT attribution, value FROM events WHERE kind = 'conversion' AND order_id = 'A-1002'`);
    expect(conversion).toEqual({ attribution: 'post_view', value: '1999' });
    expect((await campaign(li.campaign)).pv_conversions).toBe(before.pv_conversions + 1);
    // Without a click id or a known browser, an order is an onsite event only.
    await postEvents({ a: li.advertiser, cls: 'order', order: 'A-1003', value: 5 });
    expect(await count(`kind = 'conversion' AND order_id = 'A-1003'`)).toBe(0);
    expect(await count(`kind = 'event' AND order_id = 'A-1003'`)).toBe(1);
  });

  it('stores a repeated client event id once and the same order once', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const event = { a: li.advertiser, cls: 'product', id: 'evt-dup-1', product: 'SKU-1', url: 'https://shop.demo.test/p/1' };
    for (let i = 0; i < 3; i++) expect((await postEvents(event)).status).toBe(204);
    await Promise.all([postEvents(event), postEvents(event)]);
    expect(await count(`client_id = 'evt-dup-1'`)).toBe(1);
  });
});

describe('onsite events: the campaign of the click or view they go back to', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  type Stored = { cls: string; campaign_id: string | null; lineitem_id: string | null; banner_id: string | null; channel: string | null; website: string | null; attribution: string | null; visitor: string | null };
  const stored = (ids: string[]) => kit.sql<Stored>(
    `SELECT cls, campaign_id, lineitem_id, banner_id, channel, website, attribution, visitor FROM events WHERE kind = 'event' AND client_id = ANY($1::text[]) ORDER BY client_id`, [ids]);
  const rollup = async (campaign: string) => (await kit.sql<{ impressions: string | null; clicks: string | null; rows: string }>(
    'SELECT SUM(impressions) AS impressions, SUM(clicks) AS clicks, count(*) AS rows FROM stat_hourly WHERE campaign_id = $1', [campaign]))[0];

  it('stores every class of a clicking visitor\'s events with the click\'s campaign, line item, creative, channel and website', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0?site=news.demo.test`);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('adsuite_click')!;
    const cookie = /adsuite_v=([0-9a-f-]{36})/.exec(click.headers.get('set-cookie') ?? '')![1];
    const counters = await campaign(li.campaign);
    const rolled = await rollup(li.campaign);
    const classes = ['front', 'product', 'cart', 'checkout', 'search', 'wishlist', 'catalog', 'generic'];
    const ids = classes.map((cls) => `onsite-click-${cls}`);
    const res = await postEvents(classes.map((cls, n) => ({ a: li.advertiser, cls, id: ids[n], click: clickId, url: `https://shop.demo.test/${cls}` })), { Cookie: `adsuite_v=${cookie}` });
    expect(res.status).toBe(204);
    const rows = await stored(ids);
    expect(rows).toHaveLength(classes.length);
    for (const row of rows) {
      expect(row, row.cls).toEqual({
        cls: row.cls, campaign_id: li.campaign, lineitem_id: li.id, banner_id: li.banner, channel: 'platform161', website: 'news.demo.test',
        attribution: 'post_click', visitor: cookie,
      });
    }
    // The campaign's counters and rollups count ads; its onsite events are read from the raw events.
    expect(await campaign(li.campaign)).toEqual(counters);
    expect(await rollup(li.campaign)).toEqual(rolled);
    // The same click id later, in a request of its own (from what the process remembers): the same campaign.
    expect((await postEvents({ a: li.advertiser, cls: 'product', id: 'onsite-click-later', click: clickId })).status).toBe(204);
    expect((await stored(['onsite-click-later']))[0]).toMatchObject({ campaign_id: li.campaign, attribution: 'post_click' });
  });

  it('goes back to the latest view of the same browser without a click id, and to no campaign without either', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const view = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}&site=sport.demo.test`);
    const cookie = /adsuite_v=([0-9a-f-]{36})/.exec(view.headers.get('set-cookie') ?? '')![1];
    expect((await postEvents([{ a: li.advertiser, cls: 'front', id: 'onsite-view-1' }, { a: li.advertiser, cls: 'product', id: 'onsite-view-2', product: 'SKU-1' }], { Cookie: `adsuite_v=${cookie}` })).status).toBe(204);
    expect((await stored(['onsite-view-1', 'onsite-view-2'])).map((row) => [row.campaign_id, row.lineitem_id, row.website, row.attribution])).toEqual([
      [li.campaign, li.id, 'sport.demo.test', 'post_view'], [li.campaign, li.id, 'sport.demo.test', 'post_view'],
    ]);
    // No click id and no known browser; a click id of another advertiser's click; an unknown click id.
    const other = await kit.lineitem('Client One Always-On', 'platform161');
    const otherClick = await kit.hit(`/s/${other.banner}/${other.id}/1/0`);
    const otherId = new URL(otherClick.headers.get('location')!).searchParams.get('adsuite_click')!;
    expect((await postEvents([
      { a: li.advertiser, cls: 'front', id: 'onsite-none-1' },
      { a: li.advertiser, cls: 'front', id: 'onsite-none-2', click: otherId },
      { a: li.advertiser, cls: 'front', id: 'onsite-none-3', click: '0190a6b1-7c4e-7a10-8a00-000000000001' },
    ])).status).toBe(204);
    expect((await stored(['onsite-none-1', 'onsite-none-2', 'onsite-none-3'])).map((row) => [row.campaign_id, row.attribution])).toEqual([[null, null], [null, null], [null, null]]);
  });

  it('counts them in the campaign\'s Expert Analytics, by class, and not the shop\'s events no ad led to', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const sysop = await kit.server.token('sysop@demo.test');
    const stats = async () => (await (await kit.server.api(`/api/campaign/${li.campaign}/stats?start=${today()}&end=${today()}`, { token: sysop })).json()) as Record<string, number>;
    const before = await stats();
    const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0`);
    const clickId = new URL(click.headers.get('location')!).searchParams.get('adsuite_click')!;
    expect((await postEvents([
      { a: li.advertiser, cls: 'product', id: 'expert-1', click: clickId, product: 'SKU-1' },
      { a: li.advertiser, cls: 'product', id: 'expert-2', click: clickId, product: 'SKU-2' },
      { a: li.advertiser, cls: 'cart', id: 'expert-3', click: clickId, value: 20 },
      { a: li.advertiser, cls: 'product', id: 'expert-4', product: 'SKU-3' },
    ])).status).toBe(204);
    const after = await stats();
    expect(after.pixelCount - before.pixelCount).toBe(3);
    expect(after.product - before.product).toBe(2);
    expect(after.cart - before.cart).toBe(1);
  });
});

describe('bots, privacy and bad input', () => {
  it('stores a known bot\'s view and click flagged, never billed or counted', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await campaign(li.campaign);
    const bot = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect((await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}`, { headers: bot })).status).toBe(200);
    const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0`, { headers: bot });
    expect(click.status).toBe(302);
    const after = await campaign(li.campaign);
    expect(after).toEqual(before);
    const rows = await kit.sql<{ bot: boolean; billable: boolean; cost_milli: number }>(
      `SELECT bot, billable, cost_milli FROM events WHERE lineitem_id = $1 AND bot = true`, [li.id]);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.bot && !row.billable && row.cost_milli === 0)).toBe(true);
  });

  it('honours Do-Not-Track and the opt-out: no onsite events, no cookie, views counted without identifiers', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await count(`kind = 'event'`);
    expect((await postEvents({ a: li.advertiser, cls: 'front', id: 'dnt-1' }, { DNT: '1' })).status).toBe(204);
    expect(await count(`kind = 'event'`)).toBe(before);
    const optout = await kit.hit('/t/optout');
    expect(optout.headers.get('set-cookie')).toContain('adsuite_optout=1');
    const view = await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}`, { headers: { Cookie: 'adsuite_optout=1' } });
    expect(view.headers.get('set-cookie')).toBeNull();
    const [row] = await kit.sql<{ visitor: string | null; ip_hash: string | null }>(
      `SELECT visitor, ip_hash FROM events WHERE lineitem_id = $1 AND kind = 'view' ORDER BY created DESC LIMIT 1`, [li.id]);
    expect(row).toEqual({ visitor: null, ip_hash: null });
    const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0`, { headers: { Cookie: 'adsuite_optout=1' } });
    expect(new URL(click.headers.get('location')!).searchParams.has('adsuite_click')).toBe(false);
  });

  it('answers bad input with 400 (or 413) and { message, errors }, and stores nothing', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await count();
    const cases: [unknown, number][] = [
      ['{not json', 400],
      [{ a: li.advertiser, cls: 'teleport' }, 400],
      [{ a: 'nope', cls: 'front' }, 400],
      [{ a: '00000000-0000-4000-8000-000000000000', cls: 'front' }, 400],
      [{ a: li.advertiser, cls: 'order', value: 10 }, 400],
      [{ a: li.advertiser, cls: 'cart', value: -1 }, 400],
      [{ a: li.advertiser, cls: 'cart', click: 'x' }, 400],
      [{ a: li.advertiser, cls: 'front', url: 'x'.repeat(2001) }, 400],
      [[], 400],
      [Array.from({ length: 21 }, () => ({ a: li.advertiser, cls: 'front' })), 400],
      [[{ a: li.advertiser, cls: 'front' }, { a: li.advertiser, cls: 'nope' }], 400],
      [{ a: li.advertiser, cls: 'front', data: { blob: 'x'.repeat(17_000) } }, 413],
    ];
    for (const [body, status] of cases) {
      const res = await postEvents(body, { Language: 'de' });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const answer = await res.json() as { message: string; errors: unknown[] };
      expect(answer.message).toEqual(expect.any(String));
      expect(Array.isArray(answer.errors)).toBe(true);
    }
    const german = await (await postEvents({ a: li.advertiser, cls: 'teleport' }, { Language: 'de' })).json() as { message: string };
    expect(german.message).toContain('Unbekannte Ereignisklasse');
    expect((await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}&pub=nope`)).status).toBe(400);
    expect((await kit.hit(`/t/i.gif?banner=${li.banner}`)).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('serves the container script: small, cacheable, for known advertisers only', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const res = await kit.hit(`/c/${li.advertiser}.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toContain('max-age=');
    const script = await res.text();
    expect(script).toContain(li.advertiser);
    expect(script).toContain('/t/e');
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(script).length).toBeLessThan(3 * 1024);
    expect((await kit.hit('/c/00000000-0000-4000-8000-000000000000.js')).status).toBe(404);
    expect((await kit.hit('/c/nope.js')).status).toBe(404);
    expect(BROWSER_UA).toContain('Chrome');
  });
});

describe('a batch the database refuses', () => {
  it('answers 503 and stores none of it; the next batch goes through', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    await kit.server.core.sequelize.query(`CREATE FUNCTION refuse_events() RETURNS trigger AS 'BEGIN RAISE EXCEPTION ''refused for the test''; END' LANGUAGE plpgsql`);
    await kit.sql('CREATE TRIGGER refuse_events BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION refuse_events()');
    const before = await count();
    const spend = await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM transactions WHERE type = 'spend'`);
    try {
      const res = await postEvents({ a: li.advertiser, cls: 'front', id: 'refused-1' }, { Language: 'de' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'Die Ereignisse konnten gerade nicht gespeichert werden. Bitte versuchen Sie es erneut.', errors: [] });
      expect((await kit.hit(`/banner?id=${li.banner}&lineitem=${li.id}`)).status).toBe(503);
      // A click still takes the visitor to the shop, without a click id.
      const click = await kit.hit(`/s/${li.banner}/${li.id}/1/0`);
      expect(click.status).toBe(302);
      expect(new URL(click.headers.get('location')!).searchParams.has('adsuite_click')).toBe(false);
    } finally {
      await kit.sql('DROP TRIGGER refuse_events ON events');
      await kit.sql('DROP FUNCTION refuse_events()');
    }
    expect(await count()).toBe(before);
    expect(await kit.sql<{ n: string }>(`SELECT count(*) AS n FROM transactions WHERE type = 'spend'`)).toEqual(spend);
    expect((await postEvents({ a: li.advertiser, cls: 'front', id: 'refused-1' })).status).toBe(204);
    expect(await count()).toBe(before + 1);
  });
});
