import { describe, expect, it } from 'vitest';
import { addDays, today } from '@adsuite/config/booking/index';
import { png } from '../creatives/fixtures.ts';
import { usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();
const SEARCH = { name: 'Search', bannerType: 'search_ad', channels: ['googleads'], headlines: ['a', 'b', 'c'], descriptions: ['d', 'e', 'f'], keywords: 'a\nb\nc\nd\ne' };

describe('a booking from the wizard to the channels', () => {
  it('is created, prepared in the background, published and paused through the API', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png(300, 250))]), 'banner.png');
    const token = await kit.server().token('advertiser@demo.test');
    const upload = await fetch(`${kit.server().url}/api/booking/files`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const file = ((await upload.json()) as { id: string }).id;

    const created = await kit.call('advertiser@demo.test', '/api/booking', {
      method: 'POST',
      body: {
        name: 'Wizard to live', goal: 'clicks', dailyBudget: 30, start: today(), end: addDays(today(), 30), channels: ['platform161', 'facebook', 'googleads'],
        pacing: 'evenly', specialCategory: 'none', callToAction: 'BUY_NOW', target: 'https://shop.demo.test/live',
        creatives: [{ name: 'Banner', bannerType: 'image_ad', width: 300, height: 250, file, channels: ['platform161', 'facebook'] }, SEARCH],
      },
    });
    expect(created.status).toBe(201);
    await kit.drain();
    // Staff review the uploaded creatives per channel (creative approval); then the check makes it pending.
    expect((await kit.get('booking', created.body.id)).status).toBe('waiting for approval');
    const waiting = await kit.call('admin@demo.test', `/api/approval?type=banner&booking=${created.body.id}`);
    expect(waiting.body.items).toHaveLength(2);
    for (const item of waiting.body.items as { id: string; reviews: { channel: string }[] }[]) {
      const reviews = item.reviews.map(({ channel }) => ({ channel, status: 'approved' }));
      expect((await kit.call('admin@demo.test', '/api/approval/review', { method: 'POST', body: { type: 'banner', id: item.id, reviews } })).status).toBe(200);
    }
    await kit.drain();
    expect((await kit.get('booking', created.body.id)).status).toBe('pending');

    const { status, body } = await kit.publish(created.body.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ booking: { status: 'active' }, failedChannels: [] });
    const lineitems = await kit.all('lineitem', { booking: created.body.id });
    expect(lineitems.map((l) => [l.channel, l.active, (l.creatives as string[]).length])).toEqual([['platform161', true, 1], ['facebook', true, 1], ['googleads', true, 1]]);

    expect((await kit.call('advertiser@demo.test', `/api/booking/${created.body.id}/pause`, { method: 'POST' })).body.status).toBe('paused');
  });
});
