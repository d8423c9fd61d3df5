/**
 * The optimization dashboards through the API, on a week of delivery written through the tracking pipeline:
 * every hint and problem of SPEC sections 5 and 8 in the situation that calls for it, health, the role rules,
 * CRR days from the ledger and the rollups, the MCT calculator and saving an MCT.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@adsuite/backend/testkit';
import { mediaPartOf } from '@adsuite/config/pricing';
import { computeCrrDay } from './crr.ts';
import { campaignWithOptimizer, catalogWith, daysAgo, deliver, shopEvents, sql, WEEK, weekDays, type Situation } from './situations.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const s: Record<string, Situation> = {};
type DashRow = Record<string, any>;
let before: DashRow[];

const dashboard2 = async (role: string, params = `startDate=${WEEK.start}&endDate=${WEEK.end}`, language = 'en') => {
  const res = await server.api(`/api/optimizer/dashboard2?${params}`, { token: tokens[role], headers: { Language: language } });
  return { status: res.status, body: await res.json() };
};
const rowOf = (rows: DashRow[], name: string) => rows.find((row) => row.campaign.name === name)!;
const codes = (row: DashRow) => row.instructions.map((hint: { level: string; code: string }) => `${hint.level}:${hint.code}`).sort();
const problems = (row: DashRow) => row.problems.map((problem: { code: string }) => problem.code).sort();

beforeAll(async () => {
  server = await startTestServer({ jobs: false });
  for (const role of ['sysop', 'affiliatemanager', 'wizard', 'admin', 'advertiser']) tokens[role] = await server.token(`${role}@demo.test`);
  const clientOne = 'Agency Client One';
  s.healthy = await campaignWithOptimizer(server, clientOne, 'Healthy One', {}, { sticky: true, promote: true, octrkey: 'k-1', ctr: 1, totalDailyBudget: 1_000 });
  s.slow = await campaignWithOptimizer(server, clientOne, 'Slow Two', {}, { promote: true, ctr: 5, nth: 3, blockerTime: 30, uaNin: ['Linux x86_64'] });
  const catalogOne = await catalogWith(server, s.healthy.advertiser, 'P-1');
  s.busy = await campaignWithOptimizer(server, clientOne, 'Busy Three', {}, { totalDailyBudget: 500, ms: 10, crp: 1, rp: 0.5, catalogs: [catalogOne] });
  s.idle = await campaignWithOptimizer(server, clientOne, 'Idle Four', { dailyBudget: 0, budget: 0 }, { revenueSource: 'cj' }, false);
  s.pixel = await campaignWithOptimizer(server, 'Other Shop AG', 'Other Pixel', {}, {});
  s.products = await campaignWithOptimizer(server, 'Demo Shop GmbH', 'Demo Products', {}, { revenueSource: 'cj', totalDailyBudget: 1_500 });
  await server.core.model('domainlist').create({ name: 'Blocked sites', advertiser: s.slow.advertiser, campaign: s.slow.campaign, type: 'blacklist', domains: ['bad.example'], channels: ['platform161'] });
  await catalogWith(server, s.products.advertiser, 'D-1');
  for (const day of weekDays()) {
    await deliver(server, s.healthy, day, { impressions: 2000, clicks: 40, costCents: 1_000, websites: 30, conversions: 4 });
    await deliver(server, s.slow, day, { impressions: 2000, clicks: 40, costCents: 500, websites: 3 });
    await deliver(server, s.busy, day, { impressions: 2000, clicks: 40, costCents: 900, websites: 30, conversions: 4 });
    await deliver(server, s.pixel, day, { impressions: 1000, clicks: 20, costCents: 700, websites: 25, conversions: 1 });
    await deliver(server, s.products, day, { impressions: 1000, clicks: 40, costCents: 1_500, websites: 25, conversions: 2 });
    await shopEvents(server, s.healthy.advertiser, day, { products: 100, withId: 100, inCatalog: 100, catalogId: 'P-1' });
    await shopEvents(server, s.products.advertiser, day, { products: 30, withId: 20, inCatalog: 5, catalogId: 'D-1' });
  }
  before = (await dashboard2('sysop')).body.rows;
  // The hourly job's work of the week: yesterday by the staff's re-run link, the days before by the job itself.
  expect((await server.api('/api/optimizer/crr/rerun', { method: 'POST', token: tokens.sysop })).status).toBe(200);
  for (const day of weekDays().slice(0, -1)) await computeCrrDay(server.core, day);
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

describe('optimizer hints and health (SPEC sections 5 and 8)', () => {
  it('a campaign on budget with working pixels is OK; sticky without warnings says "remove sticky"', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Healthy One');
    expect(codes(row)).toEqual(['info:remove_sticky']);
    expect(row.health).toBe('OK');
    expect(row.icons.optimizer).toEqual({ icon: 'pause', level: 'warning' });
    // 2,000 delivered views a day and 30 on websites.
    expect(row).toMatchObject({ impressions: 14_210, clicks: 280, sales: 28, clickThroughRate: 2, mct_pcConversions: 28, opr: 1.97, productEvents: 100, productsHaveIds: 100, productsSuited: 100 });
  });

  it('under-delivery: increase QTY, with the blacklist, the strictness and the Linux exclusion that hold it back; too few referers, low CTR, no sales, no oCTR key', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Slow Two');
    expect(codes(row)).toEqual([
      'danger:qty_increase', 'danger:top_referers', 'info:octr_key', 'info:reduce_strictness', 'info:remove_blacklisting', 'info:remove_linux', 'warning:ctr_low', 'warning:sale_pixel',
    ]);
    expect(row.health).toBe('ERROR');
    const messages = Object.fromEntries(row.instructions.map((hint: { code: string; message: string }) => [hint.code, hint.message]));
    expect(messages.qty_increase).toBe('Increase QTY: delivery at 25 % of the budget.');
    expect(messages.top_referers).toBe('Only 3 top referers: check the API.');
    expect(messages.ctr_low).toBe('CTR too low: 2 % against a target of 5 %.');
    expect(messages.sale_pixel).toBe('Check the sale tracking pixel: 7 days with clicks but no sales.');
    expect(row.icons.optimizer).toEqual({ icon: 'play', level: 'success' });
  });

  it('over-delivery on a small budget: decrease QTY, MS too high, too few top products for a catalog campaign', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Busy Three');
    expect(codes(row)).toEqual(['danger:qty_decrease', 'danger:top_products', 'info:too_small', 'warning:ms_high']);
    const messages = Object.fromEntries(row.instructions.map((hint: { code: string; message: string }) => [hint.code, hint.message]));
    expect(messages.qty_decrease).toBe('Decrease QTY: delivery at 180 % of the budget.');
    expect(messages.ms_high).toBe('MS too high: market share 44.4 % against a target of 10 %.');
    expect(messages.too_small).toBe('The campaign might be too small: 5,00\u00a0€ a day.');
    expect(messages.top_products).toBe('Only 0 top products: check the API.');
    expect(row.icons.optimizer).toEqual({ icon: 'stop', level: 'default' });
  });

  it('a running campaign without line item, budget or delivery', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Idle Four');
    expect(codes(row)).toEqual(['danger:no_budget', 'danger:no_delivery', 'danger:no_lineitem', 'danger:top_referers']);
    expect(row.health).toBe('ERROR');
  });

  it('clicks but no onsite events at all: check the pixels', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Other Pixel');
    expect(codes(row)).toContain('danger:check_pixels');
    expect(codes(row).filter((code: string) => /product|catalog/.test(code))).toEqual([]);
    expect(row.productEvents).toBeNull();
  });

  it('the shop\'s product pixels: too few, without ids, ids not in the catalog', async () => {
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Demo Products');
    expect(codes(row)).toEqual(['danger:catalog_ids', 'danger:product_events', 'danger:product_ids']);
    expect(row).toMatchObject({ productEvents: 75, productsHaveIds: 66.7, productsSuited: 25 });
    const german = rowOf((await dashboard2('sysop', `startDate=${WEEK.start}&endDate=${WEEK.end}`, 'de')).body.rows, 'Demo Products');
    expect(german.instructions.map((hint: { message: string }) => hint.message)).toContain('IDs weichen vom Katalog ab: nur 25 % der Produkt-IDs stehen im Katalog.');
  });

  it('lists the problems of the Problems View: CR, network CR, MS, OPR above target, sales delta, days without sales, too few CRR days', async () => {
    const rows = (await dashboard2('sysop')).body.rows;
    expect(problems(rowOf(rows, 'Busy Three'))).toEqual(['cr_high', 'many_oprs', 'ms_high', 'network_cr_high', 'sales_delta']);
    expect(rowOf(rows, 'Busy Three').problems.find((p: { code: string }) => p.code === 'sales_delta').message).toBe('Sales +28 (+100 %) against the previous period');
    expect(problems(rowOf(rows, 'Slow Two'))).toEqual(['days_without_sales']);
    // Before the CRR days were computed, every campaign with delivery lacked them.
    expect(problems(rowOf(before, 'Healthy One'))).toEqual(['few_crrs', 'sales_delta']);
    expect(rowOf(before, 'Healthy One').problems.find((p: { code: string }) => p.code === 'few_crrs').message).toBe('Only 0 of 7 CRR days');
    expect(problems(rowOf(rows, 'Healthy One'))).toEqual(['sales_delta']);
  });

  it('stores health and hints on the optimizer and its campaign (job optimizer.health)', async () => {
    const { storeHealth } = await import('./index.ts');
    await storeHealth(server.core);
    const [optimizer] = await sql<{ health: string; instructions: { level: string; message: string }[] }>(server, 'SELECT health, instructions FROM optimizers WHERE id = $1', [s.idle.optimizer]);
    expect(optimizer.health).toBe('ERROR');
    expect(optimizer.instructions).toContainEqual({ level: 'danger', message: 'Kein aktives Line Item.' });
    const [campaign] = await sql<{ health: string }>(server, 'SELECT health FROM campaigns WHERE id = $1', [s.healthy.campaign]);
    expect(campaign.health).toBe('OK');
  });
});

describe('dashboard rows and role rules (SPEC section 6)', () => {
  it('shows OPR, health, money, icons and links to the systemoperator and the affiliatemanager, not to the wizard', async () => {
    for (const role of ['sysop', 'affiliatemanager']) {
      const row = rowOf((await dashboard2(role)).body.rows, 'Healthy One');
      expect(row, role).toHaveProperty('opr');
      expect(row).toHaveProperty('health');
      expect(row.realCosts).toBe(Math.round(7 * mediaPartOf(1_000, 'platform161')) / 100);
      expect(row.revenue).toBe(70);
      expect(row.links.map((link: { to: string }) => link.to)).toEqual([
        `/campaign/${s.healthy.campaign}`, `/optimizer/edit/${s.healthy.optimizer}`, `/campaignlogs?campaign=${s.healthy.campaign}`,
      ]);
    }
    const wizardRow = rowOf((await dashboard2('wizard')).body.rows, 'Healthy One');
    for (const field of ['opr', 'health', 'realCosts', 'revenue', 'ordervalue', 'crrRevenue', 'crrCost', 'networkRevenue', 'icons', 'links', 'revenueRangeChart', 'costRangeChart']) {
      expect(wizardRow, field).not.toHaveProperty(field);
    }
    expect(wizardRow.instructions).toEqual([{ level: 'info', code: 'remove_sticky', message: 'Remove sticky: the campaign runs without warnings.' }]);
    expect(wizardRow).toMatchObject({ impressions: 14_210, clicks: 280, sales: 28 });
  });

  it('refuses the administrator and the advertiser', async () => {
    for (const role of ['admin', 'advertiser']) expect((await dashboard2(role)).status, role).toBe(403);
  });

  it('filters by campaigns and revenue source, and refuses bad parameters naming them', async () => {
    const one = (await dashboard2('sysop', `startDate=${WEEK.start}&endDate=${WEEK.end}&campaign=${s.slow.campaign},${s.busy.campaign}`)).body.rows;
    expect(one.map((row: DashRow) => row.campaign.name)).toEqual(['Busy Three', 'Slow Two']);
    const cj = (await dashboard2('sysop', `startDate=${WEEK.start}&endDate=${WEEK.end}&revenueSource=cj`)).body.rows;
    expect(cj.map((row: DashRow) => row.campaign.name)).toEqual(['Demo Products', 'Idle Four']);
    const ignored = rowOf((await dashboard2('sysop', `startDate=${WEEK.start}&endDate=${WEEK.end}&ignoresticky=true`)).body.rows, 'Healthy One');
    expect(ignored.optimizer.sticky).toBe(false);
    for (const [params, field] of [
      ['campaign=nope', 'campaign'], ['startDate=2020-01-01&endDate=2020-01-02', 'startDate'], ['startDate=2026-13-01', 'startDate'],
      [`startDate=${daysAgo(1)}&endDate=${daysAgo(3)}`, 'endDate'], ['revenueSource=nowhere', 'revenueSource'], ['ignoresticky=maybe', 'ignoresticky'],
    ]) {
      const { status, body } = await dashboard2('sysop', params);
      expect(status, params).toBe(400);
      expect(body.errors[0].field, params).toBe(field);
    }
  });

  it('answers the first variant: revenue by network, Commission & Costs per day, access logs of the last 3 days', async () => {
    const res = await server.api(`/api/optimizer/dashboard?startDate=${WEEK.start}&endDate=${WEEK.end}`, { token: tokens.wizard });
    expect(res.status).toBe(200);
    const body = await res.json();
    const awin = body.revenueByNetwork.find((entry: { network: string }) => entry.network === 'awin');
    expect(awin.revenue).toBe((7 * (1_000 + 500 + 900 + 700)) / 100);
    expect(body.chart.labels).toEqual(weekDays());
    const day = body.chart.labels.length - 1;
    expect(body.chart.costs[day] + body.chart.commission[day]).toBeCloseTo((1_000 + 500 + 900 + 700 + 1_500) / 100, 2);
    expect(body.accessLogs.start).toBe(daysAgo(3));
    expect(body.accessLogs.hosts.length).toBe(30);
    expect(body.accessLogs.hosts[0]).toEqual({ host: 'site0.example', count: 3 * 5 });
    const oneDay = await (await server.api(`/api/optimizer/dashboard?startDate=${WEEK.end}&endDate=${WEEK.end}`, { token: tokens.wizard })).json();
    expect(oneDay.chart).toBeNull();
  });
});

describe('CRR days (SPEC section 3)', () => {
  it('holds cost and revenue per campaign and day from the ledger and the rollups; re-running yesterday changes nothing', async () => {
    const read = () => sql<{ day: string; impressions: number; clicks: number; conversions: number; total_revenue: string; total_cost: string }>(
      server, `SELECT to_char(day, 'YYYY-MM-DD') AS day, impressions, clicks, conversions, total_revenue, total_cost FROM crrs WHERE campaign_id = $1 ORDER BY day`, [s.healthy.campaign]);
    const rows = await read();
    expect(rows.map((row) => row.day)).toEqual(weekDays());
    for (const row of rows) {
      expect(row).toMatchObject({ impressions: 2030, clicks: 40, conversions: 4 });
      expect(Number(row.total_revenue)).toBe(1_000);
      expect(Number(row.total_cost)).toBe(mediaPartOf(1_000, 'platform161'));
    }
    const [{ booked }] = await sql<{ booked: string }>(server, `SELECT -SUM(amount) AS booked FROM transactions WHERE advertiser_id = $1 AND idempotency_key LIKE $2`, [s.healthy.advertiser, `spend:${s.healthy.campaign}:${daysAgo(1)}%`]);
    expect(Number(booked)).toBe(1_000);
    const res = await server.api('/api/optimizer/crr/rerun', { method: 'POST', token: tokens.affiliatemanager, headers: { Language: 'de' } });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ day: daysAgo(1), count: 5 });
    expect(answer.message).toMatch(/^Die Kosten-Umsatz-Tage vom \d\d-\d\d-\d{4} sind neu berechnet \(5 Kampagnen\)\.$/);
    expect(await read()).toEqual(rows);
    const [{ n }] = await sql<{ n: string }>(server, 'SELECT count(*) AS n FROM crrs WHERE day = $1', [daysAgo(1)]);
    expect(Number(n)).toBe(5);
    const row = rowOf((await dashboard2('sysop')).body.rows, 'Healthy One');
    expect(row.crrRevenue).toBe(70);
    expect(row.campaign.assets.costrevenueratios).toBe(7);
    expect((await server.api('/api/optimizer/crr/rerun', { method: 'POST', token: tokens.admin })).status).toBe(403);
  });
});

describe('MCT calculator (SPEC sections 4, 5 and 8)', () => {
  const calculate = (body: unknown, language = 'en') => server.api('/api/optimizer/mct', { method: 'POST', token: tokens.affiliatemanager, body, headers: { Language: language } });
  const valid = () => ({ campaignId: s.busy.campaign, salesShop: 1_000, salesSuite: 50, mct: 2, start: WEEK.start, end: WEEK.end });

  it('moves the MCT toward the market share target by the step and says the sales it aims at', async () => {
    expect(await (await calculate(valid())).json()).toEqual({ mct: 2.4, sales: 60, share: 5, target: 10 });
    expect(await (await calculate({ ...valid(), step: 1 })).json()).toEqual({ mct: 4, sales: 100, share: 5, target: 10 });
    expect(await (await calculate({ ...valid(), step: 10 })).json()).toMatchObject({ mct: 2.2, sales: 55 });
  });

  it('refuses missing and wrong fields by name, and an incalculable case with the MCT error', async () => {
    const res = await calculate({ campaignId: s.busy.campaign, salesShop: 0, salesSuite: 'x', start: '2026-99-01', step: 11 });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['end', 'mct', 'salesShop', 'salesSuite', 'start', 'step']);
    const german = await (await calculate({ ...valid(), mct: undefined }, 'de')).json();
    expect(german.errors).toEqual([{ field: 'mct', message: 'Bitte geben Sie „Aktueller MCT“ an.' }]);
    expect((await (await calculate({ ...valid(), salesSuite: 2_000 })).json()).errors[0]).toEqual({ field: 'salesSuite', message: 'The sales through AdSuite cannot be more than the shop\'s.' });
    const noSales = await (await calculate({ ...valid(), salesSuite: 0 })).json();
    expect(noSales.message).toBe('An error occurred while calculating the MCT.');
    expect(noSales.errors).toEqual([{ field: 'salesSuite', message: 'Without sales through AdSuite the MCT cannot be calculated.' }]);
    const noTarget = await (await calculate({ ...valid(), campaignId: s.slow.campaign }, 'de')).json();
    expect(noTarget.message).toBe('Beim Berechnen des MCT ist ein Fehler aufgetreten.');
    expect((await calculate(valid())).status).toBe(200);
    expect((await server.api('/api/optimizer/mct', { method: 'POST', token: tokens.advertiser, body: valid() })).status).toBe(403);
  });

  it('saves an MCT to the optimizer, recorded with a version in the activity log', async () => {
    const res = await server.api(`/api/optimizer/${s.busy.optimizer}/mct`, { method: 'PUT', token: tokens.affiliatemanager, body: { mct: 2.4 } });
    expect(res.status).toBe(200);
    expect((await res.json()).mct).toBe(2.4);
    const [log] = await sql<{ version: { mct: number } }>(server, `SELECT version FROM campaignlogs WHERE entity_id = $1 AND entity_action = 'update' ORDER BY created DESC LIMIT 1`, [s.busy.optimizer]);
    expect(log.version.mct).toBe(2.4);
    expect((await server.api(`/api/optimizer/${s.busy.optimizer}/mct`, { method: 'PUT', token: tokens.affiliatemanager, body: { mct: -1 } })).status).toBe(400);
    // The wizard reads the dashboards but may not change an optimizer.
    expect((await server.api(`/api/optimizer/${s.busy.optimizer}/mct`, { method: 'PUT', token: tokens.wizard, body: { mct: 3 } })).status).toBe(403);
  });
});
