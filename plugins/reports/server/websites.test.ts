/**
 * The Instant Report's "remove website" (POST /api/campaign/:id/domainlist, SPEC section 7 updateDomainlist): the
 * domain lands on the campaign's blacklist domain list and the house ad server stops delivering there (no banner,
 * no view, clicks unbilled) on the chosen channels only; other websites and channels deliver as before. Another
 * advertiser's campaign is 404, viewers and accounting are refused, bad input is 400 in the request's language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetAllLineItems } from '../../tracking/server/testkit.ts';
import { writeEvents } from '../../tracking/server/testkit.ts';
import { useTrackingServer, type DemoLineItem } from '../../tracking/server/testkit.ts';
import { daysAgo, today } from './workload.ts';

const kit = useTrackingServer();
const tokens: Record<string, string> = {};
let display: DemoLineItem;
let social: DemoLineItem;

beforeAll(async () => {
  display = await kit.lineitem('Summer Sale 2026', 'platform161');
  social = await kit.lineitem('Summer Sale 2026', 'facebook');
  for (const email of ['advertiser@demo.test', 'other@demo.test', 'viewer@demo.test', 'accounting@demo.test', 'sysop@demo.test', 'publisher@demo.test']) tokens[email] = await kit.server.token(email);
}, 120_000);

const remove = (campaign: string, body: unknown, email = 'advertiser@demo.test', language: 'de' | 'en' = 'en') =>
  kit.server.api(`/api/campaign/${campaign}/domainlist`, { method: 'POST', token: tokens[email], body, headers: { Language: language } });

/** Views stored for the line item on `site` (bots aside). */
const views = async (lineitem: DemoLineItem, site: string) =>
  Number((await kit.sql<{ n: string }>(`SELECT COUNT(*) AS n FROM events WHERE kind = 'view' AND lineitem_id = $1 AND website = $2`, [lineitem.id, site]))[0].n);

const serve = (lineitem: DemoLineItem, site: string) => kit.hit(`/banner?id=${lineitem.banner}&lineitem=${lineitem.id}&site=${encodeURIComponent(site)}`);

