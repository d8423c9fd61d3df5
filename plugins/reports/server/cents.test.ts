/**
 * One rounding rule, the same figure everywhere (cents.ts): for a campaign whose events cost fractions of a cent
 * (clicks at about 0.675 euro, CPM views) over several hours, days, channels, creatives, publishers and websites,
 * the dashboard, every tab of the Instant Report, the full report, a publisher's drill-down, the publisher's own
 * view, Expert Analytics and the CSV download show what the ledger booked, to the cent: their totals equal the sum
 * of the campaign's spend entries, each day equals that day's entries, and a channel, creative, website or
 * publisher reads the same in every place. Also for a campaign whose prepaid balance ran out within an hour.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { channelByKey } from '@adsuite/config';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { useTrackingServer, type DemoLineItem } from '../../tracking/server/testkit.ts';
import { daysAgo, mulberry32, today } from './workload.ts';

const kit = useTrackingServer();
const HOUR_MS = 3_600_000;
const START = daysAgo(3);
const END = today();

interface Campaign { id: string; booking: string; advertiser: string; email: string; headers: Record<string, string>; lineitems: DemoLineItem[]; extraBanner: string }
let always: Campaign;
let launch: Campaign;
let publishers: string[];
const WEBSITES = ['news.cents.example', 'sport.cents.example'];

/** Euros of the API as whole cents. */
const cents = (euros: number) => Math.round(euros * 100);
function sumBy<T>(rows: T[], keyOf: (row: T) => string, costOf: (row: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + cents(costOf(row)));
  return sums;
}
const total = (sums: Map<string, number>) => [...sums.values()].reduce((sum, value) => sum + value, 0);
/** The keys with cents, in key order (a day, website or row without cost reads 0 where it is listed). */
const sorted = (sums: Map<string, number>) => [...sums.entries()].filter(([, value]) => value !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function campaignOf(name: string, email: string, channels: string[]): Promise<Campaign> {
  const lineitems = await Promise.all(channels.map((channel) => kit.lineitem(name, channel)));
  const { advertiser, campaign } = lineitems[0];
  // A second creative on the first channel.
  const extra = await kit.server.core.model('banner').create({
    name: `${name} 300x250`, advertiser, campaign, bannerType: 'image_ad', width: 300, height: 250, channels: [channels[0]], downloadLink: 'https://shop.demo.test/media/300x250.png',
  });
  const [booking] = await kit.sql<{ id: string }>('SELECT id FROM bookings WHERE campaign_id = $1', [campaign]);
  return {
    id: campaign, booking: booking.id, advertiser, email, headers: { Advertiser: advertiser, Language: 'en' }, lineitems, extraBanner: String(extra.get('id')),
  };
}

/**
 * Clicks and views of `campaign` in `hours` (hours back from now), on every line item, publisher and website, priced
 * in thousandths of a cent that do not add up to whole cents: each row's own cost rounded and the hours' sums rounded
 * part ways. Written hour by hour, in time order, as the group commit writes them.
 */
async function deliver(campaign: Campaign, hours: number[], clicksPerRow: number, viewsPerRow: number, seed: number) {
  const random = mulberry32(seed);
  const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  for (const back of [...hours].sort((a, b) => b - a)) {
    const events: TrackedEvent[] = [];
    for (const item of campaign.lineitems) {
      const banners = item === campaign.lineitems[0] ? [item.banner, campaign.extraBanner] : [item.banner];
      for (const publisher of publishers) {
        for (const website of WEBSITES) {
          const common = {
            advertiser: campaign.advertiser, campaign: campaign.id, lineitem: item.id, channel: item.channel, publisher, website,
            banner: banners[Math.floor(random() * banners.length)], created: new Date(now - back * HOUR_MS + Math.floor(random() * 3_000_000)),
          };
          for (let n = 0; n < clicksPerRow; n++) events.push({ kind: 'click', ...common, costMilli: 67_250 + Math.floor(random() * 600) });
          for (let n = 0; n < viewsPerRow; n++) events.push({ kind: 'view', ...common, costMilli: 1_250 + Math.floor(random() * 900) });
        }
      }
    }
    // One more view makes the hour's cost end in 0.45 of a cent: every hour is booked 0.45 cents below its cost,
    // so over six hours the ledger and the range's cost rounded once differ by about 3 cents.
    const milli = events.reduce((sum, event) => sum + (event.costMilli ?? 0), 0);
    events.push({ ...events[events.length - 1], kind: 'view', costMilli: 1_000 + ((1_450 - (milli % 1_000)) % 1_000) });
    for (let i = 0; i < events.length; i += 40) await writeEvents(kit.server.core, events.slice(i, i + 40));
  }
}

beforeAll(async () => {
  const [owner] = await kit.sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'publisher@demo.test'`);
  const [demo] = await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`);
  publishers = [demo.id];
  for (const name of ['Cents Media', 'Rounding Network']) {
    publishers.push(String((await kit.server.core.model('publisher').create({ name, owner: owner.id, url: `https://${name.split(' ')[0].toLowerCase()}.example` })).get('id')));
  }
  always = await campaignOf('Client One Always-On', 'agency@demo.test', ['platform161', 'outbrain']);
  launch = await campaignOf('Other Shop Launch', 'other@demo.test', ['facebook', 'googleads']);
  // Client One (1,200 euro prepaid): about 150 euro over six hours of three days.
  await deliver(always, [1, 4, 26, 29, 50, 53], 3, 12, 33);
  // Other Shop (80 euro prepaid): about 130 euro of clicks over four hours; the balance runs out in the second.
  await deliver(launch, [40, 30, 20, 10], 4, 2, 34);
}, 300_000);

