/**
 * Test helpers of the optimizer: campaigns with optimizers and a week of delivery written through the tracking
 * pipeline (network delivery reports, views on websites, conversions, the shops' onsite product events), each
 * campaign built to show the hints and problems its name says. Days are UTC days before today.
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import type { TestServer } from '@adsuite/backend/testkit';
import { writeEvents, type TrackedEvent } from '../../tracking/server/testkit.ts';

const DAY_MS = 86_400_000;
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
/** The judged week: 7 complete days up to yesterday. */
export const WEEK = { start: daysAgo(7), end: daysAgo(1) };
export const weekDays = () => Array.from({ length: 7 }, (_, i) => daysAgo(7 - i));
const noon = (day: string, minute = 0) => new Date(`${day}T12:${String(minute).padStart(2, '0')}:00Z`);

export interface Situation { campaign: string; optimizer: string; lineitem: string | null; advertiser: string }

async function idOf(server: TestServer, model: string, where: Record<string, unknown>): Promise<string> {
  const row = (await server.core.model(model).findOne({ where, raw: true })) as { id: string } | null;
  if (!row) throw new Error(`no ${model} ${JSON.stringify(where)}`);
  return row.id;
}

/** A running campaign of `advertiserName` with an optimizer (`settings`, money in cents) and, unless told, one active line item. */
export async function campaignWithOptimizer(server: TestServer, advertiserName: string, name: string, campaign: Record<string, unknown>, settings: Record<string, unknown>, withLineItem = true): Promise<Situation> {
  const core = server.core;
  const advertiser = await idOf(server, 'advertiser', { name: advertiserName });
  const row = await core.model('campaign').create({ name, advertiser, status: 'active', start: daysAgo(20), end: daysAgo(-30), dailyBudget: 2_000, budget: 100_000, health: 'OK', ...campaign });
  const campaignId = String(row.get('id'));
  let lineitem: string | null = null;
  if (withLineItem) {
    const li = await core.model('lineitem').create({ name: `${name} / platform161`, advertiser, campaign: campaignId, channel: 'platform161', active: true, bidType: 'CPC', bidPrice: 45 });
    lineitem = String(li.get('id'));
  }
  const optimizer = await core.model('optimizer').create({ campaign: campaignId, advertiser, revenueSource: 'awin', ...settings });
  return { campaign: campaignId, optimizer: String(optimizer.get('id')), lineitem, advertiser };
}

export interface DayPlan {
  impressions?: number;
  clicks?: number;
  /** Cost in cents (the network's report of the day). */
  costCents?: number;
  /** Views on this many different websites (site0.example, ...). */
  websites?: number;
  conversions?: number;
}

/** Writes a day's delivery of the situation's campaign through the pipeline. */
export async function deliver(server: TestServer, s: Situation, day: string, plan: DayPlan): Promise<void> {
  const base = { advertiser: s.advertiser, campaign: s.campaign, lineitem: s.lineitem, channel: 'platform161' };
  const events: TrackedEvent[] = [];
  if (plan.impressions || plan.clicks || plan.costCents) {
    events.push({ ...base, kind: 'delivery', source: 'sandbox', impressions: plan.impressions ?? 0, clicks: plan.clicks ?? 0, costMilli: (plan.costCents ?? 0) * 1000, created: noon(day), clientId: randomUUID() });
  }
  for (let i = 0; i < (plan.websites ?? 0); i++) events.push({ ...base, kind: 'view', website: `site${i}.example`, created: noon(day, 1), clientId: randomUUID() });
  for (let i = 0; i < (plan.conversions ?? 0); i++) {
    events.push({ ...base, kind: 'conversion', attribution: 'post_click', value: 5_000, orderId: randomUUID(), created: noon(day, 2), clientId: randomUUID() });
  }
  await writeEvents(server.core, events);
}

/** The shop's onsite events of a day: `products` product events, `withId` of them with an id, `inCatalog` of those with `catalogId`. */
export async function shopEvents(server: TestServer, advertiser: string, day: string, { products, withId, inCatalog, catalogId }: { products: number; withId: number; inCatalog: number; catalogId: string }) {
  const events: TrackedEvent[] = [];
  for (let i = 0; i < products; i++) {
    const productId = i < inCatalog ? catalogId : i < withId ? `unknown-${i}` : null;
    events.push({ kind: 'event', cls: 'product', advertiser, host: 'shop.example', url: 'https://shop.example/p', productId, created: noon(day, 3), clientId: randomUUID() });
  }
  events.push({ kind: 'event', cls: 'front', advertiser, host: 'shop.example', url: 'https://shop.example/', created: noon(day, 3), clientId: randomUUID() });
  await writeEvents(server.core, events);
}

/** A catalog of the advertiser with one product `productId`. */
export async function catalogWith(server: TestServer, advertiser: string, productId: string): Promise<string> {
  const catalog = await server.core.model('catalog').create({ name: `Feed ${productId}`, advertiser, source: 'manual' });
  await server.core.model('product').create({ name: `Product ${productId}`, catalog: catalog.get('id'), advertiser, productId });
  return String(catalog.get('id'));
}

export const sql = <T extends object>(server: TestServer, query: string, bind: unknown[] = []) => server.core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
