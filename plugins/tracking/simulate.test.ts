/** `npm run simulate` (simulate.ts) against a test server: a few seconds of traffic at a low rate. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTrackingServer } from './server/testkit.ts';
import { parseArguments, parseDuration, simulate } from './simulate.ts';

const kit = useTrackingServer();
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const counters = async (campaign: string) =>
  (await kit.sql<{ impressions: number; clicks: number; pc_conversions: number }>(
    'SELECT COALESCE(impressions, 0) AS impressions, COALESCE(clicks, 0) AS clicks, COALESCE(pc_conversions, 0) AS pc_conversions FROM campaigns WHERE id = $1', [campaign]))[0];

const stored = async () => {
  const [row] = await kit.sql<{ views: string; clicks: string; onsite: string; orders: string; post_click: string; bots: string; websites: string[] | null }>(
    `SELECT count(*) FILTER (WHERE kind = 'view') AS views, count(*) FILTER (WHERE kind = 'click') AS clicks,
       count(*) FILTER (WHERE kind = 'event' AND cls <> 'order') AS onsite, count(*) FILTER (WHERE kind = 'event' AND cls = 'order') AS orders,
       count(*) FILTER (WHERE kind = 'conversion' AND attribution = 'post_click') AS post_click, count(*) FILTER (WHERE bot) AS bots,
       array_agg(DISTINCT website) FILTER (WHERE kind IN ('view', 'click')) AS websites
     FROM events`);
  return {
    views: Number(row.views), clicks: Number(row.clicks), onsite: Number(row.onsite), orders: Number(row.orders), post_click: Number(row.post_click),
    bots: Number(row.bots), websites: row.websites ?? [],
  };
};

describe('npm run simulate', () => {
  it('reads its options with defaults', () => {
    expect(parseArguments([], {})).toMatchObject({ url: 'http://localhost:8080', rate: 20, duration: undefined, email: 'sysop@demo.test', help: false });
    expect(parseArguments(['--url', 'http://127.0.0.1:3000/', '--rate=50', '--duration', '2m'], {})).toMatchObject({ url: 'http://127.0.0.1:3000', rate: 50, duration: 120 });
    expect(parseDuration('90')).toBe(90);
    expect(() => parseArguments(['--rate', '0'], {})).toThrow(/--rate/);
    expect(() => parseArguments(['--url', 'localhost'], {})).toThrow(/--url/);
  });

  it('sends views, clicks, onsite events and orders for the live house line items, which count them', async () => {
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const before = await counters(li.campaign);
    const storedBefore = await stored();
    const lines: string[] = [];
    // A fixed sequence of "random" numbers: every kind of request comes up in a few seconds.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const summary = await simulate({ url: kit.server.url, rate: 40, duration: 4, random, progress: (line) => lines.push(line), progressEvery: 500 });

    expect(summary.lineitems.map((l) => l.name).sort()).toEqual(['Client One Always-On / Platform 161', 'Summer Sale 2026 / Platform 161']);
    expect(summary.errors, summary.lastError ?? '').toBe(0);
    expect(summary.sent).toBeGreaterThanOrEqual(140);
    expect(summary.ok).toBe(summary.sent);
    expect(summary.views).toBeGreaterThan(0);
    expect(summary.clicks).toBeGreaterThan(0);
    expect(summary.events).toBeGreaterThan(0);
    expect(summary.orders).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)).toMatch(/^sent \d+ {2}ok \d+ {2}errors 0 {2}rate [\d.]+\/s/);

    const after = await counters(li.campaign);
    expect(after.impressions).toBeGreaterThan(before.impressions);
    expect(after.clicks).toBeGreaterThan(before.clicks);
    // Every answered request is stored as what it is; orders carry their visitor's click id: post-click conversions.
    const storedAfter = await stored();
    expect({
      views: storedAfter.views - storedBefore.views, clicks: storedAfter.clicks - storedBefore.clicks, onsite: storedAfter.onsite - storedBefore.onsite,
      orders: storedAfter.orders - storedBefore.orders, postClick: storedAfter.post_click - storedBefore.post_click,
    }).toEqual({ views: summary.views, clicks: summary.clicks, onsite: summary.events, orders: summary.orders, postClick: summary.orders });
    expect(storedAfter.websites.every((site) => /^(news|sport|recipes|travel-blog)\.demo\.test$/.test(site))).toBe(true);
    expect(storedAfter.bots).toBe(0);
  });

  it('runs from the command line with a progress line until its duration ends', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'plugins/tracking/simulate.ts', '--url', kit.server.url, '--rate', '10', '--duration', '2'], {
      cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' }, timeout: 60_000,
    });
    expect(stdout).toContain(`Simulating traffic at ${kit.server.url}: 10 requests per second for 2 s`);
    expect(stdout).toContain('Summer Sale 2026 / Platform 161');
    expect(stdout).toMatch(/sent \d+ {2}ok \d+ {2}errors 0 {2}rate/);
  });
});