const tokens = new Map<string, string>();
/** A user's token, signed in once (sign-ins are rate limited). */
async function tokenOf(email: string): Promise<string> {
  if (!tokens.has(email)) tokens.set(email, await kit.server.token(email));
  return tokens.get(email)!;
}

const api = async <T>(campaign: Campaign, path: string, email = campaign.email, headers = campaign.headers): Promise<T> => {
  const res = await kit.server.api(path, { token: await tokenOf(email), headers });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (path.includes('/download') ? await res.text() : await res.json()) as T;
};

interface Figures { impressions: number; clicks: number; cost: number }
interface Report {
  stats: (Figures & { date: string; channel: string | null; banner: string | null; publisher: string | null })[];
  websites: (Figures & { location: string; channels: string[] })[];
  publishers: (Figures & { id: string; name: string; websites?: (Figures & { location: string })[] })[];
}

/** What the ledger booked for the campaign: its hours' spend entries less their refunds, per UTC day of the hour. */
async function ledger(campaign: Campaign) {
  const entries = await kit.sql<{ key: string; amount: string }>(
    `SELECT idempotency_key AS key, amount FROM transactions WHERE advertiser_id = $1 AND campaign_id = $2 AND type IN ('spend', 'refund') AND idempotency_key ~ '^(spend|refund):'`,
    [campaign.advertiser, campaign.id]);
  const days = new Map<string, number>();
  for (const entry of entries) days.set(entry.key.split(':')[2].slice(0, 10), (days.get(entry.key.split(':')[2].slice(0, 10)) ?? 0) - Number(entry.amount));
  return days;
}

