import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = async (email: string, path: string) => {
  const res = await server.api(path, { token: await server.token(email) });
  return { status: res.status, body: await res.json() };
};

describe('a publisher\'s finances', () => {
  it('answers the balance as the sum of its earnings and payouts, in euros', async () => {
    const publisher = await server.core.model('publisher').findOne({ where: { name: 'Demo Publisher' }, raw: true }) as { id: string };
    expect(await get('publisher@demo.test', `/api/publisher/${publisher.id}/balance`)).toEqual({ status: 200, body: { balance: 56.7 } });
    const ledger = await get('publisher@demo.test', '/api/earning?sort=["reference","ASC"]');
    expect(ledger.body.map((entry: { reference: string; amount: number }) => [entry.reference, entry.amount])).toEqual([
      ['EARN-2026-09', 120.5], ['EARN-2026-10', 86.2], ['PAY-2026-10', -150],
    ]);
    expect((await get('sysop@demo.test', `/api/publisher/${publisher.id}/balance`)).body.balance).toBe(56.7);
  });

  it('keeps it from advertisers, and writes happen only on the server', async () => {
    const publisher = await server.core.model('publisher').findOne({ where: { name: 'Demo Publisher' }, raw: true }) as { id: string };
    expect((await get('advertiser@demo.test', `/api/publisher/${publisher.id}/balance`)).status).toBe(403);
    expect((await get('advertiser@demo.test', '/api/earning')).status).toBe(403);
    const token = await server.token('publisher@demo.test');
    const forged = await server.api('/api/earning', { method: 'POST', token, body: { publisher: publisher.id, type: 'earning', amount: 1000, description: 'Free money' } });
    expect(forged.status).toBe(403);
    expect((await get('publisher@demo.test', `/api/publisher/${publisher.id}/balance`)).body.balance).toBe(56.7);
  });
});
