/**
 * Issue 10, defect 2: the places a booking is made with reach its detail and the CSV Location column: new
 * bookings store SPEC's marker shape whatever shape the places came in (migration 0007-booking-markers
 * converts the flat places earlier bookings were stored with; its test is beside it).
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addDays, bookingMarker, today, type BookingDraft } from '@adsuite/config/booking/index';
import { useCreativeServer } from './creatives/testkit.ts';

const kit = useCreativeServer({ jobs: false });
const ADVERTISER = 'advertiser@demo.test';
const DAY = today();

const draft = (markers: unknown[]): BookingDraft => ({
  name: `Orte ${Math.random().toString(36).slice(2, 8)}`, goal: 'clicks', dailyBudget: 12, start: addDays(DAY, 1), end: addDays(DAY, 31),
  channels: ['platform161'], pacing: 'evenly', specialCategory: 'none', callToAction: 'NONE', target: 'https://shop.demo.test/',
  markers, creatives: [{ name: 'Banner', bannerType: 'image_ad', width: 300, height: 250, file: 'f1', channels: ['platform161'] }],
});

const locationOf = async (name: string) => {
  const { body } = await kit.call(ADVERTISER, `/api/bookings.csv?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
  const [header, ...rows] = parse(body as string, { bom: true }) as string[][];
  return rows.find((row) => row[0] === name)?.[header.indexOf('Location')];
};

describe('booking locations', () => {
  it('stores the places of a new booking in SPEC\'s shape and exports them in the Location column', async () => {
    const hamburg = bookingMarker({ name: 'Hamburg', lat: 53.55, lng: 9.99, radius: 25 });
    const created = await kit.call(ADVERTISER, '/api/booking', { method: 'POST', body: draft([hamburg]) });
    expect(created.status).toBe(201);
    expect(created.body.markers).toEqual([hamburg]);
    expect((await kit.call(ADVERTISER, `/api/booking/${created.body.id}`)).body.markers[0].properties.currentPlace.formatted_address).toBe('Hamburg');
    expect(await locationOf(created.body.name)).toBe('Hamburg');
  });

  it('takes the flat places the earlier wizard sent and stores them in SPEC\'s shape', async () => {
    const created = await kit.call(ADVERTISER, '/api/booking', { method: 'POST', body: draft([{ name: 'München', lat: 48.137, lng: 11.575, radius: 10 }]) });
    expect(created.status).toBe(201);
    expect(created.body.markers).toEqual([bookingMarker({ name: 'München', lat: 48.137, lng: 11.575, radius: 10 })]);
    expect(await locationOf(created.body.name)).toBe('München');
  });

  it('refuses places without a name or off the globe', async () => {
    for (const markers of [[{}], [{ name: 'Nowhere', lat: 120, lng: 0, radius: 5 }], ['Berlin']]) {
      const refused = await kit.call(ADVERTISER, '/api/booking', { method: 'POST', body: draft(markers) });
      expect(refused.status, JSON.stringify(markers)).toBe(400);
      expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'markers', key: 'markers_invalid' }));
    }
  });
});
