/**
 * Conversion and click approval through the API (SPEC sections 2-5, 7 and 8, issues 14 and 33): the campaign's
 * tracked conversions and clicks with their decisions, filtered, sorted and paged; a decision is taken once (409
 * after), a bulk one all or none. The campaign approves its clicks and conversions, so tracking only reserved their
 * cost: approval charges it and credits the publisher a provision within the terms and the charge less the fee,
 * rejection releases it; the campaign's advertiser and staff decide, viewers and other advertisers never.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTrackingServer } from '../../tracking/server/testkit.ts';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';
import { auditBalance } from '../../finances/server/testkit.ts';
import { moneyAudit } from '../../finances/server/testkit.ts';

const kit = useTrackingServer();
const tokens: Record<string, string> = {};
const RUN = randomUUID().slice(0, 8);
let campaign = '';
let advertiser = '';
let publisher = '';
let lineitem = '';
let banner = '';
const conversions: string[] = [];
const clicks: string[] = [];
let writtenAt = 0;

const call = async (email: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
  const res = await kit.server.api(path, { ...init, token: tokens[email] });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
};
const ADV = 'advertiser@demo.test';
const earnings = async () => Number((await kit.sql<{ n: string }>(`SELECT COALESCE(SUM(amount), 0) AS n FROM earnings WHERE publisher_id = $1`, [publisher]))[0].n);

beforeAll(async () => {
  for (const email of [ADV, 'other@demo.test', 'viewer@demo.test', 'sysop@demo.test', 'admin@demo.test', 'publisher@demo.test']) tokens[email] = await kit.server.token(email);
  const item = await kit.lineitem('Summer Sale 2026', 'platform161');
  ({ campaign, advertiser, banner } = item);
  lineitem = item.id;
  publisher = (await kit.sql<{ id: string }>(`SELECT id FROM publishers WHERE name = 'Demo Publisher'`))[0].id;
  await kit.sql('UPDATE campaigns SET click_approval = true, conversion_approval = true WHERE id = $1', [campaign]);
  const base = { advertiser, campaign, lineitem, banner, publisher, channel: 'platform161', website: `news-${RUN}.demo.test`, source: 'house' as const };
  const events: TrackedEvent[] = [];
  writtenAt = Date.now();
  for (let n = 0; n < 6; n += 1) {
    const id = randomUUID();
    conversions.push(id);
    // 5 EUR a conversion (CPO), carts of 100, 110, ... EUR
    events.push({ ...base, id, kind: 'conversion', cls: 'order', orderId: `order-${RUN}-${n}`, value: 10_000 + n * 1_000, costMilli: 500_000, attribution: 'post_click', created: new Date(writtenAt - n * 60_000) });
  }
  for (let n = 0; n < 6; n += 1) {
    const id = randomUUID();
    clicks.push(id);
    events.push({ ...base, id, kind: 'click', costMilli: 50_000, created: new Date(writtenAt - n * 60_000) });
  }
  await writeEvents(kit.server.core, events);
}, 120_000);

const list = (kind: 'conversions' | 'clicks', query = '', email = ADV) => call(email, `/api/campaign/${campaign}/${kind}?q=${RUN}${query}`);

describe('conversion and click approval', () => {
  it('lists the campaign\'s conversions and clicks as pending, filtered, sorted and paged', async () => {
    const page = await list('conversions', '&size=10&sort=cartValue&direction=ASC');
    expect(page.status).toBe(200);
    expect(page.body.campaignName).toBe('Summer Sale 2026');
    expect(page.body.count).toBe(6);
    expect(page.body.items.map((row: { orderId: string }) => row.orderId)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `order-${RUN}-${n}`));
    // 5 EUR reserved; on Platform 161 (fee 0.5 on top of the media price) a publisher may get at most 3.33 EUR of it.
    expect(page.body.items[0]).toMatchObject({ conversionId: conversions[0], approvalStatus: '', cartValue: 100, cost: 5, reserved: true, fee: 1.67, lineitem, creative: banner, publisher, currency: 'EUR' });
    expect(page.body.items[0].commission).toBeLessThanOrEqual(3.33);
    // Newest first by default (SPEC section 9), 10 a page, and the second page of 5.
    const newest = await list('conversions');
    expect(newest.body.items[0].conversionId).toBe(conversions[0]);
    const second = await list('conversions', '&size=10&page=2');
    expect(second.body).toMatchObject({ count: 6, items: [] });
    const clickPage = await list('clicks', '&size=20');
    expect(clickPage.body.count).toBe(6);
    expect(clickPage.body.items[0]).toMatchObject({ clickId: clicks[0], approvalStatus: '', cost: 0.5, reserved: true, provision: 0.33 });
    // Filters: line items and creatives, days (DD-MM-YYYY), status, free text.
    // The days the events fall on (the oldest is 5 minutes older than the newest: two days just after midnight).
    const day = (time: number) => new Date(time).toISOString().slice(0, 10).split('-').reverse().join('-');
    const range = `&start_date=${day(writtenAt - 5 * 60_000)}&end_date=${day(writtenAt)}`;
    expect((await list('clicks', `&lineitemIds=${lineitem}&creativeIds=${banner}${range}&approvalStatus=pending`)).body.count).toBe(6);
    expect((await list('clicks', `&lineitemIds=${randomUUID()}`)).body.count).toBe(0);
    expect((await call(ADV, `/api/campaign/${campaign}/conversions?q=order-${RUN}-3`)).body.count).toBe(1);
    expect((await list('conversions', '&approvalStatus=approved')).body.count).toBe(0);
  });

  it('refuses bad filters and changes with 400 in the request\'s language', async () => {
    for (const query of ['&size=7', '&sort=secret', '&direction=UP', '&start_date=31-02-2026', '&approvalStatus=maybe', '&lineitemIds=abc', '&page=0', `&start_date=01-01-2000`]) {
      const res = await list('conversions', query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors.length, query).toBe(1);
    }
    const post = (body: unknown, headers: Record<string, string> = {}) => call(ADV, `/api/campaign/${campaign}/conversions`, { method: 'POST', body, headers });
    expect((await post({ conversionId: conversions[5] })).body.errors).toEqual([{ field: 'approved', message: 'Please send "conversionId" as an id and "approved" as true or false.' }]);
    expect((await post({ conversionId: conversions[5], approved: true, adjustedCartValue: 1.234 })).body.errors[0].field).toBe('adjustedCartValue');
    expect((await post({ conversionId: conversions[5], approved: true, commissionPercent: 101 })).body.errors[0].field).toBe('commissionPercent');
    expect((await post({ conversionId: conversions[5], approved: true, provision: -1 })).status).toBe(400);
    const german = await post({ conversionId: 'x', approved: true }, { Language: 'de' });
    expect(german).toMatchObject({ status: 400, body: { message: 'Bitte senden Sie „conversionId“ als ID und „approved“ als true oder false.' } });
    expect((await call(ADV, `/api/campaign/${campaign}/clicks/bulk`, { method: 'POST', body: [] })).status).toBe(400);
    expect((await call(ADV, `/api/campaign/${campaign}/clicks/bulk`, { method: 'POST', body: [{ clickId: clicks[5], approved: true }, { clickId: clicks[5], approved: false }] })).status).toBe(400);
    expect((await list('conversions', '&approvalStatus=pending')).body.count).toBe(6);
  });

  it('opens to the campaign\'s advertiser and staff, never to viewers or another advertiser', async () => {
    expect((await list('conversions', '', 'viewer@demo.test')).status).toBe(403);
    expect((await call('viewer@demo.test', `/api/campaign/${campaign}/clicks`, { method: 'POST', body: { clickId: clicks[5], approved: true } })).status).toBe(403);
    expect((await list('conversions', '', 'other@demo.test')).status).toBe(404);
    expect((await call('other@demo.test', `/api/campaign/${campaign}/conversions`, { method: 'POST', body: { conversionId: conversions[5], approved: true } })).status).toBe(404);
    expect((await call('other@demo.test', `/api/campaign/${campaign}/clicks/bulk`, { method: 'POST', body: [{ clickId: clicks[5], approved: true }] })).status).toBe(404);
    expect([403, 404]).toContain((await list('clicks', '', 'publisher@demo.test')).status);
    expect((await kit.server.api(`/api/campaign/${campaign}/clicks`)).status).toBe(401);
    expect((await list('conversions', '', 'sysop@demo.test')).body.count).toBe(6);
    // An event of another campaign is not found in this one.
    const [otherCampaign] = await kit.sql<{ id: string }>(`SELECT id FROM campaigns WHERE advertiser_id = $1 AND id <> $2 LIMIT 1`, [advertiser, campaign]);
    if (otherCampaign) expect((await call(ADV, `/api/campaign/${otherCampaign.id}/conversions`, { method: 'POST', body: { conversionId: conversions[5], approved: true } })).status).toBe(404);
    expect((await list('conversions', '&approvalStatus=pending')).body.count).toBe(6);
  });

  it('holds a provision to the terms and to the charge less the fee: 400 naming the field', async () => {
    const post = (body: unknown) => call(ADV, `/api/campaign/${campaign}/conversions`, { method: 'POST', body });
    const clickPost = (body: unknown) => call(ADV, `/api/campaign/${campaign}/clicks`, { method: 'POST', body });
    const over = await post({ conversionId: conversions[5], approved: true, commissionPercent: null, provision: 1_000_000 });
    expect(over).toMatchObject({ status: 400, body: { errors: [{ field: 'provision' }] } });
    expect(over.body.message).toMatch(/3[,.]33/);
    expect((await post({ conversionId: conversions[5], approved: true, adjustedCartValue: 150.01 })).body.errors[0].field).toBe('adjustedCartValue');
    expect((await post({ conversionId: conversions[5], approved: true, commissionPercent: 50 })).body.errors[0].field).toBe('commissionPercent');
    expect((await clickPost({ clickId: clicks[5], approved: true, provision: 0.34 })).body.errors[0].field).toBe('provision');
    // Nothing was decided, nothing moved.
    expect((await list('conversions', '&approvalStatus=pending')).body.count).toBe(6);
    expect(Number((await kit.sql<{ n: string }>('SELECT COUNT(*) AS n FROM reservations WHERE campaign_id = $1', [campaign]))[0].n)).toBe(12);
  });

  it('charges on approval and releases on rejection: provisions, ledgers and the platform\'s account agree', async () => {
    const before = await auditBalance(kit.server.core, advertiser);
    expect(before.balance).toBe(before.ledger);
    const audit = await moneyAudit(kit.server.core);
    expect(audit.accounts).toBe(audit.outside);
    const earnedBefore = await earnings();
    // Tracking reserved 6 x 5 EUR + 6 x 0.50 EUR: the balance is untouched, the available balance counts it.
    const balanceAnswer = (await call(ADV, `/api/advertiser/${advertiser}/balance`)).body;
    expect(balanceAnswer.reserved).toBe(33);
    expect(balanceAnswer.available).toBeCloseTo(balanceAnswer.balance - 33, 2);
    const path = (kind: string, bulk = '') => `/api/campaign/${campaign}/${kind}${bulk}`;

    // Approve as proposed (the advertiser), update (staff: a lower cart value and a percentage), a fixed amount, reject, a bulk.
    const approved = await call(ADV, path('conversions'), { method: 'POST', body: { conversionId: conversions[0], approved: true } });
    expect(approved.body).toMatchObject({ approvalStatus: 'approved', commission: 3.33, reserved: false, cost: 5 });
    const updated = await call('admin@demo.test', path('conversions'), { method: 'POST', body: { conversionId: conversions[1], approved: true, adjustedCartValue: 80.55, commissionPercent: 2 } });
    // 80.55 / 100 x 2 = 1.611 -> 1.61
    expect(updated.body).toMatchObject({ approvalStatus: 'approved', adjustedCartValue: 80.55, commissionPercent: 2, commission: 1.61 });
    const fixed = await call(ADV, path('conversions'), { method: 'POST', body: { conversionId: conversions[2], approved: true, commissionPercent: null, provision: 3 } });
    expect(fixed.body).toMatchObject({ commission: 3, commissionPercent: null });
    const rejected = await call(ADV, path('conversions'), { method: 'POST', body: { conversionId: conversions[3], approved: false } });
    expect(rejected.body).toMatchObject({ approvalStatus: 'rejected', commission: 0 });
    const bulk = await call(ADV, path('conversions', '/bulk'), { method: 'POST', body: [{ conversionId: conversions[4], approved: true }, { conversionId: conversions[5], approved: false }] });
    expect(bulk.body.items.map((row: { approvalStatus: string }) => row.approvalStatus)).toEqual(['approved', 'rejected']);

    const clickOne = await call(ADV, path('clicks'), { method: 'POST', body: { clickId: clicks[0], approved: true, provision: 0.3 } });
    expect(clickOne.body).toMatchObject({ approvalStatus: 'approved', provision: 0.3 });
    await call(ADV, path('clicks'), { method: 'POST', body: { clickId: clicks[1], approved: false } });
    const clickBulk = await call('sysop@demo.test', path('clicks', '/bulk'), { method: 'POST', body: { changes: [{ clickId: clicks[2], approved: false }, { clickId: clicks[3], approved: true }] } });
    expect(clickBulk.status).toBe(200);

    // Charged: 4 conversions x 5 EUR + 2 clicks x 0.50 EUR; the rejected ones never cost anything.
    const after = await auditBalance(kit.server.core, advertiser);
    expect(after.balance).toBe(after.ledger);
    expect(before.balance - after.balance).toBe(2_100);
    const provisions = 333 + 161 + 300 + 333 + 30 + 33;
    expect(await earnings() - earnedBefore).toBe(provisions);
    // The publisher's balance is its earnings ledger's sum; the platform paid every provision.
    const balance = await call('publisher@demo.test', `/api/publisher/${publisher}/balance`);
    expect(Math.round(balance.body.balance * 100)).toBe(await earnings());
    const moved = await moneyAudit(kit.server.core);
    expect(moved.accounts).toBe(moved.outside);
    expect(moved.platform - audit.platform).toBe(2_100 - provisions);
    // Every approved event's provision within its charge less the fee; the rejected ones charged nothing.
    const margins = await kit.sql<{ status: string; charged: string; fee: string; provision: string }>(
      'SELECT status, charged, fee, provision FROM event_approvals WHERE campaign_id = $1', [campaign]);
    for (const row of margins) expect(Number(row.provision)).toBeLessThanOrEqual(Number(row.charged) - Number(row.fee));
    expect(margins.filter((row) => row.status === 'rejected').every((row) => Number(row.charged) === 0)).toBe(true);
    // Two clicks still reserved (1 EUR), the rest captured or released.
    expect((await call(ADV, `/api/advertiser/${advertiser}/balance`)).body.reserved).toBe(1);
    // The captured costs are in the raw events and the rollups alike, and the campaign's cost follows.
    const [raw] = await kit.sql<{ milli: string }>('SELECT COALESCE(SUM(cost_milli), 0) AS milli FROM events WHERE advertiser_id = $1 AND campaign_id = $2 AND id = ANY($3::uuid[])',
      [advertiser, campaign, [...conversions, ...clicks]]);
    expect(Number(raw.milli)).toBe(2_100_000);

    // A decision cannot be taken twice, and a bulk naming a decided one changes nothing.
    const again = await call(ADV, path('conversions'), { method: 'POST', body: { conversionId: conversions[0], approved: false } });
    expect(again).toMatchObject({ status: 409, body: { message: `Conversion ${conversions[0]} has already been decided.` } });
    const mixed = await call(ADV, path('clicks', '/bulk'), { method: 'POST', body: [{ clickId: clicks[4], approved: false }, { clickId: clicks[1], approved: true }] });
    expect(mixed.status).toBe(409);
    expect((await list('clicks', '&approvalStatus=pending')).body.items.map((row: { clickId: string }) => row.clickId).sort()).toEqual([clicks[4], clicks[5]].sort());
    const still = await auditBalance(kit.server.core, advertiser);
    expect(still).toEqual(after);
    expect(await earnings() - earnedBefore).toBe(provisions);

    // Status filters and the decision's date.
    expect((await list('conversions', '&approvalStatus=approved')).body.count).toBe(4);
    const rejectedRows = (await list('conversions', '&approvalStatus=rejected')).body.items;
    expect(rejectedRows).toHaveLength(2);
    expect(rejectedRows[0].approvalDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Who and when: the activity log.
    const [login] = await kit.sql<{ id: string }>(`SELECT id FROM logins WHERE email = 'admin@demo.test'`);
    const logged = await kit.sql<{ login_id: string; entity_type: string; created: Date }>(`SELECT login_id, entity_type, created FROM campaignlogs WHERE entity_id = $1`, [conversions[1]]);
    expect(logged).toEqual([expect.objectContaining({ login_id: login.id, entity_type: 'event' })]);
  });

  it('approves what waited past the campaign\'s validation window, as the platform', async () => {
    const { approveOverdue } = await import('./validationWindow.ts');
    const before = await auditBalance(kit.server.core, advertiser);
    // Nothing is overdue today; 31 days on, the two pending clicks are.
    expect(await approveOverdue(kit.server.core)).toBe(0);
    expect(await approveOverdue(kit.server.core, new Date(Date.now() + 31 * 86_400_000))).toBe(2);
    expect((await list('clicks', '&approvalStatus=approved')).body.count).toBe(4);
    expect(Number((await kit.sql<{ n: string }>('SELECT COUNT(*) AS n FROM reservations WHERE campaign_id = $1', [campaign]))[0].n)).toBe(0);
    const after = await auditBalance(kit.server.core, advertiser);
    expect(before.balance - after.balance).toBe(100);
    expect(after.balance).toBe(after.ledger);
  });

  it('refunds a charged click only for staff, with a reason, never more than the hour was charged', async () => {
    const line = await kit.lineitem('Client One Always-On', 'platform161');
    const agency = await kit.server.token('agency@demo.test');
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 5 * 3_600_000);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    // Two clicks of 67.5 ct in one hour: the hour is booked 135 ct.
    const click = (id: string, minute: number): TrackedEvent => ({
      id, kind: 'click', advertiser: line.advertiser, campaign: line.campaign, lineitem: line.id, banner: line.banner, channel: 'platform161',
      website: 'news.demo.test', source: 'house', costMilli: 67_500, created: new Date(hour.getTime() + minute * 60_000),
    });
    await writeEvents(kit.server.core, [click(ids[0], 1), click(ids[1], 2)]);
    const key = `spend:${line.campaign}:${hour.toISOString()}`;
    const net = async () => Number((await kit.sql<{ n: string }>(
      `SELECT COALESCE(-SUM(amount) FILTER (WHERE lower(idempotency_key) = lower($2)), 0) - COALESCE(SUM(amount) FILTER (WHERE lower(idempotency_key) = lower($3)), 0) AS n
       FROM transactions WHERE advertiser_id = $1`, [line.advertiser, key, `refund${key.slice(5)}`]))[0].n);
    expect(await net()).toBe(135);
    const path = `/api/campaign/${line.campaign}/clicks`;
    const agencyCall = await kit.server.api(path, { method: 'POST', token: agency, body: { clickId: ids[0], approved: false } });
    expect(agencyCall.status).toBe(403);
    const noReason = await call('admin@demo.test', path, { method: 'POST', body: { clickId: ids[0], approved: false } });
    expect(noReason).toMatchObject({ status: 400, body: { errors: [{ field: 'reason' }] } });
    const before = await auditBalance(kit.server.core, line.advertiser);
    const first = await call('admin@demo.test', path, { method: 'POST', body: { clickId: ids[0], approved: false, reason: 'Bot traffic' } });
    expect(first.body).toMatchObject({ approvalStatus: 'rejected', refunded: 0.67, cost: 0 });
    const second = await call('sysop@demo.test', path, { method: 'POST', body: { clickId: ids[1], approved: false, reason: 'Bot traffic' } });
    expect(second.body.refunded).toBe(0.68);
    // Both refunds give back exactly what the hour was charged, no cent more.
    const after = await auditBalance(kit.server.core, line.advertiser);
    expect(after.balance - before.balance).toBe(135);
    expect(after.balance).toBe(after.ledger);
    expect(await net()).toBe(0);
    // The next click of the hour is billed from there.
    await writeEvents(kit.server.core, [click(ids[2], 3)]);
    expect(await net()).toBe(68);
    // Who decided and why: the activity log.
    const [logged] = await kit.sql<{ version: { data: { approval: { reason: string; refunded: number } } } }>('SELECT version FROM campaignlogs WHERE entity_id = $1', [ids[0]]);
    expect(logged.version.data.approval).toMatchObject({ reason: 'Bot traffic', refunded: 0.67 });
  });
});
