import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { INVALID_REASONS } from '@adsuite/config/invalidTraffic';
import { chance } from './networks.ts';
import { listPartitions, maintainPartitions, partitionName } from './partitions.ts';
import { eventId, writeEvents, type TrackedEvent } from './pipeline.ts';
import { runPrepared } from './prepared.ts';
import { useTrackingServer } from './testkit.ts';

const kit = useTrackingServer();
const DAY_MS = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

describe('event ids', () => {
  it('are UUIDs of version 7 that carry the event time, so that the ids of a day come in the order they are written', async () => {
    const core = kit.server.core;
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const start = Date.parse('2026-09-01T10:00:00.000Z');
    const times = Array.from({ length: 300 }, (_, n) => start + n * 7);
    const ids = times.map((time) => eventId(time));
    expect(new Set(ids).size).toBe(ids.length);
    for (const [n, id] of ids.entries()) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(times[n]);
    }
    expect([...ids].sort()).toEqual(ids);
    // An event stored without an id of its own gets one of its time, as PostgreSQL orders uuids.
    const created = new Date(Date.now() - 3_600_000);
    await writeEvents(core, [{ kind: 'view', advertiser: li.advertiser, campaign: li.campaign, lineitem: li.id, created, subid: 'v7-probe' }]);
    const [row] = await kit.sql<{ id: string; ms: string }>(
      `SELECT id, (extract(epoch FROM created) * 1000)::bigint AS ms FROM events WHERE subid = 'v7-probe'`);
    expect(parseInt(row.id.replaceAll('-', '').slice(0, 12), 16)).toBe(Number(row.ms));
    const [{ ordered }] = await kit.sql<{ ordered: boolean }>(
      `SELECT array_agg(id ORDER BY id) = array_agg(id ORDER BY n) AS ordered FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, n)`, [ids]);
    expect(ordered).toBe(true);
  });
});

describe('partitions and retention (SPEC section 9)', () => {
  it('makes the partitions of today and the next 7 days, drops raw events after 120 days and access logs after 7', async () => {
    const core = kit.server.core;
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    const old = Date.now() - 125 * DAY_MS;
    const recent = Date.now() - 100 * DAY_MS;
    await writeEvents(core, [
      { kind: 'view', advertiser: li.advertiser, campaign: li.campaign, lineitem: li.id, created: new Date(old), referer: 'https://old.example/page' },
      { kind: 'view', advertiser: li.advertiser, campaign: li.campaign, lineitem: li.id, created: new Date(recent) },
    ]);
    const days = (await listPartitions(core)).map((p) => p.day);
    expect(days).toContain(iso(old));
    expect(await kit.sql(`SELECT host FROM accesslogs WHERE host = 'old.example'`)).toHaveLength(1);

    const { made, dropped } = await maintainPartitions(core);
    const after = (await listPartitions(core)).map((p) => p.day);
    for (let i = 0; i < 8; i++) expect(after).toContain(iso(Date.now() + i * DAY_MS));
    expect(made.length + after.filter((d) => d >= iso(Date.now())).length).toBeGreaterThanOrEqual(8);
    expect(dropped).toContain(iso(old));
    expect(after).not.toContain(iso(old));
    expect(after).toContain(iso(recent));
    expect(await kit.sql(`SELECT to_regclass('${partitionName(iso(old))}') AS t`)).toEqual([{ t: null }]);
    expect(await kit.sql('SELECT 1 FROM stat_hourly WHERE hour < $1', [new Date(Date.now() - 120 * DAY_MS).toISOString()])).toHaveLength(0);
    expect(await kit.sql(`SELECT host FROM accesslogs WHERE host = 'old.example'`)).toHaveLength(0);
  });

  it('lists raw events over at most 3 days (the last 3 by default) for staff only', async () => {
    const sysop = await kit.server.token('sysop@demo.test');
    const li = await kit.lineitem('Summer Sale 2026', 'platform161');
    await writeEvents(kit.server.core, [
      { kind: 'event', cls: 'cart', advertiser: li.advertiser, host: 'shop.demo.test', created: new Date() },
      { kind: 'event', cls: 'cart', advertiser: li.advertiser, host: 'shop.demo.test', created: new Date(Date.now() - 5 * DAY_MS) },
    ]);
    const recent = await kit.server.api(`/api/event?filter=${encodeURIComponent(JSON.stringify({ cls: 'cart' }))}`, { token: sysop });
    expect(recent.status).toBe(200);
    expect(((await recent.json()) as unknown[]).length).toBe(1);
    const older = await kit.server.api(`/api/event?filter=${encodeURIComponent(JSON.stringify({ cls: 'cart', day_gte: iso(Date.now() - 6 * DAY_MS), day_lte: iso(Date.now() - 4 * DAY_MS) }))}`, { token: sysop });
    expect(((await older.json()) as unknown[]).length).toBe(1);
    const wide = await kit.server.api(`/api/event?filter=${encodeURIComponent(JSON.stringify({ day_gte: iso(Date.now() - 6 * DAY_MS), day_lte: iso(Date.now()) }))}`, { token: sysop, headers: { Language: 'de' } });
    expect(wide.status).toBe(400);
    expect(await wide.json()).toMatchObject({ message: 'Bitte wählen Sie einen Zeitraum von höchstens 3 Tagen.', errors: [{ field: 'day_gte' }] });
    const advertiser = await kit.server.token('advertiser@demo.test');
    expect((await kit.server.api('/api/event', { token: advertiser })).status).toBe(403);
    const created = await kit.server.api('/api/event', { method: 'POST', token: sysop, body: { kind: 'view', advertiser: li.advertiser } });
    expect(created.status).toBe(403);
  });
});

