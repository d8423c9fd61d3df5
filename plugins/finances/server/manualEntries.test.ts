import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatEur } from '@adsuite/backend/kit';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();
const { shop, other } = kit;

const SYSOP = 'sysop@demo.test';

/** POST /api/advertiser/:id/manual-entry as `email`; `key` defaults to a fresh Idempotency-Key. */
function book(email: string, advertiserId: string, body: Record<string, unknown>, { key = randomUUID() as string | null, language }: { key?: string | null; language?: string } = {}) {
  const headers: Record<string, string> = {};
  if (key !== null) headers['Idempotency-Key'] = key;
  if (language) headers.Language = language;
  return kit.call(email, `/api/advertiser/${advertiserId}/manual-entry`, { method: 'POST', body: { direction: 'credit', amount: 10, reason: 'Goodwill', ...body }, headers });
}

const fieldsOf = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((error) => error.field);

describe('manual ledger entries', () => {
  it('books a credit as the systemoperator: the reason names the entry, the balance moves, the activity log has it', async () => {
    const before = await kit.audit(shop.id);
    const booked = await book(SYSOP, shop.id, { direction: 'credit', amount: '12.34', reason: '  Compensation for the outage on 3 March  ' });
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      transaction: { type: 'manual', amount: 12.34, description: 'Compensation for the outage on 3 March', advertiser: shop.id },
      balance: (before.balance + 1_234) / 100,
      repeated: false,
    });
    expect(await kit.audit(shop.id)).toEqual({ balance: before.balance + 1_234, ledger: before.ledger + 1_234 });

    const sysop = await kit.server().core.model('login').findOne({ where: { email: SYSOP }, raw: true }) as { id: string };
    const logged = await kit.server().core.model('campaignlog').findOne({ where: { entityId: booked.body.transaction.id }, raw: true }) as Record<string, unknown> | null;
    expect(logged).toMatchObject({ entityType: 'transaction', entityAction: 'create', login: sysop.id, advertiser: shop.id, level: 'administrator' });
    expect(logged?.message).toContain('Compensation for the outage on 3 March');

    // The advertiser reads it in its own ledger.
    const ledger = await kit.call('advertiser@demo.test', `/api/finances/ledger?advertiser=${shop.id}&sort=${encodeURIComponent('["created","DESC"]')}`);
    expect(ledger.body[0]).toMatchObject({ id: booked.body.transaction.id, type: 'manual', amount: 12.34, description: 'Compensation for the outage on 3 March' });
  });

  it('books a debit, and refuses one that would take a prepaid balance below zero (409 at the amount, nothing booked)', async () => {
    const before = await kit.audit(other.id);
    const debit = await book(SYSOP, other.id, { direction: 'debit', amount: 5, reason: 'Correction of a double coupon' });
    expect(debit.status).toBe(201);
    expect(debit.body.transaction.amount).toBe(-5);
    expect(debit.body.balance).toBe((before.balance - 500) / 100);

    const left = (before.balance - 500) / 100;
    const refused = await book(SYSOP, other.id, { direction: 'debit', amount: left + 0.01, reason: 'Too much' });
    expect(refused.status).toBe(409);
    expect(fieldsOf(refused.body)).toEqual(['amount']);
    expect(refused.body.message).toBe(`The balance of ${formatEur(before.balance - 500)} does not cover the debit of ${formatEur(before.balance - 499)}. A prepaid balance does not go below zero.`);
    expect(await kit.audit(other.id)).toEqual({ balance: before.balance - 500, ledger: before.ledger - 500 });

    const german = await book(SYSOP, other.id, { direction: 'debit', amount: left + 0.01, reason: 'Too much' }, { language: 'de' });
    expect(german.body.errors[0].message).toMatch(/^Das Guthaben von .* deckt die Belastung von .* nicht\./);
  });

  it('lets a postpaid balance go below zero', async () => {
    const client = await kit.advertiser('Agency Client One');
    await kit.server().core.model('advertiser').update({ billingType: 'postpaid' }, { where: { id: client.id } });
    const { balance } = await kit.audit(client.id);
    const debit = await book(SYSOP, client.id, { direction: 'debit', amount: balance / 100 + 100, reason: 'Postpaid usage' });
    expect(debit.status).toBe(201);
    expect(debit.body.balance).toBe(-100);
    expect(await kit.audit(client.id)).toEqual({ balance: -10_000, ledger: -10_000 });
  });

  it('books once per key: a repeat answers the first entry, a concurrent double click books once, another entry under the key is 422', async () => {
    const before = await kit.audit(shop.id);
    const key = randomUUID();
    const first = await book(SYSOP, shop.id, { amount: 3, reason: 'Double click' }, { key });
    const again = await book(SYSOP, shop.id, { amount: 3, reason: 'Double click' }, { key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toMatchObject({ transaction: { id: first.body.transaction.id }, balance: (before.balance + 300) / 100, repeated: true });

    const burstKey = randomUUID();
    const burst = await Promise.all(Array.from({ length: 5 }, () => book(SYSOP, shop.id, { amount: 2, reason: 'Burst' }, { key: burstKey })));
    expect(burst.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(burst.map((answer) => answer.body.transaction.id)).size).toBe(1);
    expect(await kit.audit(shop.id)).toEqual({ balance: before.balance + 500, ledger: before.ledger + 500 });

    const reused = await book(SYSOP, shop.id, { amount: 4, reason: 'Double click' }, { key });
    expect(reused.status).toBe(422);
    expect(fieldsOf(reused.body)).toEqual(['Idempotency-Key']);
    const missing = await book(SYSOP, shop.id, {}, { key: null });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['Idempotency-Key']);
    expect((await book(SYSOP, shop.id, {}, { key: 'x'.repeat(101) })).status).toBe(400);
    expect(await kit.audit(shop.id)).toEqual({ balance: before.balance + 500, ledger: before.ledger + 500 });
  });

  it('checks amount, direction and reason (400 with { message, errors }), with the money maximum of config', async () => {
    const before = await kit.audit(shop.id);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ amount: 0 }, ['amount']],
      [{ amount: -5 }, ['amount']],
      [{ amount: 'abc' }, ['amount']],
      [{ amount: 1.234 }, ['amount']],
      [{ amount: 100_000.01 }, ['amount']],
      [{ amount: 99_999_999_999 }, ['amount']],
      [{ amount: null }, ['amount']],
      [{ direction: 'gift' }, ['direction']],
      [{ direction: undefined }, ['direction']],
      [{ reason: '' }, ['reason']],
      [{ reason: '   ' }, ['reason']],
      [{ reason: 5 }, ['reason']],
      [{ reason: 'x'.repeat(201) }, ['reason']],
      [{ reason: 'a\u0000b' }, ['reason']],
      [{ direction: 'both', amount: 'x', reason: '' }, ['direction', 'amount', 'reason']],
    ];
    for (const [body, fields] of cases) {
      const answer = await book(SYSOP, shop.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(answer.body), JSON.stringify(body)).toEqual(fields);
      expect(answer.body.message).toBe(answer.body.errors[0].message);
    }
    expect((await kit.call(SYSOP, `/api/advertiser/${shop.id}/manual-entry`, { method: 'POST', body: [1], headers: { 'Idempotency-Key': randomUUID() } })).status).toBe(400);

    const tooMuch = await book(SYSOP, shop.id, { amount: 100_000.01 });
    expect(tooMuch.body.message).toBe('At most 100.000,00\u00a0€ per entry. Please enter a smaller amount.');
    const zuViel = await book(SYSOP, shop.id, { amount: 100_000.01 }, { language: 'de' });
    expect(zuViel.body.message).toBe('Höchstens 100.000,00\u00a0€ je Buchung. Bitte geben Sie einen kleineren Betrag ein.');
    expect(await kit.audit(shop.id)).toEqual(before);

    const maximum = await book(SYSOP, shop.id, { amount: 100_000, reason: 'The largest entry' });
    expect(maximum.status).toBe(201);
    const back = await book(SYSOP, shop.id, { direction: 'debit', amount: '100000', reason: 'The largest entry, taken back' });
    expect(back.status).toBe(201);
    expect(await kit.audit(shop.id)).toEqual(before);
  });

  it('books for the administrator and the affiliatemanager too (SPEC section 6 grants them /transaction/new)', async () => {
    const before = await kit.audit(other.id);
    for (const email of ['admin@demo.test', 'affiliatemanager@demo.test']) {
      const answer = await book(email, other.id, { amount: 1, reason: `Goodwill by ${email}` });
      expect(answer.status, email).toBe(201);
      expect(answer.body.transaction).toMatchObject({ type: 'manual', amount: 1, description: `Goodwill by ${email}` });
    }
    expect(await kit.audit(other.id)).toEqual({ balance: before.balance + 200, ledger: before.ledger + 200 });
  });

  it('refuses everyone below the administrator, and an advertiser that does not exist', async () => {
    const before = await kit.audit(shop.id);
    for (const email of ['advertiser@demo.test', 'agency@demo.test', 'accounting@demo.test', 'viewer@demo.test', 'coworker@demo.test', 'wizard@demo.test', 'publisher@demo.test']) {
      const answer = await book(email, shop.id, { amount: 1, reason: 'Not allowed' });
      expect(answer.status, email).toBe(403);
    }
    const anonymous = await kit.server().api(`/api/advertiser/${shop.id}/manual-entry`, {
      method: 'POST', body: { direction: 'credit', amount: 1, reason: 'x' }, headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(anonymous.status).toBe(401);
    expect((await book(SYSOP, randomUUID(), {})).status).toBe(404);
    expect((await book(SYSOP, 'not-an-id', {})).status).toBe(404);
    expect(await kit.audit(shop.id)).toEqual(before);
  });

  it('keeps every balance equal to its ledger', async () => {
    for (const name of ['Demo Shop GmbH', 'Other Shop AG', 'Agency Client One', 'Agency Client Two']) {
      const { balance, ledger } = await kit.audit((await kit.advertiser(name)).id);
      expect(ledger, name).toBe(balance);
    }
  });
});
