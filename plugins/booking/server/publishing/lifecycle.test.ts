import { describe, expect, it } from 'vitest';
import { day, IMAGE, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

/** A booking published on platform161 and facebook, as the advertiser sees it. */
async function published(values: Record<string, unknown> = {}) {
  const booking = await kit.booking({ channels: ['platform161', 'facebook'], dailyBudget: 4_000, ...values }, [IMAGE]);
  const { status, body } = await kit.publish(booking.id);
  expect(status).toBe(200);
  return body.booking as { id: string; campaign: string; status: string };
}

const act = (id: string, action: string, email = 'advertiser@demo.test') => kit.call(email, `/api/booking/${id}/${action}`, { method: 'POST' });
const put = (id: string, what: 'end' | 'channels', body: unknown, email = 'advertiser@demo.test') => kit.call(email, `/api/booking/${id}/${what}`, { method: 'PUT', body });
const jobsOf = async (bookingId: string, action: string) => (await kit.all('sync-queue', { booking: bookingId, action }));

describe('the booking lifecycle', () => {
  it('pauses an active booking (line items user-paused) and resumes it, telling the channels', async () => {
    const booking = await published();
    const paused = await act(booking.id, 'pause');
    expect(paused).toMatchObject({ status: 200, body: { id: booking.id, status: 'paused' } });
    await kit.drain();
    const lineitems = await kit.all('lineitem', { booking: booking.id });
    // Held by the pause, still switched on: the resume reads where the booking delivered.
    expect(lineitems.every((l) => l.userpaused === true && l.active === true)).toBe(true);
    expect(await kit.get('campaign', booking.campaign)).toMatchObject({ status: 'paused', pauseType: 'user' });
    const pauseJobs = await jobsOf(booking.id, 'pause');
    expect(pauseJobs.map((job) => [job.type, job.status, job.completed])).toEqual([
      ['campaign', 'successful', true], ['lineitem', 'successful', true], ['lineitem', 'successful', true],
    ]);
    expect(pauseJobs.some((job) => (job.messages as { message: string }[]).some((m) => /Facebook \(sandbox\): line item sandbox-facebook-\S+ paused\./.test(m.message)))).toBe(true);

    expect((await act(booking.id, 'pause')).status).toBe(400);
    const resumed = await act(booking.id, 'resume');
    expect(resumed).toMatchObject({ status: 200, body: { status: 'active' } });
    await kit.drain();
    expect((await kit.all('lineitem', { booking: booking.id })).every((l) => l.userpaused === false && l.active === true)).toBe(true);
    expect(await kit.get('campaign', booking.campaign)).toMatchObject({ status: 'active', pauseType: null });
    expect((await act(booking.id, 'resume')).status).toBe(400);
  });

  it('cancels a published booking through the channels: canceling, then canceled; nothing changes afterwards', async () => {
    const booking = await published();
    const canceling = await act(booking.id, 'cancel');
    expect(canceling).toMatchObject({ status: 200, body: { status: 'canceling' } });
    await kit.drain();
    expect((await kit.get('booking', booking.id)).status).toBe('canceled');
    expect((await kit.get('campaign', booking.campaign)).status).toBe('canceled');
    expect((await kit.all('lineitem', { booking: booking.id })).every((l) => l.active === false)).toBe(true);
    expect((await jobsOf(booking.id, 'cancel')).every((job) => job.status === 'successful' && job.completed)).toBe(true);

    for (const refused of [act(booking.id, 'pause'), act(booking.id, 'cancel'), put(booking.id, 'end', { end: day(60) }), put(booking.id, 'channels', { channels: ['platform161'] })]) {
      expect(await refused).toMatchObject({ status: 400, body: { message: 'A canceled booking cannot be changed.' } });
    }
  });

  it('cancels a booking that was never published at once', async () => {
    const booking = await kit.booking();
    expect(await act(booking.id, 'cancel')).toMatchObject({ status: 200, body: { status: 'canceled' } });
    expect(await kit.all('sync-queue', { booking: booking.id })).toEqual([]);
  });

  it('pauses and resumes an active booking that has no campaign', async () => {
    const booking = await kit.booking({ status: 'active' });
    expect(await act(booking.id, 'pause')).toMatchObject({ status: 200, body: { status: 'paused' } });
    expect(await act(booking.id, 'resume')).toMatchObject({ status: 200, body: { status: 'active' } });
  });

  it('extends the end date of the booking, its campaign and contracts, and refuses bad dates', async () => {
    const booking = await published();
    const extended = await put(booking.id, 'end', { end: day(90) });
    expect(extended).toMatchObject({ status: 200, body: { end: day(90) } });
    await kit.drain();
    expect((await kit.get('campaign', booking.campaign)).end).toBe(day(90));
    expect((await kit.all('contract', { campaign: booking.campaign })).map((c) => c.end)).toEqual([day(90), day(90)]);
    expect((await jobsOf(booking.id, 'update')).every((job) => job.status === 'successful')).toBe(true);

    for (const [body, message] of [
      [{ end: '2026-13-40' }, 'Please enter the end date as YYYY-MM-DD.'],
      [{}, 'Please enter the end date as YYYY-MM-DD.'],
      [{ end: day(-400) }, 'The end date cannot be before the start date.'],
    ] as const) {
      expect(await put(booking.id, 'end', body)).toMatchObject({ status: 400, body: { message, errors: [{ field: 'end', message }] } });
    }
    const started = await published({ start: day(-10), end: day(5) });
    expect(await put(started.id, 'end', { end: day(-1) })).toMatchObject({ status: 400, body: { message: 'The end date cannot be in the past.' } });
  });

  it('adds and removes channels of a published booking: new line items through the sync queue, removed ones archived', async () => {
    const booking = await published();
    const changed = await put(booking.id, 'channels', { channels: ['platform161', 'dv360'] });
    expect(changed).toMatchObject({ status: 200, body: { channels: ['platform161', 'dv360'] } });
    await kit.drain();
    const live = await kit.all('lineitem', { booking: booking.id, archivedAt: null });
    expect(live.map((l) => [l.channel, l.active, Number(l.dailyBudget)])).toEqual([['platform161', true, 2_000], ['dv360', true, 2_000]]);
    expect(live.find((l) => l.channel === 'dv360')!.externalId).toMatch(/^sandbox-dv360-/);
    const facebook = (await kit.all('lineitem', { booking: booking.id, channel: 'facebook' }))[0];
    expect(facebook.archivedAt).not.toBeNull();
    expect(facebook.active).toBe(false);
    const jobs = await kit.all('sync-queue', { booking: booking.id, parent: (await jobsOf(booking.id, 'update')).find((job) => job.type === 'campaign')!.id });
    expect(jobs.map((job) => [job.channel, job.action, job.status]).sort()).toEqual([
      ['dv360', 'create', 'successful'], ['facebook', 'archive', 'successful'], ['platform161', 'update', 'successful'],
    ]);

    expect(await put(booking.id, 'channels', { channels: [] })).toMatchObject({ status: 400, body: { errors: [{ field: 'channels' }] } });
    expect(await put(booking.id, 'channels', { channels: ['tiktok'] })).toMatchObject({ status: 400, body: { message: 'tiktok is not a channel that can be booked.' } });
    expect(await put(booking.id, 'channels', { channels: ['dv360'], allocation: [{ channel: 'facebook', weight: 1 }] })).toMatchObject({ status: 400, body: { errors: [{ field: 'allocation' }] } });
  });

  it('changes the channels of a booking not yet published without touching any channel', async () => {
    const booking = await kit.booking();
    expect(await put(booking.id, 'channels', { channels: ['facebook', 'instagram'], allocation: [{ channel: 'facebook', weight: 3 }, { channel: 'instagram', weight: 1 }] }))
      .toMatchObject({ status: 200, body: { channels: ['facebook', 'instagram'], splitBudget: true } });
    expect(await kit.all('lineitem', { booking: booking.id })).toEqual([]);
  });

  it('checks the balance for the first day of added channels', async () => {
    const client = (await kit.all('advertiser', { name: 'Agency Client One' }))[0];
    const booking = await kit.booking({ advertiser: client.id, channels: ['platform161'], dailyBudget: 60_000 });
    expect((await kit.call('agency@demo.test', `/api/booking/${booking.id}/status`, { method: 'POST', body: { status: 'published' } })).status).toBe(200);
    // 600 EUR a day over three channels: the two added ones need 400 EUR for their first day.
    await kit.model('advertiser').update({ balance: 30_000 }, { where: { id: client.id } });
    const refused = await kit.call('agency@demo.test', `/api/booking/${booking.id}/channels`, { method: 'PUT', body: { channels: ['platform161', 'dv360', 'facebook'] } });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ field: 'balance' }] } });
    expect((await kit.get('booking', booking.id)).channels).toEqual(['platform161']);
  });

  it('lets no viewer change a booking, hides other tenants\' bookings, and leaves finished ones alone', async () => {
    const booking = await published();
    for (const [path, method, body] of [['pause', 'POST'], ['resume', 'POST'], ['cancel', 'POST'], ['end', 'PUT', { end: day(40) }], ['channels', 'PUT', { channels: ['platform161'] }]] as const) {
      expect((await kit.call('viewer@demo.test', `/api/booking/${booking.id}/${path}`, { method, body })).status, path).toBe(403);
      expect((await kit.call('other@demo.test', `/api/booking/${booking.id}/${path}`, { method, body })).status, path).toBe(404);
    }
    expect((await kit.get('booking', booking.id)).status).toBe('active');
    const finished = await kit.booking({ status: 'finished', start: day(-40), end: day(-10) });
    expect(await act(finished.id, 'cancel')).toMatchObject({ status: 400, body: { message: 'A finished booking cannot be changed.' } });
    expect(await put(finished.id, 'end', { end: day(10) })).toMatchObject({ status: 400, body: { message: 'A finished booking cannot be changed.' } });
    const german = await kit.call('advertiser@demo.test', `/api/booking/${finished.id}/cancel`, { method: 'POST', headers: { Language: 'de' } });
    expect(german.body.message).toBe('Eine Buchung im Status „Beendet“ kann nicht mehr geändert werden.');
    const paused = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}/resume`, { method: 'POST', headers: { Language: 'de' } });
    expect(paused.body.message).toBe('Nur eine pausierte Buchung kann fortgesetzt werden; diese ist im Status „Aktiv“.');
  });

  it('answers bad input with 400 or 404, never 500', async () => {
    const booking = await published();
    const cases: [string, string, unknown][] = [
      ['status', 'POST', 'published'], ['status', 'POST', []], ['status', 'POST', { status: null }],
      ['end', 'PUT', []], ['end', 'PUT', { end: 5 }], ['end', 'PUT', { end: '2026-02-30' }], ['end', 'PUT', 'x'],
      ['channels', 'PUT', { channels: 'facebook' }], ['channels', 'PUT', { channels: [null, 5, { a: 1 }] }], ['channels', 'PUT', [1]],
      ['channels', 'PUT', { channels: ['platform161'], allocation: [null] }], ['channels', 'PUT', { channels: ['platform161'], allocation: 'even' }],
      ['channels', 'PUT', { channels: ['platform161'], allocation: [{ channel: 'platform161', weight: 1e9 }] }],
    ];
    for (const [path, method, body] of cases) {
      const { status } = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}/${path}`, { method, body });
      expect(status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    for (const id of ['x', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
      expect((await act(encodeURIComponent(id), 'pause')).status, id).toBe(404);
    }
    expect((await kit.get('booking', booking.id)).status).toBe('active');
  });
});