describe('removing a website from a campaign', () => {
  it('puts the domain onto the campaign\'s blacklist and the ad server stops delivering there on that channel', async () => {
    // Before: the banner is served on news.example and counts a view.
    expect((await serve(display, 'news.example')).status).toBe(200);
    expect(await views(display, 'news.example')).toBe(1);

    const res = await remove(display.campaign, { name: 'News.Example', channels: ['platform161'] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { website: string; channels: string[]; domainlist: { id: string; domains: string[]; channels: string[] } };
    expect(body).toMatchObject({ website: 'news.example', channels: ['platform161'], domainlist: { domains: ['news.example'], channels: ['platform161'] } });
    const [list] = await kit.sql<{ type: string; campaign_id: string; advertiser_id: string; domains: string[] }>(
      'SELECT type, campaign_id, advertiser_id, domains FROM domainlists WHERE id = $1', [body.domainlist.id]);
    expect(list).toEqual({ type: 'blacklist', campaign_id: display.campaign, advertiser_id: display.advertiser, domains: ['news.example'] });

    forgetAllLineItems();
    // The website and its subdomains get an empty slot and count nothing; another website still delivers.
    const blocked = await serve(display, 'news.example');
    expect(blocked.status).toBe(204);
    expect(await blocked.text()).toBe('');
    expect((await serve(display, 'www.news.example')).status).toBe(204);
    expect(await views(display, 'news.example')).toBe(1);
    expect(await views(display, 'www.news.example')).toBe(0);
    expect((await serve(display, 'sport.example')).status).toBe(200);
    expect(await views(display, 'sport.example')).toBe(1);
    // The view pixel counts nothing there either.
    expect((await kit.hit(`/t/i.gif?banner=${display.banner}&lineitem=${display.id}&site=news.example`)).status).toBe(200);
    expect(await views(display, 'news.example')).toBe(1);
    // A click from there still leads to the shop, unbilled.
    const click = await kit.hit(`/s/${display.banner}/${display.id}/1/0?site=news.example`);
    expect(click.status).toBe(302);
    const [clickRow] = await kit.sql<{ billable: boolean; cost_milli: string }>(
      `SELECT billable, cost_milli FROM events WHERE kind = 'click' AND lineitem_id = $1 AND website = 'news.example' ORDER BY created DESC LIMIT 1`, [display.id]);
    expect(clickRow).toMatchObject({ billable: false });
    expect(Number(clickRow.cost_milli)).toBe(0);
    // The campaign's other channel was not chosen: it still delivers on news.example.
    expect((await serve(social, 'news.example')).status).toBe(200);
    expect(await views(social, 'news.example')).toBe(1);
  });

  it('keeps one blacklist per campaign and adds to it', async () => {
    const res = await remove(display.campaign, { name: 'sport.example', channels: ['platform161', 'ssp1'] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { domainlist: { domains: string[]; channels: string[] } };
    expect(body.domainlist).toMatchObject({ domains: ['news.example', 'sport.example'], channels: ['platform161', 'ssp1'] });
    const lists = await kit.sql('SELECT id FROM domainlists WHERE campaign_id = $1', [display.campaign]);
    expect(lists).toHaveLength(1);
    forgetAllLineItems();
    expect((await serve(display, 'sport.example')).status).toBe(204);
    // Listed in the advertiser's domain lists.
    const listed = await kit.server.api(`/api/domainlist?filter=${encodeURIComponent(JSON.stringify({ campaign: display.campaign }))}`, { token: tokens['advertiser@demo.test'] });
    expect(((await listed.json()) as { type: string }[]).map((row) => row.type)).toEqual(['blacklist']);
  });

  it('is the campaign\'s advertiser\'s: another advertiser 404, a viewer and accounting 403, nothing written', async () => {
    const before = await kit.sql('SELECT id, domains FROM domainlists ORDER BY id');
    expect((await remove(display.campaign, { name: 'blog.example', channels: ['platform161'] }, 'other@demo.test')).status).toBe(404);
    expect((await remove('00000000-0000-4000-8000-000000000000', { name: 'blog.example', channels: ['platform161'] })).status).toBe(404);
    expect((await remove('nope', { name: 'blog.example', channels: ['platform161'] })).status).toBe(404);
    expect((await remove(display.campaign, { name: 'blog.example', channels: ['platform161'] }, 'viewer@demo.test')).status).toBe(403);
    expect((await remove(display.campaign, { name: 'blog.example', channels: ['platform161'] }, 'accounting@demo.test')).status).toBe(403);
    expect((await kit.server.api(`/api/campaign/${display.campaign}/domainlist`, { method: 'POST', body: { name: 'blog.example', channels: ['platform161'] } })).status).toBe(401);
    expect(await kit.sql('SELECT id, domains FROM domainlists ORDER BY id')).toEqual(before);
  });

  it('refuses what is no website or no Banner Ads channel with 400 in the request\'s language', async () => {
    const refused = async (body: unknown, language: 'de' | 'en' = 'en') => {
      const res = await remove(display.campaign, body, 'advertiser@demo.test', language);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return (await res.json()) as { message: string; errors: { field: string }[] };
    };
    expect(await refused({ channels: ['platform161'] })).toMatchObject({ message: 'Please name the website as a domain (e.g. news.example.com).', errors: [{ field: 'name' }] });
    expect(await refused({ name: 'not a domain', channels: ['platform161'] }, 'de')).toMatchObject({ message: 'Bitte nennen Sie die Website als Domain (z. B. news.example.com).' });
    expect(await refused({ name: 'com.example.game', channels: ['platform161'] })).toMatchObject({ message: 'Apps cannot be removed, only websites.', errors: [{ field: 'name' }] });
    expect(await refused({ name: 'blog.example', channels: [] })).toMatchObject({ errors: [{ field: 'channels' }] });
    expect(await refused({ name: 'blog.example', channels: ['facebook'] })).toMatchObject({ message: 'Please choose at least one Banner Ads channel to remove the website from.' });
    expect(await refused({ name: 'blog.example', channels: 'platform161' })).toMatchObject({ errors: [{ field: 'channels' }] });
    expect(await refused({ name: ['blog.example'], channels: ['platform161'] })).toMatchObject({ errors: [{ field: 'name' }] });
    expect(await refused([{ name: 'blog.example' }])).toMatchObject({ errors: [{ field: 'name' }] });
    expect(await refused({ name: `${'a'.repeat(300)}.example`, channels: ['platform161'] })).toMatchObject({ errors: [{ field: 'name' }] });
    const [list] = await kit.sql<{ domains: string[] }>('SELECT domains FROM domainlists WHERE campaign_id = $1', [display.campaign]);
    expect(list.domains).not.toContain('blog.example');
  });
});

describe('a removed website\'s past', () => {
  it('stays in every report: the Instant Report\'s websites and publishers, Expert Analytics, the publisher\'s view, the dashboard', async () => {
    const [publisher] = await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
    const site = 'past.example';
    const common = { advertiser: display.advertiser, campaign: display.campaign, lineitem: display.id, banner: display.banner, channel: 'platform161', publisher: publisher.id, website: site };
    await writeEvents(kit.server.core, [
      { kind: 'delivery', ...common, created: new Date(Date.now() - 86_400_000), impressions: 457, clicks: 12, source: 'sandbox', costMilli: 120_000 },
      { kind: 'delivery', ...common, website: 'kept.example', created: new Date(Date.now() - 86_400_000), impressions: 342, clicks: 9, source: 'sandbox', costMilli: 90_000 },
    ]);
    const range = `start=${daysAgo(3)}&end=${today()}`;
    const read = async (path: string, email: string) => {
      const res = await kit.server.api(path, { token: tokens[email] });
      expect(res.status, path).toBe(200);
      // Expert Analytics says how long its queries took: the one figure that is no figure of the campaign.
      return JSON.parse(await res.text(), (key, value) => (key === 'queryTime' ? undefined : value)) as Record<string, unknown>;
    };
    const reports = async () => ({
      websites: await read(`/api/campaign/${display.campaign}/report?${range}&onlyWebsites=true`, 'advertiser@demo.test'),
      full: await read(`/api/campaign/${display.campaign}/report?${range}&full=true`, 'advertiser@demo.test'),
      expert: await read(`/api/campaign/${display.campaign}/stats?${range}`, 'sysop@demo.test'),
      publisher: await read(`/api/publisher/campaign/${display.campaign}/report?${range}`, 'publisher@demo.test'),
      dashboard: await read(`/api/dashboard/analytics?${range}`, 'advertiser@demo.test'),
    });
    const before = await reports();
    const row = (before.websites.websites as { location: string; impressions: number }[]).find((entry) => entry.location === site);
    expect(row?.impressions).toBe(457);

    expect((await remove(display.campaign, { name: site, channels: ['platform161'] })).status).toBe(200);
    forgetAllLineItems();
    // Removal stops future delivery there ...
    expect((await serve(display, site)).status).toBe(204);
    // ... and every report answers the past as before.
    expect(await reports()).toEqual(before);
  });
});
