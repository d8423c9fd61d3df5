import { describe, expect, it } from 'vitest';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();

const redeem = async (email: string, code: unknown, advertiserId?: string, language = 'en') =>
  kit.call(email, '/api/coupon/use', { method: 'POST', body: { code }, headers: { Language: language, ...(advertiserId ? { Advertiser: advertiserId } : {}) } });

describe('redeeming a coupon', () => {
  it('names an unknown, inactive or expired code', async () => {
    const sysop = 'sysop@demo.test';
    expect((await kit.call(sysop, '/api/coupon', { method: 'POST', body: { name: 'PAUSED10', amount: 10, active: false } })).status).toBe(201);
    expect((await kit.call(sysop, '/api/coupon', { method: 'POST', body: { name: 'OLD10', amount: 10, validUntil: '2020-01-31' } })).status).toBe(201);
    const cases: [unknown, string][] = [
      ['NOPE', 'The coupon code "NOPE" is unknown.'],
      ['paused10', 'The coupon PAUSED10 is no longer active.'],
      ['OLD10', 'The coupon OLD10 expired on 31-01-2020.'],
      ['', 'Please enter a coupon code.'],
      [42, 'Please enter a coupon code.'],
    ];
    for (const [code, message] of cases) {
      const { status, body } = await redeem('other@demo.test', code);
      expect(status, String(code)).toBe(400);
      expect(body).toEqual({ message, errors: [{ field: 'code', message }] });
    }
    // In German (SPEC section 9: dates DD-MM-YYYY).
    const german: [unknown, string][] = [
      ['NOPE', 'Den Gutscheincode „NOPE“ gibt es nicht.'],
      ['paused10', 'Der Gutschein PAUSED10 ist nicht mehr aktiv.'],
      ['OLD10', 'Der Gutschein OLD10 ist am 31-01-2020 abgelaufen.'],
      ['', 'Bitte geben Sie einen Gutscheincode ein.'],
    ];
    for (const [code, message] of german) expect((await redeem('other@demo.test', code, undefined, 'de')).body.message, String(code)).toBe(message);
  });

  it('gives NEW25 only after deposits of 50 euro, then credits 25 euro once', async () => {
    const client = await kit.advertiser('Agency Client Two');
    const early = await redeem('agency@demo.test', 'NEW25', client.id);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The coupon NEW25 needs deposits of at least 50,00\u00a0€ first (so far 0,50\u00a0€).');
    const german = await redeem('agency@demo.test', 'NEW25', client.id, 'de');
    expect(german.body.message).toBe('Der Gutschein NEW25 setzt Einzahlungen von mindestens 50,00\u00a0€ voraus (bisher 0,50\u00a0€).');

    expect((await kit.pay('agency@demo.test', client.id, { amount: 49.5, vatHandle: 'deduct' })).status).toBe(200);
    const before = await kit.audit(client.id);
    const { status, body } = await redeem('agency@demo.test', 'new25', client.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ coupon: 'NEW25', amount: 25, balance: (before.balance + 2_500) / 100, transaction: { type: 'coupon', amount: 25 } });
    const after = await kit.audit(client.id);
    expect(after).toEqual({ balance: before.balance + 2_500, ledger: before.balance + 2_500 });

    const again = await redeem('coworker@demo.test', 'NEW25', client.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('The coupon NEW25 has already been used for this advertiser.');
    expect((await redeem('coworker@demo.test', 'NEW25', client.id, 'de')).body.message).toBe('Der Gutschein NEW25 wurde für diesen Werbetreibenden bereits eingelöst.');
    expect(await kit.audit(client.id)).toEqual(after);
  });

  it('counts the seeded NEW25 of Demo Shop as its one use', async () => {
    expect((await redeem('advertiser@demo.test', 'NEW25')).body.message).toBe('The coupon NEW25 has already been used for this advertiser.');
  });

  it('credits concurrent redeems of one advertiser once', async () => {
    const client = await kit.advertiser('Agency Client One');
    const before = await kit.audit(client.id);
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeem('agency@demo.test', 'NEW25', client.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused).toMatchObject({ status: 400, body: { message: 'The coupon NEW25 has already been used for this advertiser.' } });
    }
    expect(await kit.audit(client.id)).toEqual({ balance: before.balance + 2_500, ledger: before.balance + 2_500 });
    expect(await kit.count('couponusages', client.id)).toBe(1);
  });

  it('lets neither a viewer nor accounting redeem', async () => {
    expect((await redeem('viewer@demo.test', 'NEW25')).status).toBe(403);
    expect((await redeem('accounting@demo.test', 'NEW25')).status).toBe(403);
  });
});

describe('coupon history', () => {
  it('lists who used a coupon, newest first, for staff only', async () => {
    const coupon = (await kit.server().core.model('coupon').findOne({ where: { name: 'NEW25' }, raw: true })) as { id: string };
    const { status, body } = await kit.call('accounting@demo.test', `/api/coupon/${coupon.id}/advertisers`);
    expect(status).toBe(200);
    expect(body.map((use: { name: string }) => use.name)).toEqual(['Agency Client One', 'Agency Client Two', 'Demo Shop GmbH']);
    const shop = await kit.advertiser('Demo Shop GmbH');
    expect(body[2]).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), advertiser: shop.id, name: 'Demo Shop GmbH' });
    expect((await kit.call('advertiser@demo.test', `/api/coupon/${coupon.id}/advertisers`)).status).toBe(403);
    expect((await kit.call('sysop@demo.test', '/api/coupon/00000000-0000-4000-8000-000000000000/advertisers')).status).toBe(404);
  });

  it('keeps usages out of reach of the generic API', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const coupon = (await kit.server().core.model('coupon').findOne({ where: { name: 'NEW25' }, raw: true })) as { id: string };
    const own = await kit.call('advertiser@demo.test', '/api/couponusage');
    expect(own.body.map((u: { advertiser: string }) => u.advertiser)).toEqual([shop.id]);
    expect((await kit.call('sysop@demo.test', '/api/couponusage', { method: 'POST', body: { coupon: coupon.id, advertiser: shop.id } })).status).toBe(403);
  });
});
