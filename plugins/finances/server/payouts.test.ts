/**
 * Payouts (issue 35): a publisher requests its available balance above the minimum, never more, concurrent
 * requests included; accounting pays a request, which writes the payout entry and the credit note, and the sum of
 * all accounts still moves only by the outside flows (platform.ts moneyAudit).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MINIMUM_SETTING } from '@adsuite/config/payouts';
import { moneyAudit } from './platform.ts';
import { pdfText } from './pdfText.ts';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();
const PUBLISHER = 'publisher@demo.test';
let publisher = '';

const request = (body: unknown = {}, email = PUBLISHER, id = publisher) => kit.call(email, `/api/publisher/${id}/payouts`, { method: 'POST', body });
const funds = async () => (await kit.call(PUBLISHER, `/api/publisher/${publisher}/payouts`)).body;
/** Credits the demo publisher as an approval would: its earning and the platform's provision. */
async function earn(cents: number, key: string) {
  const core = kit.server().core;
  await core.model('earning').create({ publisher, type: 'earning', amount: cents, description: 'Provision', reference: key });
  await core.sequelize.query(`INSERT INTO platform_entries (type, amount, publisher_id, key) VALUES ('provision', $1, $2, $3)`, { bind: [-cents, publisher, `test:${key}`] });
}

beforeAll(async () => {
  publisher = ((await kit.server().core.model('publisher').findOne({ where: { name: 'Demo Publisher' }, raw: true })) as { id: string }).id;
  // The demo seeds no earnings (they come from approvals): the publisher starts with 56.70 EUR of provisions.
  await earn(5_670, 'opening');
});

describe('payout requests', () => {
  it('start from the balance above the minimum (50 EUR by default) and refuse below it', async () => {
    // The provisions credited above: 56.70 EUR.
    expect(await funds()).toMatchObject({ balance: 56.7, requested: 0, available: 56.7, minimum: 50, payouts: [] });
    const tooSmall = await request({ amount: 49.99 });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.errors[0].field).toBe('amount');
    expect((await request({ amount: 56.71 })).status).toBe(400);
    expect((await request({ amount: 'lots' })).body.errors[0].field).toBe('amount');
    expect((await request({ amount: 12.345 })).status).toBe(400);

    // A higher minimum from the setting: nothing may be requested.
    await kit.server().core.model('setting').create({ key: PAYOUT_MINIMUM_SETTING, value: { cents: 10_000 } });
    const below = await request({});
    expect(below.status).toBe(409);
    expect(below.body.message).toBe('Your available balance of 56,70\u00a0€ does not reach the minimum payout of 100,00\u00a0€.');
    await kit.server().core.model('setting').destroy({ where: { key: PAYOUT_MINIMUM_SETTING } });
  });

  it('are the publisher\'s own, and its alone', async () => {
    expect((await request({}, 'advertiser@demo.test')).status).toBe(403);
    expect((await request({}, 'accounting@demo.test')).status).toBe(403);
    expect((await kit.call('advertiser@demo.test', `/api/publisher/${publisher}/payouts`)).status).toBe(403);
    expect((await request([], PUBLISHER)).status).toBe(400);
  });

  it('never ask for more than the balance, however many arrive at once', async () => {
    await earn(10_000, 'race');
    // 156.70 EUR: of eight requests of 60 EUR at once two fit; then 36.70 EUR are left, below the minimum.
    const answers = await Promise.all(Array.from({ length: 8 }, () => request({ amount: 60 })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    const after = await funds();
    expect(after).toMatchObject({ balance: 156.7, requested: 120, available: 36.7 });
    // An amount that fits the balance but not the balance less the open requests.
    await earn(2_000, 'race-2');
    expect((await request({ amount: 60 })).body.errors[0]).toMatchObject({ field: 'amount', message: 'You can have at most 56,70\u00a0€ paid out.' });
  });
});

describe('paying a payout', () => {
  it('writes the payout entry and the credit note, keeps every account in balance, and is done once', async () => {
    const start = await moneyAudit(kit.server().core);
    expect(start.accounts).toBe(start.outside);
    const { payouts } = await funds();
    const open = payouts.filter((payout: { status: string }) => payout.status === 'open');
    expect(open).toHaveLength(2);

    expect((await kit.call(PUBLISHER, `/api/payout/${open[0].id}/paid`, { method: 'POST' })).status).toBe(403);
    const list = await kit.call('accounting@demo.test', '/api/finances/payouts?status=open');
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row: { id: string; publisherName: string; balance: number }) => [row.id, row.publisherName, row.balance]).sort())
      .toEqual(open.map((row: { id: string }) => [row.id, 'Demo Publisher', 176.7]).sort());

    // Both at once: each is paid once.
    const paid = await Promise.all([...open, open[0]].map((payout: { id: string }) => kit.call('accounting@demo.test', `/api/payout/${payout.id}/paid`, { method: 'POST' })));
    expect(paid.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    const first = paid.find((answer) => answer.status === 200)!.body.payout;
    expect(first).toMatchObject({ status: 'paid', amount: 60 });
    expect(first.number).toMatch(/^GS-\d{4}-\d{6}$/);
    expect(await funds()).toMatchObject({ balance: 56.7, requested: 0, available: 56.7 });

    const entries = await kit.call(PUBLISHER, `/api/earning?filter=${encodeURIComponent(JSON.stringify({ type: 'payout' }))}&sort=["created","DESC"]`);
    expect(entries.body.slice(0, 2).map((entry: { amount: number }) => entry.amount)).toEqual([-60, -60]);
    const end = await moneyAudit(kit.server().core);
    expect(end.accounts).toBe(end.outside);
    expect(end.outside - start.outside).toBe(-12_000);
    expect(end.publishers - start.publishers).toBe(-12_000);

    // The credit note, in the publisher's language (German), for the publisher and accounting.
    const pdf = await kit.call(PUBLISHER, `/api/payout/${first.id}/download`);
    expect(pdf.status).toBe(200);
    const words = pdfText(pdf.body as Buffer).replace(/\s/g, ' ');
    expect(words).toContain('Gutschrift');
    expect(words).toContain(first.number);
    expect(words).toContain('60,00 €');
    expect(words).toContain('Demo Publisher');
    expect((await kit.call('accounting@demo.test', `/api/payout/${first.id}/download`)).status).toBe(200);
    expect((await kit.call('advertiser@demo.test', `/api/payout/${first.id}/download`)).status).toBe(403);
    // A paid payout is not canceled.
    expect((await kit.call(PUBLISHER, `/api/payout/${first.id}/cancel`, { method: 'POST' })).status).toBe(409);
  });

  it('lets the publisher withdraw an open request, which frees its amount', async () => {
    await earn(5_000, 'withdraw');
    const made = await request({});
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ available: 0, requested: 106.7 });
    expect((await kit.call(PUBLISHER, `/api/payout/${made.body.payout.id}/download`)).status).toBe(404);
    const canceled = await kit.call(PUBLISHER, `/api/payout/${made.body.payout.id}/cancel`, { method: 'POST' });
    expect(canceled).toMatchObject({ status: 200, body: { status: 'canceled' } });
    expect(await funds()).toMatchObject({ balance: 106.7, available: 106.7 });
    expect((await kit.call('accounting@demo.test', `/api/payout/${made.body.payout.id}/paid`, { method: 'POST' })).status).toBe(409);
  });
});
