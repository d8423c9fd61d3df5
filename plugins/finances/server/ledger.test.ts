import { describe, expect, it } from 'vitest';
import { formatEur } from '@adsuite/backend/kit';
import { spend } from './ledger.ts';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();
const { shop, other } = kit;

const manualSpend = (advertiserId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  kit.call('accounting@demo.test', `/api/advertiser/${advertiserId}/transaction`, { method: 'POST', body: { description: 'Campaign spend', ...body }, headers });

describe('the ledger', () => {
  it('adds up to the balance of every seeded advertiser', async () => {
    for (const name of ['Demo Shop GmbH', 'Other Shop AG', 'Agency Client One', 'Agency Client Two']) {
      const { balance, ledger } = await kit.audit((await kit.advertiser(name)).id);
      expect(ledger, name).toBe(balance);
      expect(balance, name).toBeGreaterThan(0);
    }
  });

  it('is append-only through the generic API', async () => {
    const [entry] = (await kit.call('sysop@demo.test', `/api/transaction?filter=${encodeURIComponent(JSON.stringify({ advertiser: shop.id }))}`)).body;
    const create = await kit.call('admin@demo.test', '/api/transaction', { method: 'POST', body: { advertiser: shop.id, type: 'topup', amount: 1000, description: 'Free money' } });
    expect(create.status).toBe(403);
    expect((await kit.call('sysop@demo.test', `/api/transaction/${entry.id}`, { method: 'PUT', body: { amount: 1000 } })).status).toBe(403);
    expect((await kit.call('sysop@demo.test', `/api/transaction/${entry.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await kit.call('sysop@demo.test', `/api/transaction/${entry.id}?hard=true`, { method: 'DELETE' })).status).toBe(403);
    const { balance, ledger } = await kit.audit(shop.id);
    expect(ledger).toBe(balance);
  });

  it('books a manual spend and refuses one the prepaid balance does not cover', async () => {
    const before = await kit.audit(other.id);
    const booked = await manualSpend(other.id, { amount: 30.25, reference: 'Invoice 4711' });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({ transaction: { type: 'spend', amount: -30.25, reference: 'Invoice 4711' }, balance: (before.balance - 3_025) / 100 });

    const refused = await manualSpend(other.id, { amount: (before.balance - 3_025) / 100 + 0.01 });
    expect(refused.status).toBe(409);
    const left = before.balance - 3_025;
    expect(refused.body.message).toBe(`The balance of ${formatEur(left)} does not cover ${formatEur(left + 1)}.`);
    const german = await manualSpend(other.id, { amount: (left + 1) / 100 }, { Language: 'de' });
    expect(german.body.message).toBe(`Das Guthaben von ${formatEur(left)} deckt ${formatEur(left + 1)} nicht.`);
    expect(formatEur(123_456)).toBe('1.234,56\u00a0€');
    const emptied = await manualSpend(other.id, { amount: (before.balance - 3_025) / 100 });
    expect(emptied.body.balance).toBe(0);
    expect(await kit.audit(other.id)).toEqual({ balance: 0, ledger: 0 });
  });

  it('books a spend with an idempotency key once', async () => {
    const before = await kit.audit(shop.id);
    const first = await manualSpend(shop.id, { amount: 1 }, { 'Idempotency-Key': 'spend:2026-03-01' });
    const again = await manualSpend(shop.id, { amount: 1 }, { 'Idempotency-Key': 'spend:2026-03-01' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.transaction.id).toBe(first.body.transaction.id);
    expect((await kit.audit(shop.id)).balance).toBe(before.balance - 100);
  });

  it('checks manual entries: spends only, a campaign of the advertiser, accounting or admins only', async () => {
    const [foreignCampaign] = (await kit.call('sysop@demo.test', `/api/campaign?filter=${encodeURIComponent(JSON.stringify({ advertiser: other.id }))}`)).body;
    expect((await manualSpend(shop.id, { type: 'topup', amount: 10 })).body.errors[0].field).toBe('type');
    expect((await manualSpend(shop.id, { amount: 10, campaign: foreignCampaign.id })).body.errors[0].field).toBe('campaign');
    expect((await manualSpend(shop.id, { amount: -10 })).body.errors[0].field).toBe('amount');
    expect((await manualSpend(shop.id, { amount: 10, description: '' })).body.errors[0].field).toBe('description');
    const byAdvertiser = await kit.call('advertiser@demo.test', `/api/advertiser/${shop.id}/transaction`, { method: 'POST', body: { amount: 1, description: 'x' } });
    expect(byAdvertiser.status).toBe(403);
  });

  it('lets a postpaid balance go below zero', async () => {
    const client = await kit.advertiser('Agency Client Two');
    await kit.server().core.model('advertiser').update({ billingType: 'postpaid' }, { where: { id: client.id } });
    const { balance } = await kit.server().core.sequelize.transaction((t) => spend(kit.server().core, t, { advertiserId: client.id, amount: 1_000, description: 'Campaign spend' }));
    expect(balance).toBe(50 - 1_000);
    expect(await kit.audit(client.id)).toEqual({ balance: -950, ledger: -950 });
  });
});