/** Every place a cost of the campaign shows, as cents per key. */
async function everyScreen(campaign: Campaign) {
  const range = `start=${START}&end=${END}`;
  const report = `/api/campaign/${campaign.id}/report?${range}`;
  const summary = await api<Report>(campaign, report);
  const full = await api<Report>(campaign, `${report}&full=true`);
  const websites = await api<Report>(campaign, `${report}&onlyWebsites=true`);
  const channelKeys = [...new Set(summary.stats.map((row) => row.channel ?? ''))];
  const websitesOfChannel = new Map<string, Map<string, number>>();
  for (const channel of channelKeys) {
    websitesOfChannel.set(channel, sumBy((await api<Report>(campaign, `${report}&onlyWebsites=true&channels=${channel}`)).websites, (row) => row.location, (row) => row.cost));
  }
  const drillDown = new Map<string, { stats: Map<string, number>; websites: Map<string, number> }>();
  for (const publisher of publishers) {
    drillDown.set(publisher, {
      stats: sumBy((await api<Report>(campaign, `${report}&publisher=${publisher}`)).stats, (row) => `${row.date}|${row.channel}|${row.banner}`, (row) => row.cost),
      websites: sumBy((await api<Report>(campaign, `${report}&publisher=${publisher}&onlyWebsites=true`)).websites, (row) => row.location, (row) => row.cost),
    });
  }
  const dashboard = await api<{ stats: (Figures & { date: string })[]; bookings: (Figures & { _id: string })[]; websites: (Figures & { location: string })[] }>(
    campaign, `/api/dashboard/analytics?${range}&bookings=${campaign.booking}`);
  const details = await api<Figures & { channels: (Figures & { channel: string | null })[]; topWebsites: (Figures & { location: string })[] }>(
    campaign, `/api/dashboard/details?booking=${campaign.booking}&${range}`);
  const expert = await api<Figures>(campaign, `/api/campaign/${campaign.id}/stats?${range}`, 'sysop@demo.test', { Advertiser: campaign.advertiser });
  const own = await api<Report>(campaign, `/api/publisher/campaign/${campaign.id}/report?${range}`, 'publisher@demo.test', {});

  // The download: every type with its key and cost (the user's kept columns).
  const token = await tokenOf(campaign.email);
  const statPreferences = [['channel', 'channel'], ['date', 'date'], ['creative', 'creativeId'], ['website', 'location'], ['publisher', 'name']]
    .map(([statType, key]) => ({ statType, statColumns: [key, 'cost'] }));
  expect((await kit.server.api('/api/auth/login', { method: 'PATCH', token, body: { statPreferences } })).status).toBe(200);
  const csv = (await api<string>(campaign, `/api/campaign/${campaign.id}/download?${range}&types=channel,date,creative,website,publisher`)).replace(/^\ufeff/, '');
  const download = Object.fromEntries(csv.split('\n\n').map((block) => {
    const [[title], , ...rows] = parse(block, { relax_column_count: true }) as string[][];
    return [title, new Map(rows.map(([key, cost]) => [key, cents(Number(cost))]))];
  })) as Record<'Channels' | 'Date' | 'Creatives' | 'Websites' | 'Publishers', Map<string, number>>;

  const channelName = (key: string | null) => (key ? channelByKey[key]?.name ?? key : '');
  const publisherName = new Map(summary.publishers.map((row) => [row.id, row.name]));
  return {
    summary, full, download, channelKeys, websitesOfChannel, drillDown, own, channelName, publisherName,
    tabs: {
      channels: sumBy(summary.stats, (row) => row.channel ?? '', (row) => row.cost),
      date: sumBy(summary.stats, (row) => row.date, (row) => row.cost),
      datePerChannel: sumBy(summary.stats, (row) => `${row.date}|${row.channel ?? ''}`, (row) => row.cost),
      creatives: sumBy(summary.stats, (row) => row.banner ?? '', (row) => row.cost),
      websites: sumBy(websites.websites, (row) => row.location, (row) => row.cost),
      publishers: sumBy(summary.publishers, (row) => row.id, (row) => row.cost),
    },
    fullTabs: {
      stats: sumBy(full.stats, (row) => `${row.date}|${row.channel}|${row.banner}`, (row) => row.cost),
      websites: sumBy(full.websites, (row) => row.location, (row) => row.cost),
      publishers: sumBy(full.publishers, (row) => row.id, (row) => row.cost),
    },
    publisherWebsites: new Map(full.publishers.map((row) => [row.id, sumBy(row.websites ?? [], (site) => site.location, (site) => site.cost)])),
    dashboard: {
      booking: cents(dashboard.bookings.find((row) => row._id === campaign.booking)!.cost),
      days: new Map(dashboard.stats.filter((row) => row.cost > 0).map((row) => [row.date, cents(row.cost)])),
      websites: sumBy(dashboard.websites, (row) => row.location, (row) => row.cost),
      details: cents(details.cost),
      detailChannels: sumBy(details.channels, (row) => row.channel ?? '', (row) => row.cost),
      topWebsites: sumBy(details.topWebsites, (row) => row.location, (row) => row.cost),
    },
    expert: cents(expert.cost),
  };
}

