/**
 * A published booking costs what it delivers (issue 33): its line items bid as the booking's goal says, the ad
 * server bills that bid with the channel's fee on top, a bid staff change is billed from then on, and the external
 * networks' sandboxes bill within the daily budget.
 */
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Row } from '@adsuite/backend/kit';
import { LINEITEM_TTL_MS } from '../../../tracking/server/testkit.ts';
import { pullSandboxDelivery } from '../../../tracking/server/testkit.ts';
import { BROWSER_UA } from '../../../tracking/server/testkit.ts';
import { IMAGE, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

const sql = <T extends object = Row>(query: string, bind: unknown[] = []): Promise<T[]> => kit.server().core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const hit = (path: string) => fetch(`${kit.server().url}${path}`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
const campaignCost = async (id: unknown) => Number((await sql<{ cost: string }>('SELECT cost FROM campaigns WHERE id = $1', [id]))[0].cost);
const balance = async (id: unknown) => Number((await sql<{ balance: string }>('SELECT balance FROM advertisers WHERE id = $1', [id]))[0].balance);
const costOf = async (eventId: string | null) => (await sql<{ cost_milli: number }>('SELECT cost_milli FROM events WHERE id = $1', [eventId]))[0]?.cost_milli;

/** A booking of the Demo Shop published and delivering; its line items as stored. */
async function published(values: Row = {}) {
  const channels = (values.channels as string[] | undefined) ?? ['platform161'];
  // Creatives that name their channels, as the wizard's rules want them for an edit of the booking.
  const booking = await kit.booking({ ...values, channels }, [{ ...IMAGE, channels }]);
  const { status, body } = await kit.publish(booking.id);
  expect(status).toBe(200);
  await kit.drain();
  return { booking: body.booking as Row, lineitems: await kit.all('lineitem', { booking: booking.id }) };
}

/** A click through the splitter; answers the click's id. */
async function click(lineitem: Row): Promise<string | null> {
  const res = await hit(`/s/${(lineitem.creatives as string[])[0]}/${String(lineitem.id)}/1/SUBID`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('adsuite_click');
}

describe('what a published booking costs', () => {
  it('bids per click on the house channels for a clicks goal: 2.50 EUR all-in, the click billed at that bid plus the fee', async () => {
    const { booking, lineitems } = await published({ channels: ['platform161', 'ssp1'], goal: 'clicks' });
    // 2.50 EUR all-in less the 50 % fee on top: 1.66 EUR of media, billed 2.49 EUR (never more than the price).
    expect(lineitems.map((l) => [l.channel, l.active, l.bidType, Number(l.bidPrice), Number(l.currentBid)])).toEqual([
      ['platform161', true, 'CPC', 166, 166], ['ssp1', true, 'CPC', 166, 166],
    ]);
    const api = await kit.call('admin@demo.test', `/api/lineitem/${String(lineitems[0].id)}`);
    expect(api.body).toMatchObject({ bidType: 'CPC', bidPrice: 1.66, currentBid: 1.66 });

    const [costBefore, fundsBefore] = [await campaignCost(booking.campaign), await balance(booking.advertiser)];
    const id = await click(lineitems[0]);
    expect(await costOf(id)).toBe(249_000);
    expect(await campaignCost(booking.campaign)).toBe(costBefore + 249);
    expect(await balance(booking.advertiser)).toBe(fundsBefore - 249);
  });

  it('bids per thousand views for an impressions goal, priced by the goal value', async () => {
    // 50 EUR a day for 30 days is 1,500 EUR for 250,000 views: 6.00 EUR a thousand, 4.00 EUR of it media.
    const { booking, lineitems } = await published({ goal: 'impressions', goalValue: 250 });
    expect(lineitems.map((l) => [l.bidType, Number(l.bidPrice)])).toEqual([['CPM', 400]]);
    const [costBefore, fundsBefore] = [await campaignCost(booking.campaign), await balance(booking.advertiser)];
    const banner = (lineitems[0].creatives as string[])[0];
    for (let view = 0; view < 5; view += 1) expect((await hit(`/banner?id=${banner}&lineitem=${String(lineitems[0].id)}&site=news.demo.test`)).status).toBe(200);
    const views = await sql<{ cost_milli: number }>(`SELECT cost_milli FROM events WHERE lineitem_id = $1 AND kind = 'view'`, [lineitems[0].id]);
    expect(views.map((view) => view.cost_milli)).toEqual([600, 600, 600, 600, 600]);
    // A click costs nothing on a line item that buys views.
    expect(await costOf(await click(lineitems[0]))).toBe(0);
    expect(await campaignCost(booking.campaign)).toBe(costBefore + 3);
    expect(await balance(booking.advertiser)).toBe(fundsBefore - 3);
  });

  it('bids per order for an orders goal; the affiliate channels are paid as their names say', async () => {
    const { lineitems } = await published({ goal: 'orders', channels: ['platform161', 'affiliate_cpc'] });
    expect(lineitems.map((l) => [l.channel, l.bidType, Number(l.bidPrice)])).toEqual([['platform161', 'CPO', 1_666], ['affiliate_cpc', 'CPC', 166]]);
  });

  it('bills the bid staff set on the line item from then on, tells its channel, and keeps it through booking changes', async () => {
    const { booking, lineitems } = await published({ goal: 'clicks', goalValue: 1_000 });
    // 1,500 EUR for 1,000 clicks: 1.50 EUR all-in, 1.00 EUR media.
    expect(Number(lineitems[0].bidPrice)).toBe(100);
    expect(await costOf(await click(lineitems[0]))).toBe(150_000);

    const edited = await kit.call('admin@demo.test', `/api/lineitem/${String(lineitems[0].id)}`, { method: 'PUT', body: { bidPrice: 0.8 } });
    expect(edited).toMatchObject({ status: 200, body: { bidPrice: 0.8, currentBid: 0.8 } });
    const told = await kit.all('sync-queue', { booking: booking.id, type: 'lineitem', action: 'update' });
    expect(told.map((job) => job.foreignId)).toEqual([lineitems[0].id]);
    // The ad server reads a line item again after LINEITEM_TTL_MS at the latest.
    await new Promise((resolve) => setTimeout(resolve, LINEITEM_TTL_MS + 100));
    const [costBefore, fundsBefore] = [await campaignCost(booking.campaign), await balance(booking.advertiser)];
    expect(await costOf(await click(lineitems[0]))).toBe(120_000);
    expect(await campaignCost(booking.campaign)).toBe(costBefore + 120);
    expect(await balance(booking.advertiser)).toBe(fundsBefore - 120);

    // A new budget moves derived bids only: the one staff set stays.
    expect((await kit.call('advertiser@demo.test', `/api/booking/${String(booking.id)}`, { method: 'PUT', body: { dailyBudget: 100 } })).status).toBe(200);
    expect(Number((await kit.get('lineitem', lineitems[0].id)).bidPrice)).toBe(80);
  });

  it('follows a new budget with a derived bid when the goal value fixes the price', async () => {
    const { booking, lineitems } = await published({ goal: 'clicks', goalValue: 1_000 });
    expect(Number(lineitems[0].bidPrice)).toBe(100);
    // 100 EUR a day for 30 days for 1,000 clicks: 3.00 EUR all-in, 2.00 EUR media.
    expect((await kit.call('advertiser@demo.test', `/api/booking/${String(booking.id)}`, { method: 'PUT', body: { dailyBudget: 100 } })).status).toBe(200);
    expect(await kit.get('lineitem', lineitems[0].id)).toMatchObject({ bidType: 'CPC', bidPrice: '200', currentBid: '200' });
  });

  it('lets the external networks bill their sandbox delivery at the booking\'s bid, the pipeline holding it to the daily budget', async () => {
    const { booking, lineitems } = await published({ channels: ['facebook'], goal: 'clicks', dailyBudget: 2_000 });
    const [lineitem] = lineitems;
    expect([lineitem.channel, lineitem.active, lineitem.bidType, Number(lineitem.bidPrice)]).toEqual(['facebook', true, 'CPC', 166]);
    const fundsBefore = await balance(booking.advertiser);
    expect(await pullSandboxDelivery(kit.server().core)).toBeGreaterThan(0);
    const [{ cost, clicks, today }] = await sql<{ cost: string; clicks: string; today: string | null }>(
      `SELECT SUM(cost_milli) AS cost, SUM(clicks) AS clicks, SUM(cost_milli) FILTER (WHERE day = (now() AT TIME ZONE 'UTC')::date) AS today
       FROM events WHERE lineitem_id = $1 AND kind = 'delivery'`, [lineitem.id]);
    // Each click at 2.49 EUR, the booking's price.
    expect(Number(cost)).toBeGreaterThan(0);
    expect(Number(cost)).toBe(Number(clicks) * 249_000);
    expect(await balance(booking.advertiser)).toBeLessThan(fundsBefore);
    // A day that reached the 20 EUR daily budget pauses the line item until the next day.
    const after = await kit.get('lineitem', lineitem.id);
    expect(after.autopaused === true && after.autopauseReason === 'daily_budget').toBe(Number(today ?? 0) >= 2_000 * 1_000);
  });
});
