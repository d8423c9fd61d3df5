/** Network monitoring's API: delivery per channel against yesterday, silent line items, networks' last delivery, failed sync jobs. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { writeEvents } from '../../tracking/server/testkit.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
type Item = { id: string; advertiser: string; campaign: string; channel: string };
const HOUR = 3_600_000;

async function lineitem(campaign: string, channel: string): Promise<Item> {
  const [row] = await server.core.sequelize.query<{ id: string; advertiser_id: string; campaign_id: string; channel: string }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.channel FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id WHERE c.name = $1 AND l.channel = $2`,
    { bind: [campaign, channel], type: 'SELECT' as never },
  ) as unknown as { id: string; advertiser_id: string; campaign_id: string; channel: string }[];
  return { id: row.id, advertiser: row.advertiser_id, campaign: row.campaign_id, channel: row.channel };
}

const deliver = (item: Item, at: Date, impressions: number) => writeEvents(server.core, [{
  kind: 'delivery', source: 'sandbox', advertiser: item.advertiser, campaign: item.campaign, lineitem: item.id, channel: item.channel,
  impressions, clicks: Math.round(impressions / 100), costMilli: impressions * 100, created: at, clientId: randomUUID(),
}]);

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  for (const role of ['sysop', 'admin', 'wizard', 'advertiser']) tokens[role] = await server.token(`${role}@demo.test`);
  const facebook = await lineitem('Summer Sale 2026', 'facebook');
  const p161 = await lineitem('Client One Always-On', 'platform161');
  const now = Date.now();
  // Facebook delivers a tenth of yesterday's views in the same hour; Platform 161 delivers as yesterday.
  await deliver(facebook, new Date(now - 24 * HOUR), 1000);
  await deliver(facebook, new Date(now), 100);
  await deliver(p161, new Date(now - 24 * HOUR), 500);
  await deliver(p161, new Date(now), 500);
  await server.core.model('sync-queue').create({ name: 'Summer Sale 2026 / Facebook', type: 'lineitem', action: 'update', status: 'failed', runCount: 3, lastRun: new Date(), channel: 'facebook', messages: [{ date: new Date().toISOString(), message: 'Facebook refused the budget' }] });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('network monitoring', () => {
  it('compares the last hours per channel with yesterday and marks a channel delivering under half of it', async () => {
    const res = await server.api('/api/networkmonitoring?hours=1', { token: tokens.sysop });
    expect(res.status).toBe(200);
    const body = await res.json();
    const facebook = body.channels.find((c: { channel: string }) => c.channel === 'facebook');
    expect(facebook).toMatchObject({ name: 'Facebook', network: 'sandbox', now: { impressions: 100, clicks: 1 }, yesterday: { impressions: 1000, clicks: 10 }, change: -90, down: true });
    const p161 = body.channels.find((c: { channel: string }) => c.channel === 'platform161');
    expect(p161).toMatchObject({ network: 'house', now: { impressions: 500 }, yesterday: { impressions: 500 }, change: 0, down: false });
  });

  it('lists the active line items of running campaigns that delivered nothing in those hours, and the networks\' last delivery', async () => {
    const body = await (await server.api('/api/networkmonitoring?hours=1', { token: tokens.wizard })).json();
    const silent = body.silentLineItems.map((item: { name: string }) => item.name);
    expect(silent).toContain('Summer Sale 2026 / Google Ads');
    expect(silent).toContain('Other Shop Launch / Facebook');
    expect(silent).not.toContain('Summer Sale 2026 / Facebook');
    expect(silent).not.toContain('Client One Always-On / Platform 161');
    // Paused and pending campaigns' line items are not missed.
    expect(silent.some((name: string) => name.startsWith('Retargeting Evergreen') || name.startsWith('Brand Awareness'))).toBe(false);
    const facebook = body.networks.find((n: { channel: string }) => n.channel === 'facebook');
    expect(Date.parse(facebook.lastDelivery)).toBeGreaterThan(Date.now() - HOUR - 60_000);
    expect(body.networks.some((n: { channel: string }) => n.channel === 'platform161')).toBe(false);
  });

  it('shows the failed sync jobs with their last message', async () => {
    const body = await (await server.api('/api/networkmonitoring', { token: tokens.admin })).json();
    expect(body.failedJobs).toEqual([expect.objectContaining({ type: 'lineitem', channel: 'facebook', runCount: 3, message: 'Facebook refused the budget' })]);
  });

  it('refuses the advertiser and a bad number of hours', async () => {
    expect((await server.api('/api/networkmonitoring', { token: tokens.advertiser })).status).toBe(403);
    const res = await server.api('/api/networkmonitoring?hours=0', { token: tokens.sysop, headers: { Language: 'de' } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toEqual({ field: 'hours', message: 'Der Parameter „hours“ muss eine ganze Zahl von 1 bis 48 sein.' });
  });
});