async function expectOneFigure(campaign: Campaign) {
  const booked = await ledger(campaign);
  const bookedTotal = total(booked);
  const seen = await everyScreen(campaign);
  const { tabs, fullTabs, dashboard, download } = seen;
  expect(bookedTotal).toBeGreaterThan(5_000);

  // Totals: every tab, the full report, the dashboard, the detail card, Expert Analytics and the file = the ledger.
  for (const [place, figure] of Object.entries({
    ...Object.fromEntries(Object.entries(tabs).map(([tab, sums]) => [`tab ${tab}`, total(sums)])),
    ...Object.fromEntries(Object.entries(fullTabs).map(([tab, sums]) => [`full ${tab}`, total(sums)])),
    ...Object.fromEntries(Object.entries(download).map(([type, sums]) => [`download ${type}`, total(sums)])),
    'dashboard booking': dashboard.booking, 'dashboard days': total(dashboard.days), 'dashboard websites': total(dashboard.websites),
    'detail card': dashboard.details, 'detail card channels': total(dashboard.detailChannels), 'expert analytics': seen.expert,
  })) expect(figure, place).toBe(bookedTotal);

  // Each day is what the ledger booked for the campaign's hours of that day: Date tab, the file, the dashboard.
  expect(sorted(tabs.date)).toEqual(sorted(booked));
  expect(sorted(download.Date)).toEqual(sorted(booked));
  expect(sorted(dashboard.days)).toEqual(sorted(booked));

  // A channel reads the same in every place: Channels tab, Date tab per channel, Websites tab of that channel, the
  // full report, the detail card's channel split and the file.
  expect(seen.channelKeys.length).toBeGreaterThan(1);
  for (const channel of seen.channelKeys) {
    const figure = tabs.channels.get(channel);
    expect(figure, channel).toBeGreaterThan(0);
    expect(total(new Map([...tabs.datePerChannel].filter(([key]) => key.endsWith(`|${channel}`)))), channel).toBe(figure);
    expect(total(seen.websitesOfChannel.get(channel)!), channel).toBe(figure);
    expect(total(new Map([...fullTabs.stats].filter(([key]) => key.split('|')[1] === channel))), channel).toBe(figure);
    expect(dashboard.detailChannels.get(channel), channel).toBe(figure);
    expect(download.Channels.get(seen.channelName(channel)), channel).toBe(figure);
  }
  // Day x channel x creative rows: the first answer's, the full report's (summed over publishers), and each
  // publisher's drill-down adds up to them.
  expect(sorted(fullTabs.stats)).toEqual(sorted(sumBy(seen.summary.stats, (row) => `${row.date}|${row.channel}|${row.banner}`, (row) => row.cost)));
  const drilled = new Map<string, number>();
  for (const { stats } of seen.drillDown.values()) for (const [key, value] of stats) drilled.set(key, (drilled.get(key) ?? 0) + value);
  expect(sorted(drilled)).toEqual(sorted(fullTabs.stats));
  // Creatives: the tab and the file.
  expect(sorted(download.Creatives)).toEqual(sorted(tabs.creatives));
  // Websites: the tab, the full report, the file, the dashboard and the detail card's top websites.
  expect(sorted(fullTabs.websites)).toEqual(sorted(tabs.websites));
  expect(sorted(download.Websites)).toEqual(sorted(tabs.websites));
  expect(sorted(dashboard.websites)).toEqual(sorted(tabs.websites));
  for (const [location, figure] of dashboard.topWebsites) expect(figure, location).toBe(tabs.websites.get(location));
  // Publishers: the tab, the full report, the file, their drill-downs and their websites. (The publisher's own view
  // answers what it earned, the provisions of approved events: publisher.test.ts.)
  expect(sorted(fullTabs.publishers)).toEqual(sorted(tabs.publishers));
  expect(sorted(download.Publishers)).toEqual(sorted(new Map([...tabs.publishers].map(([id, figure]) => [seen.publisherName.get(id)!, figure]))));
  for (const publisher of publishers) {
    const figure = tabs.publishers.get(publisher);
    expect(figure, publisher).toBeGreaterThan(0);
    expect(total(seen.drillDown.get(publisher)!.stats), publisher).toBe(figure);
    expect(total(seen.drillDown.get(publisher)!.websites), publisher).toBe(figure);
    expect(sorted(seen.drillDown.get(publisher)!.websites)).toEqual(sorted(seen.publisherWebsites.get(publisher)!));
  }
  return { bookedTotal, seen };
}

