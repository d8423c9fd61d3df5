/** The thresholds of SPEC section 5 at their edges: where a hint turns from warning to danger, and the health it gives. */
import { describe, expect, it } from 'vitest';
import { healthOf, hintsOf, iconOf, type JudgedFigures, type Targets } from './health.ts';

const targets = (more: Partial<Targets> = {}): Targets => ({
  ctr: null, crp: null, ms: null, rp: null, nth: null, blockerTime: null, promote: false, sticky: false, octrkey: null, uaNin: [],
  totalDailyBudget: 1_000, totalRangeBudget: null, usesCatalogs: false, ...more,
});
const figures = (more: Partial<JudgedFigures> = {}): JudgedFigures => ({
  active: true, days: 10, activeLineItems: 1, dailyBudget: 1_000, budget: 0, impressions: 10_000, clicks: 100, sales: 10, costCents: 10_000,
  marketShare: 0, networkClicks: 0, networkSales: 0, previousSales: 10, daysWithClicksNoSales: 0, deliveryDays: 10, crrDays: 10,
  topProducts: 100, topReferers: 100, onsiteEvents: 500, productEvents: 100, productsWithId: 100, productsInCatalog: 100, hasCatalog: true, blacklisted: false,
  ...more,
});
const levelOf = (code: string, t: Targets, f: JudgedFigures) => hintsOf(t, f).find((hint) => hint.code === code)?.level ?? null;

describe('optimizer thresholds (SPEC section 5)', () => {
  it('judges delivery against budget: danger at 0, under 50 % and over 150 %, warning under 80 % and over 120 %', () => {
    const at = (percent: number) => [levelOf('qty_increase', targets(), figures({ costCents: percent * 100 })), levelOf('qty_decrease', targets(), figures({ costCents: percent * 100 }))];
    expect(at(0)).toEqual(['danger', null]);
    expect(at(49)).toEqual(['danger', null]);
    expect(at(50)).toEqual(['warning', null]);
    expect(at(79)).toEqual(['warning', null]);
    expect(at(80)).toEqual([null, null]);
    expect(at(120)).toEqual([null, null]);
    expect(at(121)).toEqual([null, 'warning']);
    expect(at(150)).toEqual([null, 'warning']);
    expect(at(151)).toEqual([null, 'danger']);
  });

  it('judges top products and referers: under 5 danger, under 25 warning', () => {
    expect(levelOf('top_referers', targets(), figures({ topReferers: 4 }))).toBe('danger');
    expect(levelOf('top_referers', targets(), figures({ topReferers: 5 }))).toBe('warning');
    expect(levelOf('top_referers', targets(), figures({ topReferers: 25 }))).toBeNull();
    expect(levelOf('top_products', targets({ usesCatalogs: true }), figures({ topProducts: 24 }))).toBe('warning');
    expect(levelOf('top_products', targets({ usesCatalogs: false }), figures({ topProducts: 0 }))).toBeNull();
  });

  it('judges the product pixels: events 80/90, ids 80/90, ids in the catalog 60/80', () => {
    expect(levelOf('product_events', targets(), figures({ productEvents: 79 }))).toBe('danger');
    expect(levelOf('product_events', targets(), figures({ productEvents: 89, productsWithId: 89, productsInCatalog: 89 }))).toBe('warning');
    expect(levelOf('product_ids', targets(), figures({ productsWithId: 85, productsInCatalog: 85 }))).toBe('warning');
    expect(levelOf('catalog_ids', targets(), figures({ productsInCatalog: 59 }))).toBe('danger');
    expect(levelOf('catalog_ids', targets(), figures({ productsInCatalog: 79 }))).toBe('warning');
    expect(levelOf('catalog_ids', targets(), figures({ productsInCatalog: 80 }))).toBeNull();
  });

  it('gives ERROR for a danger, WARNING for a warning, else OK; the icon follows promote and sticky', () => {
    expect(healthOf(hintsOf(targets(), figures()))).toBe('OK');
    expect(healthOf(hintsOf(targets(), figures({ costCents: 7_900 })))).toBe('WARNING');
    expect(healthOf(hintsOf(targets(), figures({ costCents: 0 })))).toBe('ERROR');
    expect(iconOf({ promote: true, sticky: true }).icon).toBe('pause');
    expect(iconOf({ promote: true, sticky: false }).icon).toBe('play');
    expect(iconOf({ promote: false, sticky: true }).icon).toBe('stop');
  });
});
