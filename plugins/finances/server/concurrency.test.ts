import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { InsufficientBalance, spend } from './ledger.ts';
import { sandboxProvider, SANDBOX_CARDS } from './payments/sandbox.ts';
import { useFinanceServer } from './testkit.ts';
import { topUp } from './topups.ts';

const kit = useFinanceServer();

const OPERATIONS = 200;
const TOP_UP = 500;
const SPEND = 600;

describe(`${OPERATIONS} concurrent top-ups and spends on one advertiser`, () => {
  it('keep balance = ledger sum, never take a prepaid balance below zero and number invoices without gaps', async () => {
    const { core } = kit.server();
    const advertiser = await kit.advertiser('Other Shop AG');
    const before = await kit.audit(advertiser.id);
    const card = { number: SANDBOX_CARDS.succeeds, expiryMonth: 12, expiryYear: 2035, cvc: '123' };

    type Outcome = { kind: 'topup' | 'spend'; ok: boolean; balance?: number };
    const viaService = (kind: 'topup' | 'spend'): Promise<Outcome> => core.sequelize.transaction(async (t) => {
      if (kind === 'topup') {
        const answer = await topUp(core, sandboxProvider, t, { advertiserId: advertiser.id, amount: TOP_UP, vatHandle: 'add', card, idempotencyKey: randomUUID(), userId: null });
        return { kind, ok: answer.status === 200, balance: Math.round((answer.body.balance as number) * 100) };
      }
      const { balance } = await spend(core, t, { advertiserId: advertiser.id, amount: SPEND, description: 'Campaign spend' });
      return { kind, ok: true, balance };
    }).catch((error) => {
      if (error instanceof InsufficientBalance) return { kind, ok: false };
      throw error;
    });
    const viaHttp = async (kind: 'topup' | 'spend'): Promise<Outcome> => {
      const res = kind === 'topup'
        ? await kit.pay('other@demo.test', advertiser.id, { amount: TOP_UP / 100 })
        : await kit.call('accounting@demo.test', `/api/advertiser/${advertiser.id}/transaction`, { method: 'POST', body: { amount: SPEND / 100, description: 'Campaign spend' } });
      if (res.status === 409) return { kind, ok: false };
      expect(res.status, JSON.stringify(res.body)).toBe(kind === 'topup' ? 200 : 201);
      return { kind, ok: true, balance: Math.round(res.body.balance * 100) };
    };
    await kit.token('other@demo.test');
    await kit.token('accounting@demo.test');

    const plan = Array.from({ length: OPERATIONS }, (_, i) => ({ kind: i % 2 === 0 ? 'topup' as const : 'spend' as const, http: i % 4 >= 2 }));
    const outcomes = await Promise.all(plan.map(({ kind, http }) => (http ? viaHttp(kind) : viaService(kind))));

    const topUps = outcomes.filter((o) => o.kind === 'topup' && o.ok).length;
    const spends = outcomes.filter((o) => o.kind === 'spend' && o.ok).length;
    expect(topUps).toBe(OPERATIONS / 2);
    expect(spends).toBeGreaterThan(0);
    for (const outcome of outcomes) if (outcome.ok) expect(outcome.balance).toBeGreaterThanOrEqual(0);

    const after = await kit.audit(advertiser.id);
    expect(after.ledger).toBe(after.balance);
    expect(after.balance).toBe(before.balance + topUps * TOP_UP - spends * SPEND);
    expect(after.balance).toBeGreaterThanOrEqual(0);

    const numbers = await core.sequelize.query<{ number: string }>('SELECT number FROM invoices ORDER BY number', { type: QueryTypes.SELECT });
    const year = new Date().getUTCFullYear();
    expect(numbers.map((row) => row.number)).toEqual(Array.from({ length: topUps }, (_, i) => `AS-${year}-${String(i + 1).padStart(6, '0')}`));
  });
});
