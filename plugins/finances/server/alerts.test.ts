import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Row } from '@adsuite/backend/kit';
import { classifyBalance } from './alerts.ts';
import { financeMail } from './mail.ts';
import { useFinanceServer } from './testkit.ts';

const kit = useFinanceServer();
const sent = vi.spyOn(financeMail, 'send').mockResolvedValue();

afterAll(() => {
  sent.mockRestore();
});

describe('balance levels (SPEC section 9, cents)', () => {
  it('warns a prepaid balance above 1 and below 10 euro and alarms at 1 euro or less', () => {
    const level = (balance: number) => classifyBalance({ balance, usedDailyBudget: 0, prepaid: true });
    expect([0, 50, 100, 101, 999, 1000, 50_000].map(level)).toEqual(['danger', 'danger', 'danger', 'warning', 'warning', 'ok', 'ok']);
    expect(classifyBalance({ balance: 500, usedDailyBudget: 0, prepaid: false })).toBe('ok');
  });

  it('warns when the used daily budget is above a fifth of the balance and alarms above half of it', () => {
    const level = (usedDailyBudget: number) => classifyBalance({ balance: 100_000, usedDailyBudget, prepaid: true });
    expect([0, 20_000, 20_001, 50_000, 50_001].map(level)).toEqual(['ok', 'ok', 'warning', 'warning', 'danger']);
  });
});

describe('balance alerts', () => {
  it('answers the level and balance for the dashboard banner', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    // 325 euro against the 50 euro daily budget of its active campaign: more than five days left.
    expect((await kit.call('advertiser@demo.test', '/api/finances/alert')).body).toEqual({ level: 'ok', balance: 325, dailyBudget: 50, prepaid: true });
    expect((await kit.call('accounting@demo.test', `/api/finances/alert?advertiser=${shop.id}`)).body).toEqual({ level: 'ok', balance: 325, dailyBudget: 50, prepaid: true });
    // 0.50 euro left under the prepaid contracts of its finished campaign, nothing running.
    const client = await kit.advertiser('Agency Client Two');
    expect((await kit.call('agency@demo.test', '/api/finances/alert', { headers: { Advertiser: client.id } })).body).toEqual({ level: 'danger', balance: 0.5, dailyBudget: 0, prepaid: true });
    expect((await kit.call('accounting@demo.test', '/api/finances/alert')).status).toBe(400);
  });

  it('alarms a prepaid balance of 1 euro or less only under prepaid contracts; a large balance under larger daily budgets is danger as well', async () => {
    const core = kit.server().core;
    const owner = (await core.model('login').findOne({ where: { email: 'advertiser@demo.test' }, raw: true })) as Row;
    const fresh = (await core.model('advertiser').create({ name: 'Fresh Registration GmbH', owner: owner.id, billingType: 'prepaid', balance: 0 })).get({ plain: true }) as Row;
    const alert = async () => (await kit.call('sysop@demo.test', `/api/finances/alert?advertiser=${fresh.id}`)).body;
    // A new account: nothing booked, no contract, nothing a low balance could stop.
    expect(await alert()).toEqual({ level: 'ok', balance: 0, dailyBudget: 0, prepaid: false });
    const contract = await core.model('contract').create({ name: 'Fresh / Facebook', advertiser: fresh.id, channel: 'facebook', prepaid: true });
    expect(await alert()).toEqual({ level: 'danger', balance: 0, dailyBudget: 0, prepaid: true });
    // 154.08 euro against 200 euro a day: danger by the daily budget (it lasts less than a day), with the figures to say so.
    await core.model('advertiser').update({ balance: 15_408 }, { where: { id: fresh.id } });
    const campaign = await core.model('campaign').create({ name: 'Fresh Campaign', advertiser: fresh.id, status: 'active', dailyBudget: 20_000 });
    expect(await alert()).toEqual({ level: 'danger', balance: 154.08, dailyBudget: 200, prepaid: true });
    // Archived contracts count no more.
    await contract.update({ archivedAt: new Date() });
    await campaign.update({ status: 'paused' });
    await core.model('advertiser').update({ balance: 50 }, { where: { id: fresh.id } });
    expect(await alert()).toEqual({ level: 'ok', balance: 0.5, dailyBudget: 0, prepaid: false });
  });

  it('mails the owner once when the balance crosses into warning and once into danger, again only after it recovered', async () => {
    // Agency Client One: 1,200 euro and an active campaign of 80 euro a day.
    const client = await kit.advertiser('Agency Client One');
    const alerts = () => sent.mock.calls.map(([, mail]) => mail).filter((mail) => mail.template !== 'paymentReceipt');
    const spend = async (amount: number) => {
      const res = await kit.call('accounting@demo.test', `/api/advertiser/${client.id}/transaction`, { method: 'POST', body: { type: 'spend', amount, description: 'Campaign spend' } });
      expect(res.status).toBe(201);
      return (await kit.call('agency@demo.test', '/api/finances/alert', { headers: { Advertiser: client.id } })).body.level;
    };
    sent.mockClear();
    expect(await spend(800)).toBe('ok'); // 400 euro: exactly five days
    expect(await spend(50)).toBe('warning');
    expect(await spend(10)).toBe('warning');
    expect(alerts().map((mail) => mail.template)).toEqual(['lowBalance']);
    expect(alerts()[0]).toEqual({ to: 'agency@demo.test', language: 'de', template: 'lowBalance', data: { name: 'Agnes', advertiser: 'Agency Client One', balanceCents: 35_000 } });

    expect(await spend(190)).toBe('danger');
    expect(await spend(10)).toBe('danger');
    expect(alerts().map((mail) => mail.template)).toEqual(['lowBalance', 'outOfBalance']);

    // Back and forth around the danger threshold: no further mail until the balance has recovered.
    expect((await kit.pay('agency@demo.test', client.id, { amount: 20 })).status).toBe(200);
    expect((await kit.call('agency@demo.test', '/api/finances/alert', { headers: { Advertiser: client.id } })).body).toEqual({ level: 'warning', balance: 160, dailyBudget: 80, prepaid: true });
    expect(await spend(20)).toBe('danger');
    expect(alerts().map((mail) => mail.template)).toEqual(['lowBalance', 'outOfBalance']);

    expect((await kit.pay('agency@demo.test', client.id, { amount: 1000 })).status).toBe(200);
    expect(await spend(800)).toBe('warning');
    expect(alerts().map((mail) => mail.template)).toEqual(['lowBalance', 'outOfBalance', 'lowBalance']);
    expect(sent.mock.calls.filter(([, mail]) => mail.template === 'paymentReceipt')).toHaveLength(2);
  });
});
