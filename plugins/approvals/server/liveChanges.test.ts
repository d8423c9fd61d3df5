/**
 * Changes of a live booking go through creative approval (issue 14, SPEC sections 2 and 3 "change payloads"): a
 * new creative is not served by the ad server until staff approve it; a new bid is billed only once approved, a
 * rejected one never; line items that approve themselves and staff's own changes apply at once; another
 * advertiser neither sees nor decides. An advertiser's new content of a creative a live line item runs waits for
 * review again off the line item (its name does not); a rejected live change mails the owner once.
 */
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Row } from '@adsuite/backend/kit';
import { png } from '../../booking/server/testkit.ts';
import { IMAGE, usePublishingServer } from '../../booking/server/testkit.ts';
import { forgetAllLineItems } from '../../tracking/server/testkit.ts';

const kit = usePublishingServer();
const ADMIN = 'admin@demo.test';
const AGENCY = 'agency@demo.test';
const CHANNEL = 'platform161';

async function advertiserNamed(name: string): Promise<string> {
  return ((await kit.model('advertiser').findOne({ where: { name }, raw: true })) as Row).id as string;
}

/** A published, active booking on Platform 161 with its banners (for every channel), its line item bidding 0.45 euro a click. */
async function liveBooking(advertiser: string, email: string, banners: Row[] = [IMAGE]): Promise<{ booking: Row & { id: string }; lineitem: Row }> {
  const booking = await kit.booking({ advertiser, channels: [CHANNEL], dailyBudget: 4_000 }, banners);
  expect((await kit.publish(booking.id, email)).status).toBe(200);
  await kit.drain();
  expect((await kit.get('booking', booking.id)).status).toBe('active');
  const [lineitem] = await kit.all('lineitem', { booking: booking.id });
  await kit.model('lineitem').update({ bidType: 'CPC', bidPrice: 45 }, { where: { id: lineitem.id } });
  return { booking, lineitem: await kit.get('lineitem', lineitem.id) };
}

