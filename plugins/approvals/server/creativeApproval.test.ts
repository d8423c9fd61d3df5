/**
 * Creative approval through the API (SPEC sections 2, 4, 5 and 8, issue 14): a new booking waits for the review
 * of its creatives per channel; the rules of a review (every channel decided, a rejection with its reason); a
 * partly rejected booking goes on without the rejected channels, an all-rejected one is rejected and mailed with
 * the reasons and waits again once the advertiser replaces its creatives; line item changes are applied or
 * dropped; only staff may review.
 */
import { describe, expect, it } from 'vitest';
import { addDays, today } from '@adsuite/config/booking/index';
import type { Row } from '@adsuite/backend/kit';
import { png } from '../../booking/server/testkit.ts';
import { usePublishingServer } from '../../booking/server/testkit.ts';

const kit = usePublishingServer();
const ADMIN = 'admin@demo.test';
const CHANNELS = ['platform161', 'facebook'];

interface Item {
  id: string;
  name: string;
  bookings: { id: string; status: string }[];
  reviews: { channel: string; status: string; reason?: string; comment?: string }[];
  changes?: { field: string; old: unknown; new: unknown }[];
  saved?: boolean;
}

async function upload(): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png(300, 250))]), 'banner.png');
  const token = await kit.server().token('advertiser@demo.test');
  const res = await fetch(`${kit.server().url}/api/booking/files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const creative = (name: string, file: string) => ({ name, bannerType: 'image_ad', width: 300, height: 250, file, channels: CHANNELS });

/** A booking made as the wizard makes it, with two uploaded creatives for both channels, prepared by the job queue. */
async function newBooking(name: string): Promise<Row & { id: string }> {
  const created = await kit.call('advertiser@demo.test', '/api/booking', {
    method: 'POST',
    body: {
      name, goal: 'clicks', dailyBudget: 30, start: today(), end: addDays(today(), 30), channels: CHANNELS, pacing: 'evenly', specialCategory: 'none',
      callToAction: 'BUY_NOW', target: 'https://shop.demo.test/approval', creatives: [creative(`${name} A`, await upload()), creative(`${name} B`, await upload())],
    },
  });
  expect(created.status).toBe(201);
  await kit.drain();
  return (await kit.get('booking', created.body.id)) as Row & { id: string };
}

const page = (query: string) => kit.call(ADMIN, `/api/approval?${query}`);
const review = (body: unknown, email = ADMIN) => kit.call(email, '/api/approval/review', { method: 'POST', body });
const decide = (item: Item, status: (channel: string) => 'approved' | 'rejected', reason = 'Text is unreadable') =>
  review({ type: 'banner', id: item.id, reviews: item.reviews.map(({ channel }) => ({ channel, status: status(channel), ...(status(channel) === 'rejected' ? { reason } : {}) })) });

async function bannersOf(booking: string): Promise<Item[]> {
  const res = await page(`type=banner&booking=${booking}`);
  expect(res.status).toBe(200);
  return res.body.items as Item[];
}

describe('creative approval', () => {
  it('keeps a new booking waiting for approval and lists its creatives with every channel not reviewed', async () => {
    const booking = await newBooking('Waits');
    expect(booking.status).toBe('waiting for approval');
    const items = await bannersOf(booking.id);
    expect(items.map((i) => i.name).sort()).toEqual(['Waits A', 'Waits B']);
    for (const item of items) {
      expect(item.reviews).toEqual(CHANNELS.map((channel) => ({ channel, status: 'not_reviewed' })));
      expect(item.bookings).toEqual([expect.objectContaining({ id: booking.id, status: 'waiting for approval' })]);
    }
    const count = await kit.call(ADMIN, `/api/approval/count?booking=${booking.id}`);
    expect(count).toMatchObject({ status: 200, body: { banner: 2, lineitem: 0 } });
    const all = await kit.call(ADMIN, '/api/approval/count');
    expect(all.body.banner).toBeGreaterThanOrEqual(2);
    // 10 a page
    expect((await page('type=banner')).body.items.length).toBeLessThanOrEqual(10);
  });

  it('refuses a review with a channel not reviewed, a rejection without reason or a channel the creative does not have, and changes nothing', async () => {
    const booking = await newBooking('Rules');
    const [item] = await bannersOf(booking.id);
    const only = await review({ type: 'banner', id: item.id, reviews: [{ channel: 'platform161', status: 'approved' }] });
    expect(only.status).toBe(400);
    expect(only.body.message).toBe('Channel facebook was not reviewed');
    const open = await review({ type: 'banner', id: item.id, reviews: [{ channel: 'platform161', status: 'approved' }, { channel: 'facebook', status: 'not_reviewed' }] });
    expect(open.body.errors).toEqual([{ field: 'reviews.facebook', message: 'Channel facebook was not reviewed' }]);
    const noReason = await review({ type: 'banner', id: item.id, reviews: [{ channel: 'platform161', status: 'approved' }, { channel: 'facebook', status: 'rejected', reason: '  ' }] });
    expect(noReason).toMatchObject({ status: 400, body: { errors: [{ field: 'reviews.facebook.reason', message: 'Please give a reason for rejecting channel facebook.' }] } });
    const stranger = await review({ type: 'banner', id: item.id, reviews: [...CHANNELS.map((channel) => ({ channel, status: 'approved' })), { channel: 'outbrain', status: 'approved' }] });
    expect(stranger.body.errors).toEqual([{ field: 'reviews.2.channel', message: 'Channel outbrain does not belong to this item.' }]);
    expect((await review({ type: 'creative', id: item.id, reviews: [] })).body.errors).toEqual([{ field: 'type', message: 'The type must be "banner" or "lineitem".' }]);
    expect((await review({ type: 'banner', id: item.id, reviews: 'all' })).status).toBe(400);
    expect((await review({ type: 'banner', id: '123e4567-e89b-12d3-a456-426614174000', reviews: [] })).status).toBe(404);
    expect((await page('type=banner&page=0')).status).toBe(400);
    expect((await page('type=banner&advertiser=nope')).status).toBe(400);
    // German for German readers (SPEC section 8)
    const german = await kit.call(ADMIN, '/api/approval/review', { method: 'POST', headers: { Language: 'de' }, body: { type: 'banner', id: item.id, reviews: [] } });
    expect(german.body.message).toBe('Kanal platform161 wurde nicht geprüft');
    expect((await kit.get('banner', item.id)).reviews ?? {}).toEqual({});
    expect((await kit.get('booking', booking.id)).status).toBe('waiting for approval');
  });

  it('lets only the administrator and the systemoperator review', async () => {
    const booking = await newBooking('Staff only');
    const [item] = await bannersOf(booking.id);
    const body = { type: 'banner', id: item.id, reviews: CHANNELS.map((channel) => ({ channel, status: 'approved' })) };
    for (const email of ['advertiser@demo.test', 'viewer@demo.test', 'agency@demo.test', 'accounting@demo.test', 'publisher@demo.test']) {
      expect((await review(body, email)).status, email).toBe(403);
      expect((await kit.call(email, '/api/approval?type=banner')).status, email).toBe(403);
      expect((await kit.call(email, '/api/approval/count')).status, email).toBe(403);
    }
    expect((await kit.server().api('/api/approval/count')).status).toBe(401);
    expect((await kit.get('banner', item.id)).reviews ?? {}).toEqual({});
    expect((await kit.call('sysop@demo.test', '/api/approval/count')).status).toBe(200);
  });

  it('sends a partly rejected booking on without the rejected channel: pending, mailed, published without that creative there', async () => {
    const booking = await newBooking('Partly');
    const [a, b] = (await bannersOf(booking.id)).sort((x, y) => x.name.localeCompare(y.name));
    const first = await decide(a, (channel) => (channel === 'facebook' ? 'rejected' : 'approved'), 'Blurry on mobile');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ saved: true, reviews: [{ channel: 'platform161', status: 'approved' }, { channel: 'facebook', status: 'rejected', reason: 'Blurry on mobile' }] });
    await kit.drain();
    // B is not reviewed yet: the booking still waits.
    expect((await kit.get('booking', booking.id)).status).toBe('waiting for approval');
    expect((await decide(b, () => 'approved')).status).toBe(200);
    await kit.drain();
    expect((await kit.get('booking', booking.id)).status).toBe('pending');
    expect((await bannersOf(booking.id))).toEqual([]);
    const mails = (await kit.all('outbox', { template: 'readyToPublish' })).filter((m) => String(m.subject).includes('Partly'));
    expect(mails.length).toBeGreaterThan(0);
    // who and when: the activity log names the reviewer
    const [admin] = await kit.all('login', { email: ADMIN });
    const logged = await kit.all('campaignlog', { entityId: a.id });
    expect(logged).toEqual([expect.objectContaining({ login: admin.id, entityType: 'banner', entityAction: 'update' })]);
    // The advertiser sees the outcome on its creative.
    const seen = await kit.call('advertiser@demo.test', `/api/banner/${a.id}`);
    expect(seen.body.reviews.facebook).toMatchObject({ status: 'rejected', reason: 'Blurry on mobile' });

    const published = await kit.publish(booking.id);
    expect(published.status).toBe(200);
    const lineitems = await kit.all('lineitem', { booking: booking.id });
    const creativesOf = (channel: string) => (lineitems.find((l) => l.channel === channel)!.creatives as string[]).sort();
    expect(creativesOf('platform161')).toEqual([a.id, b.id].sort());
    expect(creativesOf('facebook')).toEqual([b.id]);
  });

  it('rejects a booking whose creatives are all rejected, mails the reasons, and reviews replaced creatives again', async () => {
    const booking = await newBooking('Refused');
    for (const item of await bannersOf(booking.id)) expect((await decide(item, () => 'rejected', 'Misleading claim')).status).toBe(200);
    await kit.drain();
    const rejected = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}`);
    expect(rejected.body.status).toBe('rejected');
    expect(rejected.body.rejectionReason).toContain('Creative "Refused A" was rejected for Facebook: Misleading claim');
    expect(rejected.body.rejectionReason).toContain('Creative "Refused B" was rejected for Platform 161: Misleading claim');
    const mails = (await kit.all('outbox', { template: 'bookingRejected', to: 'advertiser@demo.test' })).filter((m) => String(m.subject).includes('Refused'));
    expect(mails).toHaveLength(1);
    expect(String(mails[0].text)).toContain('Misleading claim');
    expect(String(mails[0].text)).toContain(`/booking/update/${booking.id}`);

    // The advertiser replaces the creatives: the booking waits for the review of the new one.
    const replaced = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}`, { method: 'PUT', body: { creatives: [creative('Refused C', await upload())] } });
    expect(replaced.status).toBe(200);
    await kit.drain();
    expect((await kit.get('booking', booking.id)).status).toBe('waiting for approval');
    const [fresh] = await bannersOf(booking.id);
    expect(fresh.name).toBe('Refused C');
    await decide(fresh, () => 'approved');
    await kit.drain();
    expect((await kit.get('booking', booking.id)).status).toBe('pending');
  });

  it('applies approved line item changes, drops rejected ones, and never lists auto-approving line items', async () => {
    const made = await kit.booking({ status: 'pending', channels: ['platform161'] });
    expect((await kit.publish(made.id)).status).toBe(200);
    const [lineitem] = await kit.all('lineitem', { booking: made.id });
    const model = kit.model('lineitem');
    await model.update({ changes: { bidPrice: { old: Number(lineitem.bidPrice), new: 250 } } }, { where: { id: lineitem.id } });
    const listed = await page(`type=lineitem&booking=${made.id}`);
    expect(listed.body).toMatchObject({ count: 1, items: [{ id: lineitem.id, reviews: [{ channel: 'platform161', status: 'not_reviewed' }], changes: [{ field: 'bidPrice', new: 2.5 }] }] });
    const approved = await review({ type: 'lineitem', id: lineitem.id, reviews: [{ channel: 'platform161', status: 'approved' }] });
    expect(approved.status).toBe(200);
    const bid = async () => { const row = await kit.get('lineitem', lineitem.id); return { bidPrice: Number(row.bidPrice), changes: row.changes }; };
    expect(await bid()).toEqual({ bidPrice: 250, changes: {} });
    expect((await page(`type=lineitem&booking=${made.id}`)).body.count).toBe(0);

    await model.update({ changes: { bidPrice: { old: 250, new: 900 } } }, { where: { id: lineitem.id } });
    const refused = await review({ type: 'lineitem', id: lineitem.id, reviews: [{ channel: 'platform161', status: 'rejected', reason: 'Bid too high', comment: 'Max 5 EUR' }] });
    expect(refused.body.reviews).toEqual([{ channel: 'platform161', status: 'rejected', reason: 'Bid too high', comment: 'Max 5 EUR' }]);
    expect(await bid()).toEqual({ bidPrice: 250, changes: {} });

    await model.update({ changes: { bidPrice: { old: 250, new: 300 } }, autoapprove: true }, { where: { id: lineitem.id } });
    expect((await page(`type=lineitem&booking=${made.id}`)).body.count).toBe(0);
  });
});
