import { describe, expect, it } from 'vitest';
import {
  allocationOf, badgeGroup, csvFilename, editPath, explanationOf, hasContainerCode, isEditable, lifecycleActions, nextRefresh, publishNotice, REFRESH_MS,
  targetHost, templateCsvName, type BookingRow,
} from './bookingRules.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
const booking = (fields: Partial<BookingRow>): BookingRow => ({ id: 'b1', start: '2026-06-01', end: '2026-07-01', ...fields });

describe('edit link', () => {
  it('opens a booking with a daily budget in the update route', () => {
    expect(editPath(booking({ id: 'abc', dailyBudget: 50 }))).toBe('/booking/update/abc');
  });

  it('opens a booking without a daily budget at the booking edit route of the declaration', () => {
    expect(editPath(booking({ id: 'a/b', budget: 500, dailyBudget: null }))).toBe('/booking/update/a%2Fb');
  });

  it('offers no editing for finished, interrupted, canceled or ended bookings', () => {
    for (const status of ['finished', 'interrupted', 'canceling', 'canceled']) expect(isEditable(booking({ status }), NOW)).toBe(false);
    expect(isEditable(booking({ status: 'active', end: '2026-06-10' }), NOW)).toBe(false);
    expect(isEditable(booking({ status: 'active', end: '2026-06-10', continously: true }), NOW)).toBe(true);
    expect(isEditable(booking({ status: 'pending' }), NOW)).toBe(true);
  });

  it('gives canceled bookings no container code', () => {
    expect(hasContainerCode(booking({ status: 'canceled' }))).toBe(false);
    expect(hasContainerCode(booking({ status: 'cancelling' }))).toBe(false);
    expect(hasContainerCode(booking({ status: 'active' }))).toBe(true);
  });
});

describe('status badge grouping', () => {
  const group = (fields: Partial<BookingRow>) => badgeGroup(booking(fields), NOW);

  it('groups generating creatives, waiting for approval and pending as pending', () => {
    expect(['generating creatives', 'waiting for approval', 'pending'].map((status) => group({ status }))).toEqual(['pending', 'pending', 'pending']);
  });

  it('reads interrupted and past-the-end bookings as finished', () => {
    expect(group({ status: 'interrupted' })).toBe('finished');
    expect(group({ status: 'active', end: '2026-06-14' })).toBe('finished');
    expect(group({ status: 'active', end: '2026-06-15' })).toBe('active');
  });

  it('reads published bookings starting tomorrow or later as upcoming, else active', () => {
    expect(group({ status: 'published', start: '2026-06-16' })).toBe('upcoming');
    expect(group({ status: 'published', start: '2026-06-15' })).toBe('active');
  });

  it('keeps paused, rejected, canceled and publishing apart', () => {
    expect(group({ status: 'paused' })).toBe('paused');
    expect(group({ status: 'rejected' })).toBe('rejected');
    expect(group({ status: 'canceling' })).toBe('canceled');
    expect(group({ status: 'publishing' })).toBe('publishing');
  });
});

describe('lifecycle actions', () => {
  it('publishes a pending booking', () => {
    expect(lifecycleActions(booking({ status: 'pending' }), NOW)).toContain('publish');
  });

  it('pauses an active campaign and resumes a paused one; both extend, change channels and cancel', () => {
    expect(lifecycleActions(booking({ status: 'active' }), NOW)).toEqual(['pause', 'extend', 'channels', 'cancel']);
    expect(lifecycleActions(booking({ status: 'paused' }), NOW)).toEqual(['resume', 'extend', 'channels', 'cancel']);
  });

  it('offers nothing on finished, canceled, ended or deleted bookings', () => {
    expect(lifecycleActions(booking({ status: 'finished' }), NOW)).toEqual([]);
    expect(lifecycleActions(booking({ status: 'canceled' }), NOW)).toEqual([]);
    expect(lifecycleActions(booking({ status: 'active', end: '2026-06-01' }), NOW)).toEqual([]);
    expect(lifecycleActions(booking({ status: 'pending', archivedAt: '2026-06-02' }), NOW)).toEqual([]);
  });
});

