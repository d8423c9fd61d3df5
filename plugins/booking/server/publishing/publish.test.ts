import { describe, expect, it } from 'vitest';
import { day, IMAGE, SEARCH_AD, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

describe('publishing a booking', () => {
  it('publishes a five-channel booking through the sync queue: campaign, line items, contracts, banners, active', async () => {
    const channels = ['platform161', 'ssp1', 'facebook', 'dv360', 'googleads'];
    const booking = await kit.booking({ channels, dailyBudget: 5_000 }, [{ ...IMAGE, channels: ['platform161', 'ssp1', 'facebook', 'dv360'] }, SEARCH_AD]);
    const started = Date.now();
    const { status, body } = await kit.publish(booking.id);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(status).toBe(200);
    expect(body.failedChannels).toEqual([]);
    expect(body.booking).toMatchObject({ id: booking.id, status: 'active' });

    const campaign = await kit.get('campaign', body.booking.campaign);
    expect(campaign).toMatchObject({ booking: booking.id, advertiser: kit.shop.id, status: 'active', failedChannels: [] });
    const lineitems = await kit.all('lineitem', { booking: booking.id });
    expect(lineitems.map((l) => l.channel).sort()).toEqual([...channels].sort());
    for (const lineitem of lineitems) {
      expect(lineitem).toMatchObject({ campaign: campaign.id, active: true, dailyBudget: '1000' });
      expect((lineitem.creatives as string[]).length).toBe(1);
      const contract = await kit.get('contract', lineitem.contract);
      expect(contract).toMatchObject({ campaign: campaign.id, channel: lineitem.channel, prepaid: true, externalId: lineitem.externalId });
    }
    const externalIds = Object.fromEntries(lineitems.map((l) => [l.channel, l.externalId]));
    expect(externalIds.facebook).toMatch(/^sandbox-facebook-[0-9a-f-]{36}$/);
    expect(externalIds.googleads).toMatch(/^sandbox-googleads-/);
    expect(externalIds.platform161).toBe(`house-${lineitems.find((l) => l.channel === 'platform161')!.id}`);
    const banners = await kit.all('banner', { campaign: campaign.id });
    expect(banners.map((b) => b.name).sort()).toEqual([IMAGE.name, SEARCH_AD.name]);

    const jobs = await kit.all('sync-queue', { booking: booking.id });
    expect(jobs.length).toBe(1 + 5 + 5);
    expect(jobs.every((job) => job.status === 'successful' && job.completed && job.runCount === 1 && !job.notified)).toBe(true);
    const root = jobs.find((job) => !job.parent)!;
    expect(root).toMatchObject({ type: 'campaign', action: 'create', foreignId: campaign.id });
    const lineJobs = jobs.filter((job) => job.parent === root.id);
    expect(lineJobs.map((job) => job.type)).toEqual(Array(5).fill('lineitem'));
    for (const lineJob of lineJobs) {
      expect(jobs.filter((job) => job.parent === lineJob.id).map((job) => job.type)).toEqual(['banner']);
    }
    const facebookJob = lineJobs.find((job) => job.channel === 'facebook')!;
    expect((facebookJob.messages as { message: string }[]).at(-1)!.message).toMatch(/^Facebook \(sandbox\): line item sandbox-facebook-.* created\.$/);
  });

  it('makes a booking that starts later upcoming', async () => {
    const booking = await kit.booking({ start: day(5), end: day(20) });
    const { status, body } = await kit.publish(booking.id);
    expect(status).toBe(200);
    expect(body.booking.status).toBe('upcoming');
  });

  it('spreads a total budget over the runtime and creates banner rows for creatives without one', async () => {
    const booking = await kit.booking({
      channels: ['platform161', 'facebook'], dailyBudget: null, budget: 60_000, start: day(0), end: day(30),
      creatives: [{ name: 'Video 9x16', bannerType: 'video_ad', width: 1080, height: 1920, channels: [] }],
    }, []);
    const { status, body } = await kit.publish(booking.id);
    expect(status).toBe(200);
    expect(body.failedChannels).toEqual([]);
    const lineitems = await kit.all('lineitem', { booking: booking.id });
    expect(lineitems.map((l) => [l.channel, Number(l.dailyBudget), Number(l.budget)])).toEqual([['platform161', 1_000, 30_000], ['facebook', 1_000, 30_000]]);
    const [video] = await kit.all('banner', { campaign: body.booking.campaign });
    expect(video).toMatchObject({ name: 'Video 9x16', bannerType: 'video_ad', advertiser: kit.shop.id });
  });

  it('paces every line item as the booking was booked (SPEC section 3 bid options), the default where it names none', async () => {
    const booked = await kit.booking({ channels: ['platform161', 'ssp1'], pacing: 'as soon as possible' });
    expect((await kit.publish(booked.id)).status).toBe(200);
    expect((await kit.all('lineitem', { booking: booked.id })).map((l) => l.pacing)).toEqual(['as soon as possible', 'as soon as possible']);
    const plain = await kit.booking({ channels: ['platform161'], pacing: null });
    expect((await kit.publish(plain.id)).status).toBe(200);
    expect((await kit.all('lineitem', { booking: plain.id })).map((l) => l.pacing)).toEqual(['evenly']);
  });

  it('answers failedChannels for channels the network refuses and informs the technicians', async () => {
    // Outbrain needs 30 EUR a day; 10 EUR is its share here.
    const booking = await kit.booking({ channels: ['platform161', 'outbrain'], dailyBudget: 2_000 });
    const { status, body } = await kit.publish(booking.id);
    expect(status).toBe(200);
    expect(body.failedChannels).toEqual(['outbrain']);
    expect(body.booking).toMatchObject({ status: 'active', failedChannels: ['outbrain'] });
    const jobs = await kit.all('sync-queue', { booking: booking.id, channel: 'outbrain' });
    const lineJob = jobs.find((job) => job.type === 'lineitem')!;
    expect(lineJob).toMatchObject({ status: 'failed', completed: true, notified: true, runCount: 1 });
    expect((lineJob.messages as { message: string }[]).map((m) => m.message)).toContain(
      'Outbrain (sandbox) refused the line item: the daily budget of 10,00\u00a0€ is below the channel minimum of 30,00\u00a0€.',
    );
    expect(jobs.find((job) => job.type === 'banner')).toMatchObject({ status: 'not run' });
    const root = (await kit.all('sync-queue', { booking: booking.id })).find((job) => !job.parent)!;
    expect(root).toMatchObject({ status: 'partial', completed: true });
    expect(await kit.get('campaign', body.booking.campaign)).toMatchObject({ failedChannels: ['outbrain'] });
    const logs = await kit.all('campaignlog', { entityId: lineJob.id, level: 'system' });
    expect(logs).toHaveLength(1);
  });

  it('refuses a creative format the network does not take', async () => {
    const booking = await kit.booking({ channels: ['platform161', 'googleads'] }, [IMAGE]);
    const { body } = await kit.publish(booking.id);
    expect(body.failedChannels).toEqual(['googleads']);
    const [bannerJob] = await kit.all('sync-queue', { booking: booking.id, channel: 'googleads', type: 'banner' });
    expect(bannerJob).toMatchObject({ status: 'failed', notified: true });
    expect((bannerJob.messages as { message: string }[]).some((m) => m.message.includes('Google Ads (sandbox) refused "Summer 300x250": it takes search ad creatives, not image.'))).toBe(true);
  });

  it('goes back to pending when every channel fails', async () => {
    const booking = await kit.booking({ channels: ['googleads'] }, [IMAGE]);
    const { status, body } = await kit.publish(booking.id);
    expect(status).toBe(400);
    expect(body.message).toBe('Booking was not published: no channel accepted it (Google Ads). The technicians were informed.');
    expect(body.failedChannels).toEqual(['googleads']);
    const again = await kit.booking({ channels: ['googleads'] }, [IMAGE]);
    const german = await kit.call('advertiser@demo.test', `/api/booking/${again.id}/status`, { method: 'POST', body: { status: 'published' }, headers: { Language: 'de' } });
    expect(german.body.message).toBe('Die Buchung wurde nicht veröffentlicht: Kein Kanal hat sie angenommen (Google Ads). Die Technik wurde informiert.');
    expect((await kit.get('booking', booking.id)).status).toBe('pending');
  });

  it('refuses when the prepaid balance does not cover the first day of every channel, writing nothing', async () => {
    // Other Shop AG has 80 EUR; three channels at 30 EUR a day each need 90.
    const booking = await kit.booking({ advertiser: kit.other.id, channels: ['platform161', 'facebook', 'dv360'], dailyBudget: 9_000 });
    const { status, body } = await kit.call('other@demo.test', `/api/booking/${booking.id}/status`, { method: 'POST', body: { status: 'published' } });
    expect(status).toBe(400);
    expect(body.message).toBe('The balance of 80,00\u00a0€ does not cover the first day of every channel (90,00\u00a0€). Please top up your balance.');
    expect(body.errors).toEqual([{ field: 'balance', message: body.message }]);
    const german = await kit.call('other@demo.test', `/api/booking/${booking.id}/status`, { method: 'POST', body: { status: 'published' }, headers: { Language: 'de' } });
    expect(german.body.message).toBe('Das Guthaben von 80,00\u00a0€ deckt den ersten Tag aller Kanäle (90,00\u00a0€) nicht. Bitte laden Sie Ihr Guthaben auf.');
    const after = await kit.get('booking', booking.id);
    expect(after).toMatchObject({ status: 'pending', campaign: null });
    expect(await kit.all('lineitem', { booking: booking.id })).toEqual([]);
    expect(await kit.all('sync-queue', { booking: booking.id })).toEqual([]);
  });

  it('lets no viewer publish, hides other tenants\' bookings and checks the input', async () => {
    const booking = await kit.booking();
    expect((await kit.publish(booking.id, 'viewer@demo.test')).status).toBe(403);
    expect((await kit.publish(booking.id, 'other@demo.test')).status).toBe(404);
    expect((await kit.publish('not-an-id')).status).toBe(404);
    const wrong = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}/status`, { method: 'POST', body: { status: 'active' } });
    expect(wrong).toMatchObject({ status: 400, body: { message: "The status can only be set to 'published'." } });
    expect((await kit.get('booking', booking.id)).status).toBe('pending');
    const waiting = await kit.booking({ status: 'waiting for approval' });
    const refused = await kit.publish(waiting.id);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('status');
  });

  it('publishes the seeded pending booking with its existing campaign and line items (Outbrain refuses 20 EUR a day)', async () => {
    const seeded = (await kit.all('booking', { name: 'Brand Awareness Q4' }))[0];
    const lineitemsBefore = await kit.all('lineitem', { booking: seeded.id });
    const { status, body } = await kit.publish(seeded.id as string);
    expect(status).toBe(200);
    expect(body.booking).toMatchObject({ status: 'upcoming', campaign: seeded.campaign });
    expect(body.failedChannels).toEqual(['outbrain']);
    const lineitems = await kit.all('lineitem', { booking: seeded.id });
    expect(lineitems.map((l) => l.id).sort()).toEqual(lineitemsBefore.map((l) => l.id).sort());
    expect(lineitems.map((l) => [l.channel, l.active, !!l.contract, typeof l.externalId])).toEqual([
      ['outbrain', false, true, 'object'], ['instagram', true, true, 'string'],
    ]);
  });
});