/** The campaign's hours: each one's cost in thousandths of a cent, from the hourly rollup. */
const hours = (campaign: Campaign) => kit.sql<{ hour: string; milli: string }>(
  'SELECT hour, SUM(cost_milli) AS milli FROM stat_hourly WHERE advertiser_id = $1 AND campaign_id = $2 GROUP BY hour', [campaign.advertiser, campaign.id]);

describe('one rounding rule: the same figure everywhere', () => {
  it('shows what the ledger booked on the dashboard, in every Instant Report tab, the publisher\'s view and the download', async () => {
    const { bookedTotal, seen } = await expectOneFigure(always);
    // The hours were booked in full (a balance to spare)...
    const own = await hours(always);
    expect(bookedTotal).toBe(own.reduce((sum, hour) => sum + Math.round(Number(hour.milli) / 1000), 0));
    const [campaign] = await kit.sql<{ cost: string }>('SELECT cost FROM campaigns WHERE id = $1', [always.id]);
    expect(Number(campaign.cost)).toBe(bookedTotal);
    // ...and neither rounding each row's own cost nor the range's cost once gives it: the rules part ways here.
    const rowsRounded = await kit.sql<{ cents: string }>(
      `SELECT SUM(round(cost_milli / 1000.0)) AS cents FROM stat_daily_creatives WHERE advertiser_id = $1 AND campaign_id = $2`, [always.advertiser, always.id]);
    const summed = own.reduce((sum, hour) => sum + Number(hour.milli), 0);
    expect([Number(rowsRounded[0].cents), Math.round(summed / 1000)]).not.toContain(bookedTotal);
    expect(seen.channelKeys.sort()).toEqual(['outbrain', 'platform161']);
  });

  it('shows what was booked when a prepaid balance did not cover an hour: the shortfall shared by cost', async () => {
    const { bookedTotal } = await expectOneFigure(launch);
    const own = await hours(launch);
    const hourCents = own.map((hour) => Math.round(Number(hour.milli) / 1000));
    // The balance (80 euro) ran out within the campaign's hours: less was booked than they cost, all of the balance.
    expect(bookedTotal).toBe(8_000);
    expect(hourCents.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(bookedTotal);
    const [{ balance }] = await kit.sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [launch.advertiser]);
    expect(Number(balance)).toBe(0);
    const [campaign] = await kit.sql<{ cost: string }>('SELECT cost FROM campaigns WHERE id = $1', [launch.id]);
    expect(Number(campaign.cost)).toBe(bookedTotal);
  });
});

describe('the booked cents kept between reads', () => {
  it('follow new events, a staff refund of a charged click and a fix by hand of an earlier day', async () => {
    await expectOneFigure(always);
    // New delivery today and a new hour two days back: the pipeline adds cost, the days are shared again.
    await deliver(always, [0, 49], 1, 3, 35);
    await expectOneFigure(always);

    // Staff refund a click charged two days ago (invalid traffic): its cost leaves the raw event, the rollups and
    // the hour's bookings (a refund entry); the reports follow.
    const [click] = await kit.sql<{ id: string }>(
      `SELECT id FROM events WHERE campaign_id = $1 AND kind = 'click' AND cost_milli > 0 AND day = $2 ORDER BY id LIMIT 1`, [always.id, daysAgo(2)]);
    const before = total(await ledger(always));
    const refund = await kit.server.api(`/api/campaign/${always.id}/clicks`, {
      method: 'POST', token: await tokenOf('sysop@demo.test'), headers: { Advertiser: always.advertiser }, body: { clickId: click.id, approved: false, reason: 'Invalid traffic' },
    });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(total(await ledger(always))).toBeLessThan(before);
    await expectOneFigure(always);

    // A fix by hand moves an hour of a website to another one, its cost unchanged: that day is shared again.
    const [moved] = await kit.sql<{ cost_milli: string }>(
      `UPDATE stat_hourly SET website = 'moved.cents.example' WHERE ctid = (SELECT ctid FROM stat_hourly WHERE campaign_id = $1 AND cost_milli > 0 AND hour < $2 ORDER BY hour LIMIT 1)
       RETURNING cost_milli`, [always.id, new Date(Date.now() - 30 * HOUR_MS).toISOString()]);
    expect(Number(moved.cost_milli)).toBeGreaterThan(0);
    const { seen } = await expectOneFigure(always);
    expect(seen.tabs.websites.get('moved.cents.example')).toBeGreaterThan(0);
  });
});
