import { describe, expect, it } from 'vitest';
import { bookingMarker } from '@adsuite/config/booking/index';
import { completeDraft, draftFromBooking, editState, emptyDraft, requestBody } from './draft.ts';
import { markerLabel, markerOf } from './Locations.tsx';

describe('booking draft', () => {
  it('starts with a daily budget of 5 EUR and an end 30 days ahead', () => {
    const draft = emptyDraft('2026-11-22');
    expect(draft).toMatchObject({ dailyBudget: 5, budget: null, start: '2026-11-22', end: '2026-12-22', goal: 'clicks', continously: false });
  });

  it('sends the contract\'s fields only: no preview addresses, no empty lines, no end when it never ends', () => {
    const body = requestBody({
      ...emptyDraft('2026-11-22'),
      continously: true,
      creatives: [{ key: 'c1', bannerType: 'search_ad', name: 'Ad', url: 'blob:x', headlines: ['One', ' ', 'Two', ''], channels: ['googleads'] }],
    });
    expect(body.end).toBeNull();
    expect(body.creatives).toEqual([{ bannerType: 'search_ad', name: 'Ad', headlines: ['One', 'Two'], channels: ['googleads'] }]);
    expect(requestBody({ ...emptyDraft(), creativeService: { logo: 'f1', productImage: 'f2', slogan: 'S', productName: 'P', logoUrl: '/x' } }))
      .toMatchObject({ creativeService: { logo: 'f1', productImage: 'f2', slogan: 'S', productName: 'P' }, creatives: [] });
  });

  it('reads a stored booking back into a draft', () => {
    const draft = draftFromBooking({
      id: 'b1', status: 'pending', name: 'Sale', budget: '120.00', dailyBudget: null, start: '2026-12-01T00:00:00.000Z', end: '2026-12-31',
      channels: ['dv360', 'ssp1'], allocation: [], domains: ['a.com', 'b.com'], pacing: null, callToAction: null, creatives: [{ bannerType: 'image_ad', name: 'x', file: 'f', channels: ['dv360'] }],
    });
    expect(draft).toMatchObject({ name: 'Sale', budget: 120, dailyBudget: null, start: '2026-12-01', end: '2026-12-31', domains: 'a.com\nb.com' });
    expect(draft).toMatchObject({ pacing: 'evenly', callToAction: 'NONE' });
    expect(draft.allocation).toEqual([{ channel: 'dv360', weight: 50 }, { channel: 'ssp1', weight: 50 }]);
    expect(draft.creatives[0].key).toBeTruthy();
    expect('status' in draft).toBe(false);
  });

  it('keeps places in the booking\'s stored shape, also those a draft of the earlier wizard kept flat', () => {
    const berlin = bookingMarker({ name: 'Berlin', lat: 52.52, lng: 13.405, radius: 10 });
    expect(completeDraft({ markers: [{ name: 'Berlin', lat: 52.52, lng: 13.405, radius: 10 }] }).markers).toEqual([berlin]);
    expect(draftFromBooking({ markers: [berlin] }).markers).toEqual([berlin]);
    expect(requestBody({ ...emptyDraft(), markers: [berlin] }).markers).toEqual([berlin]);
    expect(markerOf({ name: ' Berlin ', lat: '52.52', lng: '13.405', radius: '10' })).toEqual(berlin);
    expect(markerOf({ name: 'Berlin', lat: '52.52', lng: '13.405', radius: '600' })).toBeNull();
    expect(markerLabel(berlin)).toBe('Berlin · 10 km (52.520, 13.405)');
    expect(markerLabel({ properties: { name: 'Berlin', currentPlace: { formatted_address: 'Berlin, Germany' } } })).toBe('Berlin, Germany');
  });

  it('refuses changes to completed, interrupted and canceled bookings and keeps the start of a running one', () => {
    const today = '2026-11-22';
    for (const status of ['finished', 'interrupted', 'canceled']) expect(editState({ status, start: '2026-10-01' }, today).locked).toBe(true);
    expect(editState({ status: 'active', start: '2026-11-10' }, today)).toEqual({ locked: false, startLocked: true });
    expect(editState({ status: 'published', start: '2026-12-01' }, today)).toEqual({ locked: false, startLocked: false });
    expect(editState({ status: 'pending', start: '2026-11-01' }, today)).toEqual({ locked: false, startLocked: false });
  });
});