describe('rollups always equal the raw events', () => {
  it('after a random workload of views, clicks, conversions, deliveries, bots, invalid events and repeats over several hours', async () => {
    const core = kit.server.core;
    const items = [await kit.lineitem('Summer Sale 2026', 'platform161'), await kit.lineitem('Summer Sale 2026', 'facebook'), await kit.lineitem('Client One Always-On', 'outbrain')];
    const events: TrackedEvent[] = [];
    for (let n = 0; n < 600; n++) {
      const r = (salt: string) => chance(`${n}|${salt}`);
      const li = items[Math.floor(r('li') * items.length)];
      const kinds = ['view', 'view', 'view', 'click', 'conversion', 'delivery'] as const;
      const kind = kinds[Math.floor(r('kind') * kinds.length)];
      events.push({
        kind, advertiser: li.advertiser, campaign: li.campaign, lineitem: li.id, banner: li.banner, channel: li.channel,
        website: ['a.example', 'b.example', null][Math.floor(r('site') * 3)], created: new Date(Date.now() - Math.floor(r('at') * 30) * 3_600_000),
        bot: r('bot') < 0.1, costMilli: Math.floor(r('cost') * 100_000),
        // Invalid events (never billed, counted apart), of every kind but a network's delivery report.
        invalid: kind !== 'delivery' && r('invalid') < 0.15 ? INVALID_REASONS[Math.floor(r('reason') * INVALID_REASONS.length)] : null,
        // Repeats (a client sending again), events with a client id of their own and events without one (views and
        // clicks of the ad server), so that batches mix the pipeline's two kinds of insert.
        clientId: r('dup') < 0.2 ? `dup-${Math.floor(r('dupid') * 10)}` : r('keyed') < 0.5 ? randomUUID() : undefined,
        ...(kind === 'conversion' ? { attribution: r('pv') < 0.5 ? 'post_view' as const : 'post_click' as const, value: Math.floor(r('value') * 10_000), orderId: `O-${n}` } : {}),
        ...(kind === 'delivery' ? { impressions: Math.floor(r('imp') * 500), clicks: Math.floor(r('clk') * 10) } : {}),
      });
    }
    // Concurrent batches, as requests arrive.
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => writeEvents(core, events.slice(i * 100, i * 100 + 100))));
    // An event that brings its own id (a click does), sent twice in one batch, is stored once.
    const twice: TrackedEvent = { id: randomUUID(), kind: 'click', advertiser: items[0].advertiser, campaign: items[0].campaign, lineitem: items[0].id, banner: items[0].banner, channel: items[0].channel, costMilli: 1_000 };
    expect(await writeEvents(core, [twice, { ...twice }])).toMatchObject({ stored: 1, duplicates: 1 });
    expect(await kit.sql('SELECT id FROM events WHERE id = $1', [twice.id])).toHaveLength(1);
    const rollups = await kit.sql<Record<string, string>>(
      `SELECT campaign_id, lineitem_id, hour, website, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions) AS pc, SUM(pv_conversions) AS pv,
         SUM(pc_value) AS pcv, SUM(pv_value) AS pvv, SUM(cost_milli) AS cost, SUM(invalid_impressions) AS ii, SUM(invalid_clicks) AS ic, SUM(invalid_conversions) AS iconv
       FROM stat_hourly WHERE lineitem_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`, [items.map((li) => li.id)]);
    // The valid events in the valid measures, the invalid ones (bots' too) in the invalid measures.
    const raw = await kit.sql<Record<string, string>>(
      `SELECT campaign_id, lineitem_id, date_trunc('hour', created) AS hour, COALESCE(website, '') AS website,
         COALESCE(SUM(impressions) FILTER (WHERE invalid IS NULL), 0) AS impressions, COALESCE(SUM(clicks) FILTER (WHERE invalid IS NULL), 0) AS clicks,
         COUNT(*) FILTER (WHERE invalid IS NULL AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view') AS pc,
         COUNT(*) FILTER (WHERE invalid IS NULL AND kind = 'conversion' AND attribution = 'post_view') AS pv,
         COALESCE(SUM(value) FILTER (WHERE invalid IS NULL AND kind = 'conversion' AND attribution IS DISTINCT FROM 'post_view'), 0) AS pcv,
         COALESCE(SUM(value) FILTER (WHERE invalid IS NULL AND kind = 'conversion' AND attribution = 'post_view'), 0) AS pvv, SUM(cost_milli) AS cost,
         COALESCE(SUM(impressions) FILTER (WHERE invalid IS NOT NULL), 0) AS ii, COALESCE(SUM(clicks) FILTER (WHERE invalid IS NOT NULL), 0) AS ic,
         COUNT(*) FILTER (WHERE invalid IS NOT NULL AND kind = 'conversion') AS iconv
       FROM events WHERE lineitem_id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`, [items.map((li) => li.id)]);
    const normal = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)])));
    expect(rollups.length).toBeGreaterThan(20);
    expect(normal(rollups)).toEqual(normal(raw));
    // Invalid events were stored with their reason (a bot's is 'bot'), cost nothing and are counted apart.
    const [invalid] = await kit.sql<{ n: string; reasons: string; costly: string; unflagged_bots: string }>(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT invalid) AS reasons, COUNT(*) FILTER (WHERE cost_milli > 0 OR billable) AS costly,
         (SELECT COUNT(*) FROM events WHERE bot AND invalid IS DISTINCT FROM 'bot' AND lineitem_id = ANY($1::uuid[])) AS unflagged_bots
       FROM events WHERE invalid IS NOT NULL AND lineitem_id = ANY($1::uuid[])`, [items.map((li) => li.id)]);
    expect(Number(invalid.n)).toBeGreaterThan(50);
    expect(Number(invalid.reasons)).toBeGreaterThan(5);
    expect(Number(invalid.costly)).toBe(0);
    expect(Number(invalid.unflagged_bots)).toBe(0);
    expect(rollups.reduce((sum, row) => sum + Number(row.ii) + Number(row.ic), 0)).toBeGreaterThan(0);
    // Repeated client ids were stored once.
    const [dups] = await kit.sql<{ n: string }>(`SELECT COUNT(*) AS n FROM (SELECT advertiser_id, day, client_id FROM events WHERE client_id LIKE 'dup-%' GROUP BY 1, 2, 3 HAVING COUNT(*) > 1) d`);
    expect(Number(dups.n)).toBe(0);
    // Balance = ledger; a campaign's cost = its spend entries.
    for (const advertiser of new Set(items.map((li) => li.advertiser))) {
      const [row] = await kit.sql<{ balance: string; ledger: string }>(
        'SELECT a.balance, (SELECT SUM(amount) FROM transactions t WHERE t.advertiser_id = a.id) AS ledger FROM advertisers a WHERE a.id = $1', [advertiser]);
      expect(Number(row.balance)).toBe(Number(row.ledger));
    }
    for (const campaign of new Set(items.map((li) => li.campaign))) {
      const [row] = await kit.sql<{ cost: string; spend: string }>(
        `SELECT c.cost, -(SELECT COALESCE(SUM(amount), 0) FROM transactions t WHERE t.campaign_id = c.id AND t.type = 'spend') AS spend FROM campaigns c WHERE c.id = $1`, [campaign]);
      expect(Number(row.cost)).toBe(Number(row.spend));
    }
  });
});

describe("a lane's connection (pipeline mode)", () => {
  it('runs statements sent at once in order, each in a transaction of its own: one that fails fails alone', async () => {
    const core = kit.server.core;
    const lane = 7;
    const sent = [
      runPrepared<{ n: number }>(core, 'SELECT 1 AS n', [], undefined, lane),
      runPrepared<{ n: number }>(core, 'SELECT 1 / $1::int AS n', [0], undefined, lane),
      runPrepared<{ n: number }>(core, 'SELECT 1 / $1::int AS n', [1], undefined, lane),
      runPrepared<{ txid: string }>(core, 'SELECT txid_current()::text AS txid', [], undefined, lane),
      runPrepared<{ txid: string }>(core, 'SELECT txid_current()::text AS txid', [], undefined, lane),
    ];
    const [one, failed, third, firstTx, secondTx] = await Promise.allSettled(sent);
    expect(one).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    expect(third).toEqual({ status: 'fulfilled', value: [{ n: 1 }] });
    const txids = [firstTx, secondTx].map((result) => Number((result as PromiseFulfilledResult<{ txid: string }[]>).value[0].txid));
    expect(txids[1]).toBeGreaterThan(txids[0]);
    // The lane's connection is still there for the next batch.
    expect(await runPrepared<{ n: number }>(core, 'SELECT 2 AS n', [], undefined, lane)).toEqual([{ n: 2 }]);
  });
});