describe('refresh rule', () => {
  it('refreshes every 5 seconds while a booking generates creatives, waits for approval or is publishing', () => {
    for (const status of ['generating creatives', 'waiting for approval', 'publishing']) {
      expect(nextRefresh([{ status: 'active' }, { status }], false)).toBe(REFRESH_MS);
    }
    expect(REFRESH_MS).toBe(5000);
  });

  it('stops when nothing is in preparation, when there is no data, and for good after a failed refresh', () => {
    expect(nextRefresh([{ status: 'active' }, { status: 'pending' }], false)).toBe(false);
    expect(nextRefresh(undefined, false)).toBe(false);
    expect(nextRefresh([{ status: 'publishing' }], true)).toBe(false);
  });
});

describe('detail values', () => {
  it('shows the target URL host, or nothing for an invalid address', () => {
    expect(targetHost('https://shop.demo.test/landing?x=1')).toBe('shop.demo.test');
    expect(targetHost('shop.demo.test')).toBeNull();
    expect(targetHost('javascript:alert(1)')).toBeNull();
    expect(targetHost(undefined)).toBeNull();
  });

  it('splits equally over the channels when the booking names no allocation', () => {
    expect(allocationOf({ channels: ['facebook', 'outbrain'] })).toEqual([{ channel: 'facebook', weight: 1 }, { channel: 'outbrain', weight: 1 }]);
    expect(allocationOf({ channels: ['facebook'], allocation: [{ channel: 'facebook', weight: 3 }, { channel: 'x', weight: 0 }] }))
      .toEqual([{ channel: 'facebook', weight: 3 }]);
  });
});

describe('CSV file names', () => {
  it('takes the server\'s file name, else the given one', () => {
    expect(csvFilename('attachment; filename="bookings.csv"', 'x.csv')).toBe('bookings.csv');
    expect(csvFilename("attachment; filename*=UTF-8''B%C3%BCchungen.csv", 'x.csv')).toBe('Büchungen.csv');
    expect(csvFilename(null, 'bookings.csv')).toBe('bookings.csv');
    expect(csvFilename('attachment; filename="../evil.sh"', 'bookings.csv')).toBe('bookings.csv');
  });

  it('names a template\'s bookings after the template', () => {
    expect(templateCsvName('Demo Shop Standard')).toBe('bookings-demo-shop-standard.csv');
    expect(templateCsvName('Größe & Co.')).toBe('bookings-grosse-co.csv');
    expect(templateCsvName('')).toBe('bookings.csv');
  });
});

describe('the notice after publishing', () => {
  it('names the channels that failed, by their names', () => {
    expect(publishNotice({ booking: { status: 'active' }, failedChannels: ['outbrain', 'googleads', 'outbrain'] })).toEqual({
      message: 'app.bookings.notify.published_with_errors', type: 'warning', messageArgs: { channels: 'Outbrain, Google Ads' },
    });
    expect(publishNotice({ booking: { status: 'active' }, failedChannels: ['newnet'] }).messageArgs).toEqual({ channels: 'newnet' });
  });

  it('says published when every channel took it, and still publishing past the server\'s wait', () => {
    expect(publishNotice({ booking: { status: 'active' }, failedChannels: [] })).toEqual({ message: 'app.bookings.notify.published', type: 'success' });
    expect(publishNotice({ booking: { status: 'publishing' }, failedChannels: ['outbrain'] }).message).toBe('app.bookings.notify.still_publishing');
    expect(publishNotice(null).type).toBe('success');
  });
});

describe('status explanation', () => {
  it('tells a booking waiting for approval or generating creatives who acts next, not that it is ready', () => {
    expect(explanationOf(booking({ status: 'waiting for approval' }), NOW)).toBe('waiting_for_approval');
    expect(explanationOf(booking({ status: 'generating creatives' }), NOW)).toBe('generating_creatives');
    expect(explanationOf(booking({ status: 'pending' }), NOW)).toBe('pending');
    expect(explanationOf(booking({ status: 'paused' }), NOW)).toBe('paused');
  });
});