/** The ad server as a browser meets it, with no line item remembered from an earlier request. */
async function serve(path: string): Promise<Response> {
  forgetAllLineItems();
  return fetch(`${kit.server().url}${path}`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' } });
}

/** What one click on the line item's banner is billed, in thousandths of a cent. */
async function clickCost(lineitem: Row): Promise<number> {
  const res = await serve(`/s/${(lineitem.creatives as string[])[0]}/${lineitem.id as string}/1/live`);
  expect(res.status).toBe(302);
  const clickId = new URL(res.headers.get('location')!).searchParams.get('adsuite_click');
  const [click] = await kit.server().core.sequelize.query<{ cost_milli: number }>('SELECT cost_milli FROM events WHERE id = $1', { bind: [clickId], type: QueryTypes.SELECT });
  return Number(click.cost_milli);
}

const review = (type: 'banner' | 'lineitem', id: unknown, status: 'approved' | 'rejected', email = ADMIN) =>
  kit.call(email, '/api/approval/review', { method: 'POST', body: { type, id, reviews: [{ channel: CHANNEL, status, ...(status === 'rejected' ? { reason: 'Bid too high' } : {}) }] } });
const putLineItem = (email: string, id: unknown, body: unknown, headers: Record<string, string> = {}) =>
  kit.call(email, `/api/lineitem/${String(id)}`, { method: 'PUT', body, headers });
const waitingLineItems = async (booking: string) => (await kit.call(ADMIN, `/api/approval?type=lineitem&booking=${booking}`)).body;

async function upload(email: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png(300, 250))]), 'banner.png');
  const res = await fetch(`${kit.server().url}/api/booking/files`, { method: 'POST', headers: { Authorization: `Bearer ${await kit.server().token(email)}` }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('changes of a live booking', () => {
  it('serves a new creative of a live booking only once staff approved it, and then on its channel too', async () => {
    const { booking, lineitem } = await liveBooking(kit.shop.id, 'advertiser@demo.test');
    const [running] = lineitem.creatives as string[];
    const creatives = [...(booking.creatives as Row[]), { name: 'Live new', bannerType: 'image_ad', width: 300, height: 250, file: await upload('advertiser@demo.test'), channels: [CHANNEL] }];
    const edited = await kit.call('advertiser@demo.test', `/api/booking/${booking.id}`, { method: 'PUT', body: { creatives } });
    expect(edited.status).toBe(200);
    await kit.drain();
    expect((await kit.get('booking', booking.id)).status).toBe('active');

    const listed = await kit.call(ADMIN, `/api/approval?type=banner&booking=${booking.id}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ name: 'Live new', reviews: [{ channel: CHANNEL, status: 'not_reviewed' }] })]);
    const fresh = listed.body.items[0].id as string;
    expect((await kit.get('banner', fresh)).campaign).toBe((await kit.get('booking', booking.id)).campaign);
    // Waiting: the line item runs what it ran, the ad server does not serve the new creative, the channel hears nothing.
    expect((await kit.get('lineitem', lineitem.id)).creatives).toEqual([running]);
    expect((await serve(`/banner?id=${fresh}&lineitem=${lineitem.id as string}`)).status).toBe(404);
    expect((await serve(`/banner?id=${running}&lineitem=${lineitem.id as string}`)).status).toBe(200);
    expect(await kit.all('sync-queue', { foreignId: fresh })).toEqual([]);

    expect((await review('banner', fresh, 'approved')).status).toBe(200);
    await kit.drain();
    expect((await kit.get('lineitem', lineitem.id)).creatives).toEqual([running, fresh]);
    expect((await serve(`/banner?id=${fresh}&lineitem=${lineitem.id as string}`)).status).toBe(200);
    expect(await kit.all('sync-queue', { foreignId: fresh })).toEqual([expect.objectContaining({ type: 'banner', action: 'create', status: 'successful' })]);
  });

  it('keeps a creative rejected for the channel off the live line item, with the reason for the advertiser', async () => {
    const { booking, lineitem } = await liveBooking(kit.shop.id, 'advertiser@demo.test');
    const creatives = [...(booking.creatives as Row[]), { name: 'Live refused', bannerType: 'image_ad', width: 300, height: 250, file: await upload('advertiser@demo.test'), channels: [CHANNEL] }];
    expect((await kit.call('advertiser@demo.test', `/api/booking/${booking.id}`, { method: 'PUT', body: { creatives } })).status).toBe(200);
    await kit.drain();
    const [item] = (await kit.call(ADMIN, `/api/approval?type=banner&booking=${booking.id}`)).body.items;
    expect((await review('banner', item.id, 'rejected')).status).toBe(200);
    await kit.drain();
    expect((await kit.get('lineitem', lineitem.id)).creatives).toEqual(lineitem.creatives);
    expect((await serve(`/banner?id=${item.id as string}&lineitem=${lineitem.id as string}`)).status).toBe(404);
    expect((await kit.call('advertiser@demo.test', `/api/banner/${item.id as string}`)).body.reviews[CHANNEL]).toMatchObject({ status: 'rejected', reason: 'Bid too high' });
    expect((await kit.get('booking', booking.id)).status).toBe('active');
  });

  it('bills a new bid of a live line item only once staff approved it', async () => {
    const { booking, lineitem } = await liveBooking(await advertiserNamed('Agency Client One'), AGENCY);
    // 0.45 euro a click plus Platform 161's 50 % fee.
    expect(await clickCost(lineitem)).toBe(67_500);

    const saved = await putLineItem(AGENCY, lineitem.id, { name: 'Renamed at once', bidPrice: 2.5, dailyBudget: 40 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Renamed at once', bidPrice: 0.45, changes: { bidPrice: { old: 45, new: 250 } } });
    expect(await clickCost(lineitem)).toBe(67_500);
    const waiting = await waitingLineItems(booking.id);
    expect(waiting).toMatchObject({ count: 1, items: [{ id: lineitem.id, reviews: [{ channel: CHANNEL, status: 'not_reviewed' }], changes: [{ field: 'bidPrice', old: 0.45, new: 2.5 }] }] });

    // A second change before the review keeps the value the line item had.
    expect((await putLineItem(AGENCY, lineitem.id, { bidPrice: 3, pacing: 'as soon as possible' })).body.changes).toEqual({ bidPrice: { old: 45, new: 300 }, pacing: { old: 'evenly', new: 'as soon as possible' } });
    expect((await review('lineitem', lineitem.id, 'approved')).status).toBe(200);
    await kit.drain();
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ bidPrice: '300', pacing: 'as soon as possible', changes: {} });
    expect(await clickCost(lineitem)).toBe(450_000);
    const told = (await kit.all('sync-queue', { foreignId: lineitem.id })).filter((job) => job.action === 'update');
    expect(told).toEqual([expect.objectContaining({ type: 'lineitem', status: 'successful' })]);
    expect((await waitingLineItems(booking.id)).count).toBe(0);
  });

  it('drops a rejected change: the old values stay, the reason is on the line item', async () => {
    const { booking, lineitem } = await liveBooking(await advertiserNamed('Agency Client One'), AGENCY);
    expect((await putLineItem('coworker@demo.test', lineitem.id, { bidPrice: 9, budget: 5000 })).status).toBe(200);
    expect((await review('lineitem', lineitem.id, 'rejected')).status).toBe(200);
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ bidPrice: '45', changes: {} });
    expect(await clickCost(lineitem)).toBe(67_500);
    const seen = await kit.call(AGENCY, `/api/lineitem/${lineitem.id as string}`);
    expect(seen.body).toMatchObject({ bidPrice: 0.45, changes: {}, reviews: { [CHANNEL]: { status: 'rejected', reason: 'Bid too high' } } });
    // A new change opens the review again.
    expect((await putLineItem(AGENCY, lineitem.id, { bidPrice: 1 })).status).toBe(200);
    expect((await waitingLineItems(booking.id)).items[0].reviews).toEqual([{ channel: CHANNEL, status: 'not_reviewed' }]);
  });

  it('applies at once the changes of auto-approving line items, of staff, and fewer creatives', async () => {
    const { booking, lineitem } = await liveBooking(await advertiserNamed('Agency Client One'), AGENCY, [IMAGE, { ...IMAGE, name: 'Second' }]);
    // The agency may not switch auto-approve on: staff's field.
    expect((await putLineItem(AGENCY, lineitem.id, { autoapprove: true })).status).toBe(400);
    expect((await putLineItem(ADMIN, lineitem.id, { autoapprove: true })).status).toBe(200);
    expect((await putLineItem(AGENCY, lineitem.id, { bidPrice: 1.2 })).body).toMatchObject({ bidPrice: 1.2, changes: {} });
    expect(await clickCost(lineitem)).toBe(180_000);
    expect((await waitingLineItems(booking.id)).count).toBe(0);

    await kit.model('lineitem').update({ autoapprove: false }, { where: { id: lineitem.id } });
    expect((await putLineItem(ADMIN, lineitem.id, { bidPrice: 0.8 })).body).toMatchObject({ bidPrice: 0.8, changes: {} });
    const [first] = lineitem.creatives as string[];
    expect((await putLineItem(AGENCY, lineitem.id, { creatives: [first] })).body).toMatchObject({ creatives: [first], changes: {} });
    expect((await waitingLineItems(booking.id)).count).toBe(0);
  });

  it('holds added creatives of a live line item, lets another advertiser neither see nor decide, and refuses bad input', async () => {
    const client = await advertiserNamed('Agency Client One');
    const { lineitem } = await liveBooking(client, AGENCY);
    const extra = (await kit.model('banner').create({ ...IMAGE, name: 'Agency extra', advertiser: client, channels: [CHANNEL] })).get({ plain: true }) as Row;
    const held = await putLineItem(AGENCY, lineitem.id, { creatives: [...(lineitem.creatives as string[]), extra.id] });
    expect(held.body).toMatchObject({ creatives: lineitem.creatives, changes: { creatives: { old: lineitem.creatives, new: [...(lineitem.creatives as string[]), extra.id] } } });
    expect((await serve(`/banner?id=${extra.id as string}&lineitem=${lineitem.id as string}`)).status).toBe(404);
    const [item] = (await kit.call(ADMIN, `/api/approval?type=lineitem&campaign=${lineitem.campaign as string}`)).body.items;
    expect(item.changes).toEqual([{ field: 'creatives', old: ['Summer 300x250'], new: ['Summer 300x250', 'Agency extra'] }]);

    for (const email of ['other@demo.test', 'advertiser@demo.test']) {
      expect((await kit.call(email, `/api/lineitem/${lineitem.id as string}`)).status, email).toBe(404);
      expect((await putLineItem(email, lineitem.id, { bidPrice: 0.01 })).status, email).toBe(404);
      expect((await kit.call(email, '/api/approval?type=lineitem')).status, email).toBe(403);
      expect((await review('lineitem', lineitem.id, 'approved', email)).status, email).toBe(403);
    }
    expect((await review('lineitem', lineitem.id, 'approved', AGENCY)).status).toBe(403);

    const otherBanner = (await kit.model('banner').create({ ...IMAGE, advertiser: kit.other.id, channels: [CHANNEL] })).get({ plain: true }) as Row;
    const foreign = await putLineItem(AGENCY, lineitem.id, { creatives: [...(lineitem.creatives as string[]), otherBanner.id] });
    expect(foreign).toMatchObject({ status: 400, body: { message: expect.any(String), errors: [{ field: 'creatives', message: 'Creatives was not found.' }] } });
    const bad = await putLineItem(AGENCY, lineitem.id, { bidPrice: 'lots' }, { Language: 'de' });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.any(String), errors: [expect.objectContaining({ field: 'bidPrice' })] } });
    expect((await putLineItem(AGENCY, lineitem.id, { changes: { bidPrice: { old: 45, new: 1 } } })).status).toBe(400);
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ bidPrice: '45', creatives: lineitem.creatives, changes: { creatives: { old: lineitem.creatives, new: [...(lineitem.creatives as string[]), extra.id] } } });

    expect((await review('lineitem', lineitem.id, 'approved')).status).toBe(200);
    expect((await serve(`/banner?id=${extra.id as string}&lineitem=${lineitem.id as string}`)).status).toBe(200);
  });
});

describe('edits of a live booking\'s creatives', () => {
  const APPROVED = { [CHANNEL]: { status: 'approved', date: '2026-11-01T00:00:00.000Z' } };
  const NEW_IMAGE = 'https://shop.demo.test/media/autumn-300x250.png';
  const putBanner = (email: string, id: unknown, body: unknown, headers: Record<string, string> = {}) =>
    kit.call(email, `/api/banner/${String(id)}`, { method: 'PUT', body, headers });
  const waitingBanners = async (booking: string) => (await kit.call(ADMIN, `/api/approval?type=banner&booking=${booking}`)).body;
  const syncJobsOf = async (id: string) => (await kit.all('sync-queue', { foreignId: id })).length;

  /** A live booking whose creative staff approved for its channel. */
  async function liveCreative(advertiser: string, email: string, banner: Row = IMAGE) {
    const live = await liveBooking(advertiser, email, [{ ...banner, channels: [CHANNEL], reviews: APPROVED }]);
    const [creative] = live.lineitem.creatives as string[];
    return { ...live, creative, at: `/banner?id=${creative}&lineitem=${live.lineitem.id as string}` };
  }

  it('holds an advertiser\'s new image of a live creative until staff approve it again, then serves and syncs the new one', async () => {
    const { booking, lineitem, creative, at } = await liveCreative(kit.shop.id, 'advertiser@demo.test');
    expect(await (await serve(at)).text()).toContain(IMAGE.downloadLink);
    const synced = await syncJobsOf(creative);

    const saved = await putBanner('advertiser@demo.test', creative, { downloadLink: NEW_IMAGE, thumbnail: { width: 300, height: 250, downloadLink: NEW_IMAGE } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ downloadLink: NEW_IMAGE, reviews: {} });
    // Waiting: off the line item (held), neither served nor clicked through nor sent to the channel, listed for review.
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ creatives: [], heldCreatives: [creative] });
    expect((await serve(at)).status).toBe(404);
    expect((await serve(`/s/${creative}/${lineitem.id as string}/1/held`)).status).toBe(404);
    await kit.drain();
    expect(await syncJobsOf(creative)).toBe(synced);
    expect(await waitingBanners(booking.id)).toMatchObject({ count: 1, items: [{ id: creative, reviews: [{ channel: CHANNEL, status: 'not_reviewed' }], creative: { downloadLink: NEW_IMAGE } }] });

    expect((await review('banner', creative, 'approved')).status).toBe(200);
    await kit.drain();
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ creatives: [creative], heldCreatives: [] });
    const served = await serve(at);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain(NEW_IMAGE);
    expect(await kit.all('sync-queue', { foreignId: creative, action: 'create' })).toHaveLength(2);
    expect((await waitingBanners(booking.id)).count).toBe(0);
  });

  it('applies at once a new name, content sent back as it is, staff\'s edits and edits a self-approving line item runs; refuses bad input', async () => {
    const { booking, lineitem, creative, at } = await liveCreative(kit.shop.id, 'advertiser@demo.test');
    const stored = await kit.call('advertiser@demo.test', `/api/banner/${creative}`);
    const echoed = { name: 'Renamed creative', thumbnail: { ...(stored.body.thumbnail as Row) }, headlines: [], downloadLink: IMAGE.downloadLink };
    expect((await putBanner('advertiser@demo.test', creative, echoed)).body).toMatchObject({ name: 'Renamed creative', reviews: APPROVED });
    expect((await serve(at)).status).toBe(200);
    expect((await waitingBanners(booking.id)).count).toBe(0);

    expect((await putBanner(ADMIN, creative, { downloadLink: NEW_IMAGE })).body).toMatchObject({ downloadLink: NEW_IMAGE, reviews: APPROVED });
    expect(await (await serve(at)).text()).toContain(NEW_IMAGE);

    const bad = await putBanner('advertiser@demo.test', creative, { downloadLink: 'not a link', width: 'wide' }, { Language: 'en' });
    expect(bad).toMatchObject({ status: 400, body: { message: expect.any(String), errors: expect.arrayContaining([expect.objectContaining({ field: 'width' })]) } });
    expect((await putBanner('advertiser@demo.test', creative, { reviews: {} })).status).toBe(400);
    expect((await putBanner('other@demo.test', creative, { downloadLink: IMAGE.downloadLink })).status).toBe(404);
    expect(await kit.get('banner', creative)).toMatchObject({ downloadLink: NEW_IMAGE, reviews: APPROVED });

    await kit.model('lineitem').update({ autoapprove: true }, { where: { id: lineitem.id } });
    expect((await putBanner('advertiser@demo.test', creative, { downloadLink: IMAGE.downloadLink })).body).toMatchObject({ reviews: APPROVED });
    expect(await (await serve(at)).text()).toContain(IMAGE.downloadLink);
    expect((await waitingBanners(booking.id)).count).toBe(0);
  });

  it('mails the owner one rejection of a live creative\'s new target in the language of the login, however often it is saved', async () => {
    const html = { name: 'Summer HTML', bannerType: 'html_ad', width: 300, height: 250, adCode: '<a href="https://shop.demo.test/summer">Summer</a>' };
    const { lineitem, creative, at } = await liveCreative(kit.shop.id, 'advertiser@demo.test', html);
    expect((await putBanner('advertiser@demo.test', creative, { adCode: '<a href="https://elsewhere.example/win">Win</a>' })).status).toBe(200);
    expect((await serve(at)).status).toBe(404);
    const reject = () => kit.call(ADMIN, '/api/approval/review', { method: 'POST', body: { type: 'banner', id: creative, reviews: [{ channel: CHANNEL, status: 'rejected', reason: 'Irreführendes Linkziel' }] } });
    expect((await reject()).status).toBe(200);
    expect((await reject()).status).toBe(200);
    await kit.drain();
    const mails = (await kit.all('outbox', { template: 'liveChangeRejected', to: 'advertiser@demo.test' })).filter((m) => String(m.text).includes('Summer HTML'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: 'de', subject: expect.stringContaining('wurde abgelehnt') });
    expect(String(mails[0].text)).toContain('Werbemittel „Summer HTML“ wurde für Platform 161 abgelehnt: Irreführendes Linkziel');
    // Rejected: it stays off the line item.
    expect(await kit.get('lineitem', lineitem.id)).toMatchObject({ creatives: [], heldCreatives: [creative] });
    expect((await serve(at)).status).toBe(404);
  });

  it('mails the owner one rejection of a live line item\'s change, in English for an English login', async () => {
    const { lineitem } = await liveBooking(await advertiserNamed('Agency Client One'), AGENCY);
    await kit.model('login').update({ language: 'en' }, { where: { email: AGENCY } });
    try {
      expect((await putLineItem('coworker@demo.test', lineitem.id, { bidPrice: 9 })).status).toBe(200);
      expect((await review('lineitem', lineitem.id, 'rejected')).status).toBe(200);
      expect((await review('lineitem', lineitem.id, 'rejected')).status).toBe(200);
      await kit.drain();
      const mails = (await kit.all('outbox', { template: 'liveChangeRejected', to: AGENCY })).filter((m) => String(m.text).includes(String(lineitem.name)));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ language: 'en', subject: expect.stringContaining('was rejected') });
      expect(String(mails[0].text)).toContain(`The change of line item "${String(lineitem.name)}" (Bid price) was rejected for Platform 161: Bid too high`);
    } finally {
      await kit.model('login').update({ language: 'de' }, { where: { email: AGENCY } });
    }
  });
});
