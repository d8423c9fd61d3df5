/**
 * A tag earns (issue 35): the embed code and splitter link of an accepted campaign carry the publisher and the
 * website, so the ad server stores its views and clicks with them; the publisher's home reads them from the
 * rollups at once, its pending earnings are the media part of its reserved clicks, an approved click moves that
 * into its balance, and each website shows the earnings of its own events; a website that sends traffic unregistered is offered to claim, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bannerUrl, embedCode, splitterLink } from '@adsuite/config/adTags';
import { mediaPartOf } from '@adsuite/config/pricing';
import { sendInvitations } from './jobs.ts';
import { usePublisherServer } from './testkit.ts';

const kit = usePublisherServer();
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PUBLISHER = 'publisher@demo.test';
let campaign = '';
let publisher = '';
/** When this test's traffic starts. */
const started = new Date(Date.now() - 1_000);

const hit = (url: string, referer?: string) => fetch(url, { redirect: 'manual', headers: { 'User-Agent': UA, ...(referer ? { Referer: referer } : {}) } });
const home = async () => (await kit.call(PUBLISHER, `/api/publisher/${publisher}/dashboard`)).body;

beforeAll(async () => {
  campaign = await kit.id('campaigns', 'Summer Sale 2026');
  publisher = await kit.id('publishers', 'Demo Publisher');
  const staff = 'affiliatemanager@demo.test';
  expect((await kit.call(staff, `/api/campaign/${campaign}/invitations`, { method: 'POST', body: { action: 'invite', publishers: [publisher] } })).status).toBe(200);
  await sendInvitations(kit.core(), { campaign });
  const [invitation] = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/invitations`)).body;
  expect((await kit.call(PUBLISHER, `/api/publisher/${publisher}/invitations/${invitation.id}`, { method: 'POST', body: { answer: 'accept' } })).status).toBe(200);
});

describe('an accepted campaign\'s tags', () => {
  it('attribute the views and clicks of the embed code and the splitter link to the publisher and its website', async () => {
    const detail = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/campaigns/${campaign}`)).body;
    expect(detail.withTags).toBe(true);
    const [placement] = detail.placements;
    const origin = kit.server().url;
    const owner = { publisher, website: 'blog.partner.test', subid: 'sidebar' };
    const code = embedCode(origin, placement, owner);
    expect(code).toBe(`<iframe src="${bannerUrl(origin, placement, owner).replace(/&/g, '&amp;')}" width="300" height="250" frameborder="0" scrolling="no" style="border:0;overflow:hidden" title="Ad"></iframe>`);
    const before = await home();

    // The iframe's page: a view, and the banner links through the splitter with the publisher and website.
    const page = await hit(/src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&'), 'https://blog.partner.test/article');
    expect(page.status).toBe(200);
    const click = /href="([^"]+)"/.exec(await page.text())![1];
    // With the view's id as its click id (`c`: clicked twice, the second is a repeated click).
    expect(click).toBe(`/s/${placement.banner}/${placement.lineitem}/1/sidebar?pub=${publisher}&site=blog.partner.test&c=${new URL(click, origin).searchParams.get('c')}`);
    expect(new URL(click, origin).searchParams.get('c')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const through = await hit(`${origin}${click}`);
    expect(through.status).toBe(302);
    expect(through.headers.get('location')).toContain('adsuite_click=');
    // A splitter link of its own, on another website of the publisher.
    const link = splitterLink(origin, placement, { publisher, website: 'news.demo.test' });
    expect(link).toBe(`${origin}/s/${placement.banner}/${placement.lineitem}/1/0?pub=${publisher}&site=news.demo.test`);
    expect((await hit(link)).status).toBe(302);

    const events = await kit.sql<{ kind: string; publisher_id: string; website: string; subid: string | null }>(
      `SELECT kind, publisher_id, website, subid FROM events WHERE campaign_id = $1 AND kind IN ('view', 'click') AND NOT bot ORDER BY created`, [campaign]);
    expect(events).toEqual([
      { kind: 'view', publisher_id: publisher, website: 'blog.partner.test', subid: 'sidebar' },
      { kind: 'click', publisher_id: publisher, website: 'blog.partner.test', subid: 'sidebar' },
      { kind: 'click', publisher_id: publisher, website: 'news.demo.test', subid: null },
    ]);

    // The home reads it from the rollups at once.
    const after = await home();
    expect(after.totals.impressions - before.totals.impressions).toBe(1);
    expect(after.totals.clicks - before.totals.clicks).toBe(2);
    expect(after.websites.map((row: { website: string }) => row.website).sort()).toEqual(['blog.partner.test', 'news.demo.test']);
    expect(after.campaigns[0]).toMatchObject({ id: campaign, name: 'Summer Sale 2026', impressions: 1, clicks: 2 });
    const offers = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/campaigns`)).body;
    expect(offers.find((row: { id: string }) => row.id === campaign).figures).toMatchObject({ impressions: 1, clicks: 2, earnings: 0 });

    // A publisher id that is no publisher's earns nobody anything.
    await hit(splitterLink(origin, placement, { publisher: '00000000-0000-4000-8000-000000000009', website: 'x.test' }));
    const [stray] = await kit.sql<{ publisher_id: string | null }>(`SELECT publisher_id FROM events WHERE website = 'x.test'`);
    expect(stray.publisher_id).toBeNull();
  });

  it('show the reserved clicks as pending earnings, and an approved click in the balance', async () => {
    // This test's clicks (the demo history may hold reserved events of the publisher's own, still waiting).
    const reserved = await kit.sql<{ id: string; charge: string; channel: string }>(
      `SELECT e.id, floor(r.amount_milli / 1000) AS charge, e.channel FROM reservations r JOIN events e ON e.advertiser_id = r.advertiser_id AND e.id = r.event_id
       WHERE e.publisher_id = $1 AND e.website IN ('blog.partner.test', 'news.demo.test') AND e.created >= $2 ORDER BY e.created`, [publisher, started]);
    expect(reserved).toHaveLength(2);
    const media = reserved.map((row) => mediaPartOf(Number(row.charge), row.channel));
    const cents = (euros: number) => Math.round(euros * 100);
    const before = await home();
    expect(cents(before.pending)).toBeGreaterThanOrEqual(media[0] + media[1]);
    expect(before.pendingEvents).toBeGreaterThanOrEqual(2);

    const approved = await kit.call('advertiser@demo.test', `/api/campaign/${campaign}/clicks`, { method: 'POST', body: { clickId: reserved[0].id, approved: true } });
    expect(approved.status).toBe(200);
    const after = await home();
    // Out of the pending earnings, into the balance.
    expect(cents(after.pending)).toBe(cents(before.pending) - media[0]);
    expect(after.pendingEvents).toBe(before.pendingEvents - 1);
    expect(cents(after.balance)).toBe(cents(before.balance) + media[0]);
    expect(Math.round(after.totals.earnings * 100)).toBe(Math.round(before.totals.earnings * 100) + media[0]);
    expect(after.totals.epc).toBe(Math.round((after.totals.earnings * 100) / after.totals.clicks) / 100);
    expect(Math.round(after.days.at(-1).earnings * 100)).toBe(Math.round(before.days.at(-1).earnings * 100) + media[0]);
  });

  it('split the earnings by the website that sent each approved event', async () => {
    // The click of blog.partner.test was approved above with its proposed provision; news.demo.test's now earns less.
    const [first] = await kit.sql<{ provision: string }>(
      `SELECT a.provision FROM event_approvals a JOIN events e ON e.advertiser_id = a.advertiser_id AND e.day = a.day AND e.id = a.event_id
       WHERE e.publisher_id = $1 AND e.website = 'blog.partner.test' AND a.status = 'approved'`, [publisher]);
    const blogCents = Number(first.provision);
    expect(blogCents).toBeGreaterThan(0);
    const [open] = await kit.sql<{ id: string; website: string; charge: string; channel: string }>(
      `SELECT e.id, e.website, floor(r.amount_milli / 1000) AS charge, e.channel FROM reservations r JOIN events e ON e.advertiser_id = r.advertiser_id AND e.id = r.event_id
       WHERE e.publisher_id = $1 AND e.website IN ('blog.partner.test', 'news.demo.test') AND e.created >= $2`, [publisher, started]);
    expect(open.website).toBe('news.demo.test');
    const newsCents = Math.floor(mediaPartOf(Number(open.charge), open.channel) / 2);
    expect(newsCents).toBeGreaterThan(0);
    expect(newsCents).not.toBe(blogCents);
    // Each website's earnings: on the home's top websites and on /websites (registered or to claim), in cents.
    const onHome = async () => new Map<string, number>((await home()).websites.map((row: { website: string; earnings: number }) => [row.website, Math.round(row.earnings * 100)]));
    const onWebsites = async () => {
      const data = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/websitedata`)).body;
      const rows: { website: string; figures: { earnings: number } }[] = [...data.websites.map((row: { host: string; figures: { earnings: number } }) => ({ website: row.host, figures: row.figures })), ...data.unclaimed];
      return new Map(rows.map((row) => [row.website, Math.round(row.figures.earnings * 100)]));
    };
    const [homeBefore, sitesBefore, totalBefore] = [await onHome(), await onWebsites(), (await home()).totals.earnings];
    expect(homeBefore.get('blog.partner.test')).toBe(blogCents);
    expect(sitesBefore.get('blog.partner.test')).toBe(blogCents);
    const approved = await kit.call('advertiser@demo.test', `/api/campaign/${campaign}/clicks`, { method: 'POST', body: { clickId: open.id, approved: true, provision: newsCents / 100 } });
    expect(approved.status).toBe(200);

    expect(Math.round((await home()).totals.earnings * 100)).toBe(Math.round(totalBefore * 100) + newsCents);
    for (const [name, now, before] of [['home', await onHome(), homeBefore], ['websites', await onWebsites(), sitesBefore]] as const) {
      expect(now.get('blog.partner.test'), name).toBe(blogCents);
      expect(now.get('news.demo.test'), name).toBe((before.get('news.demo.test') ?? 0) + newsCents);
    }
    // Credited today: a range of tomorrow holds none of it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/dashboard?start=${tomorrow}&end=${tomorrow}`)).body;
    expect(later.websites).toEqual([]);
  });
});

