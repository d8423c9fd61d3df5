/**
 * A live booking's changes reach every line item and channel through the sync queue (issue 33): its daily budget,
 * budget and end date from the booking editor, and a pause and resume, after which it delivers on every channel it
 * delivered on before.
 */
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Row } from '@adsuite/backend/kit';
import { deliveryLineItem, forgetAllLineItems } from '../../../tracking/server/testkit.ts';
import { pullSandboxDelivery } from '../../../tracking/server/testkit.ts';
import { BROWSER_UA } from '../../../tracking/server/testkit.ts';
import { day, IMAGE, SEARCH_AD, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

const sql = <T extends object = Row>(query: string, bind: unknown[] = []): Promise<T[]> => kit.server().core.sequelize.query<T>(query, { bind, type: QueryTypes.SELECT });
const editBooking = (id: unknown, body: Row, email = 'advertiser@demo.test') => kit.call(email, `/api/booking/${String(id)}`, { method: 'PUT', body });
const act = (id: unknown, action: 'pause' | 'resume', email = 'advertiser@demo.test') => kit.call(email, `/api/booking/${String(id)}/${action}`, { method: 'POST' });
const lineItems = (bookingId: unknown) => kit.all('lineitem', { booking: bookingId, archivedAt: null });
/** The update trees of a booking: their jobs' type, channel, action and status. */
const updateJobs = async (bookingId: unknown) => (await kit.all('sync-queue', { booking: bookingId, action: 'update' }))
  .map((job) => [job.type, job.channel, job.status]);
/** Whether the ad server delivers (and bills) the line item now. */
const delivers = async (id: unknown) => {
  forgetAllLineItems();
  return (await deliveryLineItem(kit.server().core, String(id)))?.delivering;
};

async function published(values: Row = {}, banners: Row[] = [IMAGE]) {
  const channels = (values.channels as string[] | undefined) ?? ['platform161', 'facebook'];
  const booking = await kit.booking({ ...values, channels }, banners.map((banner) => ({ channels, ...banner })));
  const { status, body } = await kit.publish(booking.id);
  expect(status).toBe(200);
  await kit.drain();
  return body.booking as Row & { id: string; campaign: string };
}

describe('a live booking\'s changes reach its line items and channels', () => {
  it('takes a daily budget from 5 to 8 EUR to the campaign, each line item and the channels', async () => {
    const booking = await published({ dailyBudget: 500 });
    expect((await lineItems(booking.id)).map((l) => Number(l.dailyBudget))).toEqual([250, 250]);

    const edited = await editBooking(booking.id, { dailyBudget: 8 });
    expect(edited).toMatchObject({ status: 200, body: { dailyBudget: 8 } });
    // At once, in the transaction of the edit: the ad server caps and the pipeline pauses by these.
    expect(await kit.get('campaign', booking.campaign)).toMatchObject({ dailyBudget: '800' });
    expect((await lineItems(booking.id)).map((l) => [l.channel, Number(l.dailyBudget)])).toEqual([['platform161', 400], ['facebook', 400]]);
    expect((await kit.get('campaign', booking.campaign)).channels).toEqual([{ name: 'platform161', amount: 400 }, { name: 'facebook', amount: 400 }]);
    // The sync tree made with the edit (the job runner may have started on it already).
    expect((await updateJobs(booking.id)).map(([type, channel]) => [type, channel]).sort()).toEqual([['campaign', null], ['lineitem', 'facebook'], ['lineitem', 'platform161']]);

    await kit.drain();
    expect((await updateJobs(booking.id)).sort()).toEqual([['campaign', null, 'successful'], ['lineitem', 'facebook', 'successful'], ['lineitem', 'platform161', 'successful']]);
    const facebook = (await kit.all('sync-queue', { booking: booking.id, action: 'update', channel: 'facebook' }))[0];
    expect((facebook.messages as { message: string }[]).at(-1)!.message).toMatch(/^Facebook \(sandbox\): line item sandbox-facebook-\S+ updated\.$/);
    expect((await lineItems(booking.id)).every((l) => l.active === true)).toBe(true);

    // A change that sets up nothing (the name) tells no channel.
    expect((await editBooking(booking.id, { name: 'Renamed booking' })).status).toBe(200);
    expect(await kit.all('sync-queue', { booking: booking.id, action: 'update', type: 'campaign' })).toHaveLength(1);
  });

  it('takes channels changed in the booking editor to line items and channels: a new one created, a removed one archived', async () => {
    const booking = await published({ dailyBudget: 1_000 }, [{ ...IMAGE, channels: ['platform161', 'facebook', 'dv360'] }]);
    // The creative is approved for the channel it is to run on (creative approval).
    const [banner] = await kit.all('banner', { campaign: booking.campaign });
    await kit.model('banner').update({ reviews: { dv360: { status: 'approved' } } }, { where: { id: banner.id } });
    expect(await editBooking(booking.id, { channels: ['platform161', 'dv360'] })).toMatchObject({ status: 200, body: { channels: ['platform161', 'dv360'] } });
    await kit.drain();
    expect((await lineItems(booking.id)).map((l) => [l.channel, l.active, Number(l.dailyBudget), l.bidType, Number(l.bidPrice)])).toEqual([
      ['platform161', true, 500, 'CPC', 166], ['dv360', true, 500, 'CPC', 166],
    ]);
    expect((await kit.all('lineitem', { booking: booking.id, channel: 'facebook' }))[0]).toMatchObject({ active: false });
    expect((await kit.all('lineitem', { booking: booking.id, channel: 'facebook' }))[0].archivedAt).not.toBeNull();
    const jobs = await kit.all('sync-queue', { booking: booking.id, type: 'lineitem' });
    expect(jobs.filter((job) => job.action !== 'create' || job.channel === 'dv360').map((job) => [job.channel, job.action, job.status]).sort()).toEqual([
      ['dv360', 'create', 'successful'], ['facebook', 'archive', 'successful'], ['platform161', 'update', 'successful'],
    ]);
    expect((await kit.get('campaign', booking.campaign)).channels).toEqual([{ name: 'platform161', amount: 500 }, { name: 'dv360', amount: 500 }]);
  });

  it('refuses a new budget while the booking is being published, which sets its line items up from the old one', async () => {
    const booking = await published({ dailyBudget: 500 });
    await kit.model('booking').update({ status: 'publishing' }, { where: { id: booking.id } });
    const message = 'The booking is being published; change its budget, dates, goal, target and channels once that is done.';
    expect(await editBooking(booking.id, { dailyBudget: 8 })).toMatchObject({ status: 400, body: { message, errors: [{ field: 'status', message }] } });
    const german = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}`, { method: 'PUT', body: { dailyBudget: 8 }, headers: { Language: 'de' } });
    expect(german.body.message).toMatch(/^Die Buchung wird gerade veröffentlicht/);
    expect(await kit.get('booking', booking.id)).toMatchObject({ dailyBudget: '500' });
  });

  it('takes a total budget and a new end date from the booking editor to the campaign, contracts and line items', async () => {
    const booking = await published({ dailyBudget: null, budget: 30_000, end: day(30) });
    expect((await lineItems(booking.id)).map((l) => [Number(l.budget), Number(l.dailyBudget)])).toEqual([[15_000, 500], [15_000, 500]]);

    expect(await editBooking(booking.id, { budget: 600 })).toMatchObject({ status: 200, body: { budget: 600 } });
    expect(await kit.get('campaign', booking.campaign)).toMatchObject({ budget: '60000' });
    expect((await lineItems(booking.id)).map((l) => [Number(l.budget), Number(l.dailyBudget)])).toEqual([[30_000, 1_000], [30_000, 1_000]]);
    expect((await kit.all('contract', { campaign: booking.campaign })).map((c) => Number(c.budget))).toEqual([30_000, 30_000]);

    // Twice the runtime: the same budget spread over 60 days.
    expect(await editBooking(booking.id, { end: day(60) })).toMatchObject({ status: 200, body: { end: day(60) } });
    expect(await kit.get('campaign', booking.campaign)).toMatchObject({ end: day(60) });
    expect((await kit.all('contract', { campaign: booking.campaign })).map((c) => c.end)).toEqual([day(60), day(60)]);
    expect((await lineItems(booking.id)).map((l) => Number(l.dailyBudget))).toEqual([500, 500]);
    // So does the end date route.
    expect((await kit.call('advertiser@demo.test', `/api/booking/${booking.id}/end`, { method: 'PUT', body: { end: day(90) } })).status).toBe(200);
    expect((await lineItems(booking.id)).map((l) => Number(l.dailyBudget))).toEqual([333, 333]);

    await kit.drain();
    const jobs = await updateJobs(booking.id);
    expect(jobs.filter(([type]) => type === 'lineitem')).toHaveLength(6);
    expect(jobs.filter(([, , status]) => status !== 'successful')).toEqual([]);
  });

  it('lets a line item the pipeline paused for its daily budget deliver again once the budget is raised above its spend', async () => {
    const booking = await published({ channels: ['platform161'], dailyBudget: 300 });
    const [lineitem] = await lineItems(booking.id);
    const click = () => fetch(`${kit.server().url}/s/${(lineitem.creatives as string[])[0]}/${lineitem.id}/1/SUBID`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
    // Two clicks at 2.49 EUR use up 3 EUR a day.
    for (let n = 0; n < 2; n += 1) expect((await click()).status).toBe(302);
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ autopaused: true, autopauseReason: 'daily_budget' });
    // 4 EUR a day is still used up today; 6 EUR is not.
    expect((await editBooking(booking.id, { dailyBudget: 4 })).status).toBe(200);
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ autopaused: true, dailyBudget: '400' });
    expect((await editBooking(booking.id, { dailyBudget: 6 })).status).toBe(200);
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ autopaused: false, autopauseReason: null, dailyBudget: '600' });
    expect(await delivers(lineitem.id)).toBe(true);
  });

  it('resumes a booking on every line item that delivered before the pause: house and external channels alike', async () => {
    const booking = await published({ channels: ['platform161', 'outbrain', 'googleads'], dailyBudget: 12_000 }, [
      { ...IMAGE, channels: ['platform161', 'outbrain'] }, SEARCH_AD,
    ]);
    const before = await lineItems(booking.id);
    expect(before.map((l) => [l.channel, l.active])).toEqual([['platform161', true], ['outbrain', true], ['googleads', true]]);

    // The resume follows the pause before any channel heard of the pause (the job runner is held meanwhile).
    const jobs = kit.server().core.jobs;
    await jobs.stop();
    try {
      expect((await act(booking.id, 'pause')).body.status).toBe('paused');
      for (const lineitem of before) expect(await delivers(lineitem.id), String(lineitem.channel)).toBe(false);
      expect((await act(booking.id, 'resume')).body.status).toBe('active');
      await kit.drain();
    } finally {
      jobs.start();
    }
    const after = await lineItems(booking.id);
    expect(after.map((l) => [l.channel, l.active, l.userpaused])).toEqual([['platform161', true, false], ['outbrain', true, false], ['googleads', true, false]]);
    for (const lineitem of after) expect(await delivers(lineitem.id), String(lineitem.channel)).toBe(true);
    // The pause, overtaken, is not sent to the channels; the resume is: each channel ends up delivering.
    const lastWords = async (action: string) => (await kit.all('sync-queue', { booking: booking.id, type: 'lineitem', action }))
      .map((job) => [job.channel, job.status, (job.messages as { message: string }[]).at(-1)!.message]);
    expect(await lastWords('pause')).toEqual(['platform161', 'outbrain', 'googleads'].map((channel) => [channel, 'successful', 'No longer needed: the booking was resumed since.']));
    expect((await lastWords('resume')).map(([channel, status, message]) => [channel, status, String(message).endsWith('resumed.')])).toEqual(
      ['platform161', 'outbrain', 'googleads'].map((channel) => [channel, 'successful', true]),
    );

    // The external networks report delivery again, at the booking's bid.
    expect(await pullSandboxDelivery(kit.server().core)).toBeGreaterThan(0);
    const [{ n }] = await sql<{ n: string }>(`SELECT count(*) AS n FROM events WHERE campaign_id = $1 AND kind = 'delivery' AND cost_milli > 0 AND channel IN ('outbrain', 'googleads')`, [booking.campaign]);
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('resumes the seeded bookings on every channel, creating the line items their channels never got', async () => {
    const summer = (await kit.all('booking', { name: 'Summer Sale 2026' }))[0];
    const always = (await kit.all('booking', { name: 'Client One Always-On' }))[0];
    // Paused as the demo data has it: every line item switched off too.
    const evergreen = (await kit.all('booking', { name: 'Retargeting Evergreen' }))[0];
    expect((await lineItems(evergreen.id)).map((l) => [l.active, l.userpaused])).toEqual([[false, true]]);
    for (const [booking, email] of [[summer, 'advertiser@demo.test'], [always, 'agency@demo.test'], [evergreen, 'advertiser@demo.test']] as const) {
      // Late in the day the seeded and sandbox delivery may have spent a line item's share of today's budget, and a
      // line item paused for its used-up daily budget rightly stays paused on resume: room for today first.
      const raised = await editBooking(booking.id, { dailyBudget: 200 }, email);
      expect(raised.status, JSON.stringify(raised.body)).toBe(200);
      await kit.drain();
      if (booking.status !== 'paused') {
        expect((await act(booking.id, 'pause', email)).status).toBe(200);
        await kit.drain();
      }
      expect((await act(booking.id, 'resume', email)).status).toBe(200);
      await kit.drain();
      const lineitems = await lineItems(booking.id);
      expect(lineitems.map((l) => [l.channel, l.active, l.userpaused]).sort(), String(booking.name)).toEqual(
        (booking.channels as string[]).map((channel) => [channel, true, false]).sort(),
      );
      for (const lineitem of lineitems) {
        expect(await delivers(lineitem.id), String(lineitem.channel)).toBe(true);
        expect(lineitem.externalId, String(lineitem.channel)).toBeTruthy();
      }
    }
  });

  it('resumes what ran before the pause only: a used-up total budget stays paused, a line item staff switched off stays off', async () => {
    const booking = await published({ channels: ['platform161', 'ssp1', 'affiliate_cpc'], dailyBudget: 1_500, end: day(10) });
    const [spent, fresh, off] = await lineItems(booking.id);
    expect((await kit.call('admin@demo.test', `/api/lineitem/${String(off.id)}`, { method: 'PUT', body: { active: false } })).status).toBe(200);
    expect((await act(booking.id, 'pause')).status).toBe(200);
    // While paused: one line item had spent its whole budget, another was paused for it but has budget left.
    const write = (query: string, bind: unknown[]) => kit.server().core.sequelize.query(query, { bind });
    await write('INSERT INTO stat_lineitem_days (advertiser_id, lineitem_id, day, cost_milli) VALUES ($1, $2, $3, $4)', [booking.advertiser, spent.id, day(-1), Number(spent.budget) * 1_000]);
    await write(`UPDATE lineitems SET autopaused = true, autopause_reason = 'budget' WHERE id IN ($1, $2)`, [spent.id, fresh.id]);
    expect((await act(booking.id, 'resume')).status).toBe(200);
    await kit.drain();
    expect(await kit.get('lineitem', spent.id)).toMatchObject({ active: true, autopaused: true, autopauseReason: 'budget', userpaused: false });
    expect(await kit.get('lineitem', fresh.id)).toMatchObject({ active: true, autopaused: false, autopauseReason: null, userpaused: false });
    expect(await kit.get('lineitem', off.id)).toMatchObject({ active: false, userpaused: false });
    expect([await delivers(spent.id), await delivers(fresh.id), await delivers(off.id)]).toEqual([false, true, false]);
    expect((await kit.all('sync-queue', { booking: booking.id, action: 'resume', type: 'lineitem' })).map((job) => job.channel).sort()).toEqual(['platform161', 'ssp1']);
  });
});
