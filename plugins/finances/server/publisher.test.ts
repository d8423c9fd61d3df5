import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { writeEvents } from '../../tracking/server/testkit.ts';

let server: TestServer;
let publisher = '';
let campaign = '';

beforeAll(async () => {
  server = await startTestServer();
  publisher = (await server.core.model('publisher').findOne({ where: { name: 'Demo Publisher' }, raw: true }) as { id: string }).id;
});
afterAll(async () => {
  await server?.stop();
});

const get = async (email: string, path: string) => {
  const res = await server.api(path, { token: await server.token(email) });
  return { status: res.status, body: await res.json() };
};

/** Two clicks on the demo publisher's website, tracked on the Demo Shop's campaign with click approval, and approved. */
async function earnFromClicks() {
  const [line] = await server.core.sequelize.query<{ id: string; advertiser_id: string; campaign_id: string; creatives_ids: string[] }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.creatives_ids FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id
     WHERE c.name = 'Summer Sale 2026' AND l.channel = 'platform161'`, { type: QueryTypes.SELECT });
  campaign = line.campaign_id;
  const ids = [randomUUID(), randomUUID()];
  await writeEvents(server.core, ids.map((id) => ({
    id, kind: 'click' as const, advertiser: line.advertiser_id, campaign, lineitem: line.id, banner: line.creatives_ids[0], publisher, channel: 'platform161',
    website: 'news.demo.test', costMilli: 60_000,
  })));
  const token = await server.token('advertiser@demo.test');
  const res = await server.api(`/api/campaign/${campaign}/clicks/bulk`, { method: 'POST', token, body: ids.map((clickId) => ({ clickId, approved: true })) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { provision: number }[] }).items;
}

describe('a publisher\'s finances', () => {
  it('answers the balance as the sum of its earnings and payouts, in euros: the provisions of its approved events', async () => {
    // The demo seeds no earnings: they come from approvals (the demo history's, here two clicks').
    expect(await get('publisher@demo.test', `/api/publisher/${publisher}/balance`)).toEqual({ status: 200, body: { balance: 0 } });
    const approved = await earnFromClicks();
    const provisions = approved.map((row) => row.provision);
    expect(provisions.every((provision) => provision > 0)).toBe(true);
    const total = Math.round(provisions.reduce((sum, provision) => sum + provision, 0) * 100) / 100;
    expect(await get('publisher@demo.test', `/api/publisher/${publisher}/balance`)).toEqual({ status: 200, body: { balance: total } });
    const ledger = await get('publisher@demo.test', '/api/earning?sort=["created","ASC"]');
    expect(ledger.body.map((entry: { type: string; amount: number; campaign: string }) => [entry.type, entry.amount, entry.campaign])).toEqual(
      provisions.map((provision) => ['earning', provision, campaign]),
    );
    expect((await get('sysop@demo.test', `/api/publisher/${publisher}/balance`)).body.balance).toBe(total);
  });

  it('keeps it from advertisers, and writes happen only on the server', async () => {
    const before = (await get('publisher@demo.test', `/api/publisher/${publisher}/balance`)).body.balance;
    expect((await get('advertiser@demo.test', `/api/publisher/${publisher}/balance`)).status).toBe(403);
    expect((await get('advertiser@demo.test', '/api/earning')).status).toBe(403);
    const token = await server.token('publisher@demo.test');
    const forged = await server.api('/api/earning', { method: 'POST', token, body: { publisher, type: 'earning', amount: 1000, description: 'Free money' } });
    expect(forged.status).toBe(403);
    expect((await get('publisher@demo.test', `/api/publisher/${publisher}/balance`)).body.balance).toBe(before);
  });
});