describe('websites', () => {
  it('offer the unregistered ones with traffic to claim, once, and then list them with their figures', async () => {
    const data = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/websitedata`)).body;
    expect(data.websites).toEqual([]);
    expect(data.unclaimed.map((row: { website: string }) => row.website)).toEqual(['blog.partner.test', 'news.demo.test']);

    const claim = (website: unknown, email = PUBLISHER) => kit.call(email, `/api/publisher/${publisher}/websites/claim`, { method: 'POST', body: { website } });
    expect((await claim('not a host')).body.errors[0].field).toBe('website');
    expect((await claim('elsewhere.test')).status).toBe(404);
    expect((await claim('blog.partner.test', 'advertiser@demo.test')).status).toBe(403);
    const both = await Promise.all([claim('Blog.Partner.test'), claim('blog.partner.test')]);
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const created = both.find((answer) => answer.status === 201)!.body;
    expect(created).toMatchObject({ name: 'blog.partner.test', url: 'https://blog.partner.test', publisher });

    const now = (await kit.call(PUBLISHER, `/api/publisher/${publisher}/websitedata`)).body;
    expect(now.websites).toHaveLength(1);
    expect(now.websites[0]).toMatchObject({ host: 'blog.partner.test', figures: { impressions: 1, clicks: 1, conversions: 0 } });
    expect(now.websites[0].details).toMatchObject({ monthlyVisitors: 0, monthlyPageviews: 0, visitorsOrigin: [] });
    expect(now.unclaimed.map((row: { website: string }) => row.website)).toEqual(['news.demo.test']);
    // Another publisher sees none of it.
    const other = await kit.publisher('Other Media', 'other@media.test');
    expect((await kit.call('other@media.test', `/api/publisher/${publisher}/websitedata`)).status).toBe(404);
    expect((await kit.call('other@media.test', `/api/publisher/${other}/websitedata`)).body).toMatchObject({ websites: [], unclaimed: [] });
  });
});
