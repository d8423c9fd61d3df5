/**
 * Money is double entry (ARCHITECTURE "Data and state", issue 33): a random concurrent workload of tracking (an
 * approval campaign's reserved clicks and conversions, another campaign's charged ones), approvals and rejections,
 * staff refunds, card top-ups, coupons and payouts. Afterwards the sum of all accounts (advertiser balances,
 * publisher balances, the platform's account) changed only by the outside flows, every balance equals its ledger,
 * no event's provision exceeds its charge less the platform's fee, no campaign hour refunded more than it was
 * charged, what the ledger booked per campaign hour is what its rollup costs, the reservations are what the pending
 * events hold, and the rollups equal a GROUP BY over the raw events.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { auditBalance } from './ledger.ts';
import { moneyAudit } from './platform.ts';

const kit = useTrackingServer();
const tokens: Record<string, string> = {};
const ADV = 'advertiser@demo.test';
const AGENCY = 'agency@demo.test';
const ADMIN = 'admin@demo.test';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const call = async (email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await kit.server.api(path, { ...init, token: tokens[email] });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};

interface Line { id: string; advertiser: string; campaign: string; banner: string }
let approval: Line;
let charged: Line;
let publisher = '';

beforeAll(async () => {
  for (const email of [ADV, AGENCY, ADMIN, 'sysop@demo.test']) tokens[email] = await kit.server.token(email);
  approval = await kit.lineitem('Summer Sale 2026', 'platform161');
  charged = await kit.lineitem('Client One Always-On', 'platform161');
  await kit.sql('UPDATE campaigns SET click_approval = true, conversion_approval = true WHERE id = $1', [approval.campaign]);
  await kit.sql('UPDATE campaigns SET click_approval = false, conversion_approval = false WHERE id = $1', [charged.campaign]);
  publisher = (await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id;
}, 120_000);

describe('double entry under a concurrent workload', () => {
  it('changes the sum of all accounts only by the outside flows, with every invariant held', async () => {
    const next = random(33);
    const pick = <T,>(list: T[]) => list[Math.floor(next() * list.length)];
    const start = await moneyAudit(kit.server.core);
    expect(start.accounts).toBe(start.outside);
    const tracked: { id: string; line: Line; kind: 'click' | 'conversion' }[] = [];
    const decided = new Set<string>();
    const coupon = `DOUBLE-${randomUUID().slice(0, 6)}`.toUpperCase();
    const made = await call('sysop@demo.test', '/api/coupon', { method: 'POST', body: { name: coupon, amount: 7.5, minDeposit: 0, active: true } });
    expect(made.status).toBe(201);

    const track = async () => {
      const events: TrackedEvent[] = [];
      const now = Date.now();
      for (let n = 0; n < 8; n += 1) {
        const line = next() < 0.5 ? approval : charged;
        const kind = next() < 0.75 ? 'click' : 'conversion';
        const id = randomUUID();
        tracked.push({ id, line, kind });
        events.push({
          id, kind, advertiser: line.advertiser, campaign: line.campaign, lineitem: line.id, banner: line.banner, channel: 'platform161',
          publisher: next() < 0.7 ? publisher : null, website: 'news.demo.test', source: 'house', created: new Date(now - Math.floor(next() * 7_200_000)),
          // Thousandths of a cent that round: 67.5 ct, 0.45 EUR with the fee, 3.3335 EUR.
          costMilli: kind === 'click' ? pick([67_500, 45_000, 33_335]) : pick([333_350, 500_000]),
          ...(kind === 'conversion' ? { cls: 'order', orderId: `o-${id.slice(0, 8)}`, value: 5_000 + Math.floor(next() * 20_000), attribution: 'post_click' as const } : {}),
        });
      }
      await writeEvents(kit.server.core, events);
    };
    const decide = async () => {
      const open = tracked.filter((event) => !decided.has(event.id));
      if (!open.length) return;
      const event = pick(open);
      decided.add(event.id);
      const path = `/api/campaign/${event.line.campaign}/${event.kind === 'click' ? 'clicks' : 'conversions'}`;
      const idKey = event.kind === 'click' ? 'clickId' : 'conversionId';
      if (event.line === approval) {
        const answer = await call(ADV, path, { method: 'POST', body: { [idKey]: event.id, approved: next() < 0.6 } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      } else if (next() < 0.5) {
        // A charged event: the advertiser may not refund it; staff do, with a reason.
        expect((await call(AGENCY, path, { method: 'POST', body: { [idKey]: event.id, approved: false } })).status).toBe(403);
        const answer = await call(ADMIN, path, { method: 'POST', body: { [idKey]: event.id, approved: false, reason: 'Invalid traffic from a bot net' } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      } else {
        const answer = await call(AGENCY, path, { method: 'POST', body: { [idKey]: event.id, approved: true } });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
    };
    const topUp = async () => {
      const answer = await call(ADV, `/api/advertiser/${approval.advertiser}/payment`, {
        method: 'POST', headers: { 'Idempotency-Key': randomUUID() },
        body: { amount: 10 + Math.floor(next() * 40), vatHandle: next() < 0.5 ? 'add' : 'deduct', cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123' },
      });
      expect(answer.status).toBe(200);
    };
    const payout = async () => {
      await kit.server.core.model('earning').create({ publisher, type: 'payout', amount: -(100 + Math.floor(next() * 400)), description: 'Auszahlung' });
    };

    await track();
    for (let round = 0; round < 6; round += 1) {
      await Promise.all([track(), decide(), decide(), decide(), topUp(), ...(round === 2 ? [payout()] : []),
        ...(round === 3 ? [call(AGENCY, '/api/coupon/use', { method: 'POST', body: { code: coupon }, headers: { Advertiser: charged.advertiser } })] : [])]);
    }
    await Promise.all(Array.from({ length: 12 }, () => decide()));

    // The sum of all accounts moved by the outside flows only.
    const end = await moneyAudit(kit.server.core);
    expect(end.accounts).toBe(end.outside);
    expect(end.outside).not.toBe(start.outside);
    // Every advertiser's balance is its ledger.
    for (const advertiser of [approval.advertiser, charged.advertiser]) {
      const audit = await auditBalance(kit.server.core, advertiser);
      expect(audit.balance).toBe(audit.ledger);
    }
    // No event's provision above its charge less the fee; refunds never above the charge.
    const decisions = await kit.sql<{ status: string; charged: string; fee: string; provision: string; refunded: string }>(
      'SELECT status, charged, fee, provision, refunded FROM event_approvals WHERE campaign_id = ANY($1::uuid[])', [[approval.campaign, charged.campaign]]);
    expect(decisions.length).toBeGreaterThan(10);
    for (const row of decisions) {
      expect(Number(row.provision)).toBeLessThanOrEqual(Number(row.charged) - Number(row.fee));
      expect(Number(row.refunded)).toBeLessThanOrEqual(Number(row.charged) + 1);
    }
    // Per campaign hour: refunds within the spend, and the ledger's net what the hourly rollup costs.
    const hours = await kit.sql<{ key: string; spent: string; refunded: string; rollup: string }>(
      `SELECT s.idempotency_key AS key, -s.amount AS spent, COALESCE(f.amount, 0) AS refunded,
         (SELECT round(SUM(h.cost_milli) / 1000.0) FROM stat_hourly h WHERE h.campaign_id = s.campaign_id AND h.hour = (split_part(s.idempotency_key, ':', 3) || ':' || split_part(s.idempotency_key, ':', 4) || ':' || split_part(s.idempotency_key, ':', 5))::timestamptz) AS rollup
       FROM transactions s LEFT JOIN transactions f ON f.advertiser_id = s.advertiser_id AND lower(f.idempotency_key) = lower('refund' || substr(s.idempotency_key, 6))
       WHERE s.type = 'spend' AND s.campaign_id = ANY($1::uuid[]) AND s.created > now() - interval '4 hours'`, [[approval.campaign, charged.campaign]]);
    expect(hours.length).toBeGreaterThan(0);
    for (const hour of hours) {
      expect(Number(hour.refunded), hour.key).toBeLessThanOrEqual(Number(hour.spent));
      expect(Number(hour.spent) - Number(hour.refunded), hour.key).toBe(Number(hour.rollup));
    }
    // The reservations are what the approval campaign's pending events hold.
    const [pending] = await kit.sql<{ reserved: string; open: string }>(
      `SELECT (SELECT COUNT(*) FROM reservations WHERE campaign_id = $1) AS reserved,
         (SELECT COUNT(*) FROM events e WHERE e.campaign_id = $1 AND e.id = ANY($2::uuid[])
            AND NOT EXISTS (SELECT 1 FROM event_approvals a WHERE a.advertiser_id = e.advertiser_id AND a.event_id = e.id)) AS open`,
      [approval.campaign, tracked.filter((event) => event.line === approval).map((event) => event.id)]);
    expect(Number(pending.reserved)).toBe(Number(pending.open));
    // The rollups equal a GROUP BY over the raw events.
    const differing = await kit.sql(
      `WITH raw AS (
         SELECT advertiser_id, campaign_id, date_trunc('hour', created, 'UTC') AS hour, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(cost_milli) AS cost_milli
         FROM events WHERE NOT bot AND campaign_id = ANY($1::uuid[]) GROUP BY 1, 2, 3
       ), rolled AS (
         SELECT advertiser_id, campaign_id, hour, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(cost_milli) AS cost_milli
         FROM stat_hourly WHERE campaign_id = ANY($1::uuid[]) GROUP BY 1, 2, 3
       )
       SELECT * FROM raw FULL JOIN rolled USING (advertiser_id, campaign_id, hour)
       WHERE raw.impressions IS DISTINCT FROM rolled.impressions OR raw.clicks IS DISTINCT FROM rolled.clicks OR raw.cost_milli IS DISTINCT FROM rolled.cost_milli`,
      [[approval.campaign, charged.campaign]]);
    expect(differing).toEqual([]);
  });
});
