import { describe, expect, it, vi } from 'vitest';
import { text } from '@adsuite/backend/kit';
import { post } from '../../finances/server/testkit.ts';
import { financeMail } from '../../finances/server/testkit.ts';
import { resumeLineItems } from './budgets.ts';
import { forgetAllLineItems } from './delivery.ts';
import { useTrackingServer } from './testkit.ts';

const kit = useTrackingServer();

const lineitemState = async (id: string) => (await kit.sql<{ autopaused: boolean; autopause_reason: string | null }>(
  'SELECT COALESCE(autopaused, false) AS autopaused, autopause_reason FROM lineitems WHERE id = $1', [id]))[0];
const click = async (li: { banner: string; id: string }) => {
  forgetAllLineItems();
  const res = await kit.hit(`/s/${li.banner}/${li.id}/1/0`);
  expect(res.status).toBe(302);
  return res;
};
const clickCost = async (id: string) => (await kit.sql<{ cost_milli: number; billable: boolean }>(
  `SELECT cost_milli, billable FROM events WHERE kind = 'click' AND lineitem_id = $1 ORDER BY created DESC LIMIT 1`, [id]))[0];

describe('budgets and balance pause line items', () => {
  it('pauses a line item whose daily budget is used up until the next day, and still redirects its clicks unbilled', async () => {
    // Client One Always-On / Platform 161: 0.45 euro CPC + 50 % fee = 0.675 euro a click; a daily budget of 1.50 euro.
    const li = await kit.lineitem('Client One Always-On', 'platform161');
    await kit.sql('UPDATE lineitems SET daily_budget = 150, budget = NULL WHERE id = $1', [li.id]);
    await click(li);
    await click(li);
    expect(await lineitemState(li.id)).toEqual({ autopaused: false, autopause_reason: null });
    await click(li); // 2.025 euro >= 1.50
    expect(await lineitemState(li.id)).toEqual({ autopaused: true, autopause_reason: 'daily_budget' });
    const res = await click(li);
    expect(res.headers.get('location')).toMatch(/^https:\/\/client-one\.demo\.test\/landing\?adsuite_click=/);
    expect(await clickCost(li.id)).toEqual({ cost_milli: 0, billable: false });
    // Still today: stays paused. Tomorrow: delivers again.
    expect(await resumeLineItems(kit.server.core)).not.toContain(li.id);
    expect(await resumeLineItems(kit.server.core, new Date(Date.now() + 86_400_000))).toContain(li.id);
    expect(await lineitemState(li.id)).toEqual({ autopaused: false, autopause_reason: null });
  });

  it('pauses a line item whose total budget is used up for good', async () => {
    const li = await kit.lineitem('Client One Always-On', 'platform161');
    await kit.sql('UPDATE lineitems SET daily_budget = NULL, budget = 300, autopaused = false, autopause_reason = NULL WHERE id = $1', [li.id]);
    for (let i = 0; i < 3; i++) await click(li); // with the clicks before, well over 3 euro
    expect(await lineitemState(li.id)).toEqual({ autopaused: true, autopause_reason: 'budget' });
    expect(await resumeLineItems(kit.server.core, new Date(Date.now() + 86_400_000))).not.toContain(li.id);
  });

  it('remembers a low balance and mails the owner once when clicks take a prepaid balance below 10 euro', async () => {
    const li = await kit.lineitem('Client One Always-On', 'platform161');
    await kit.sql('UPDATE lineitems SET daily_budget = NULL, budget = NULL, autopaused = false, autopause_reason = NULL WHERE id = $1', [li.id]);
    // No daily budget counts against the balance: only its amount decides the level.
    await kit.sql('UPDATE campaigns SET daily_budget = NULL WHERE advertiser_id = $1', [li.advertiser]);
    await kit.sql(`UPDATE advertisers SET billing_type = 'prepaid' WHERE id = $1`, [li.advertiser]);
    const balance = async () => Number((await kit.sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [li.advertiser]))[0].balance);
    // 10.50 euro left, booked as the ledger books a manual spend (which notes the level: ok).
    // The balance is read before the transaction: on PGlite (npm test without DATABASE_URL) one session serves all, and
    // a read beside an open transaction waits for it to end.
    const amount = 1_050 - (await balance());
    await kit.server.core.sequelize.transaction(async (transaction) => {
      await post(kit.server.core, transaction, li.advertiser, [{ type: 'spend', amount, description: 'Campaign spend' }]);
    });
    const level = async () => (await kit.sql<{ level: string }>('SELECT level FROM finance_balance_alerts WHERE advertiser_id = $1', [li.advertiser]))[0]?.level;
    expect((await level()) ?? 'ok').toBe('ok'); // no row: nothing to remember yet
    const sent = vi.spyOn(financeMail, 'send').mockResolvedValue();
    try {
      await click(li); // 0.675 euro: 9.825 euro left
      expect(await balance()).toBeLessThan(1_000);
      expect(await level()).toBe('warning');
      await click(li);
      expect(await level()).toBe('warning');
      expect(sent.mock.calls.map(([, mail]) => [mail.template, mail.to])).toEqual([['lowBalance', expect.any(String)]]);
    } finally {
      sent.mockRestore();
    }
  });

  it('pauses every line item of an advertiser whose prepaid balance is used up, and resumes them after a top-up', async () => {
    // Agency Client Two has 0.50 euro; make its test flight live.
    const li = await kit.lineitem('Client Two Test Flight', 'facebook');
    await kit.sql(`UPDATE campaigns SET status = 'active' WHERE id = $1`, [li.campaign]);
    await kit.sql('UPDATE lineitems SET active = true, userpaused = false, daily_budget = NULL, budget = NULL WHERE id = $1', [li.id]);
    await click(li); // 0.45 + 50 % (facebook default fee) = 0.675 euro > 0.50 euro
    const [advertiser] = await kit.sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [li.advertiser]);
    expect(Number(advertiser.balance)).toBe(0);
    expect(await lineitemState(li.id)).toEqual({ autopaused: true, autopause_reason: 'balance' });
    // Only what the balance covered is booked: the ledger still adds up to the balance.
    const [ledger] = await kit.sql<{ sum: string }>('SELECT SUM(amount) AS sum FROM transactions WHERE advertiser_id = $1', [li.advertiser]);
    expect(Number(ledger.sum)).toBe(0);
    expect(await resumeLineItems(kit.server.core)).not.toContain(li.id);
    // A card top-up, booked as the payment screen books it.
    await kit.server.core.sequelize.transaction(async (transaction) => {
      await post(kit.server.core, transaction, li.advertiser, [{ type: 'topup', amount: 5_000, description: text('finances.ledger.card_topup') }]);
    });
    expect(await resumeLineItems(kit.server.core)).toContain(li.id);
    expect(await lineitemState(li.id)).toEqual({ autopaused: false, autopause_reason: null });
  });
});
