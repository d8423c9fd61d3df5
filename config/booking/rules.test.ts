import { describe, expect, it } from 'vitest';
import { normalizeDraft, type BookingDraft } from './draft.ts';
import { earliestStartDate, defaultEndDate, addMonths } from './dates.ts';
import { bookingMarker, markerAddress } from './markers.ts';
import { bookingMessages } from './messages.ts';
import { editErrors, recordErrors, validateBooking, validateStep, type BookingRuleContext } from './rules.ts';

const TODAY = '2026-11-22';
const context: BookingRuleContext = { today: TODAY };

/** A draft that passes every rule: three channels, each with a creative. */
export function goodDraft(): BookingDraft {
  return {
    name: 'Winter Sale', goal: 'clicks', dailyBudget: 10, start: '2026-12-01', end: '2026-12-31',
    channels: ['platform161', 'facebook', 'googleads'], pacing: 'evenly', specialCategory: 'none', callToAction: 'BUY_NOW',
    target: 'https://shop.demo.test/sale',
    creatives: [
      { name: 'Banner', bannerType: 'image_ad', width: 300, height: 250, file: 'f1', channels: ['platform161', 'facebook'] },
      {
        name: 'Search', bannerType: 'search_ad', channels: ['googleads'], headlines: ['a', 'b', 'c'], descriptions: ['d', 'e', 'f'],
        keywords: 'shoes\nboots\nsale\nwinter\nwarm',
      },
    ],
  };
}

const messagesOf = (draft: BookingDraft, ctx: BookingRuleContext = context) => validateBooking(draft, ctx).map((e) => e.message);
const fieldsOf = (draft: BookingDraft, ctx: BookingRuleContext = context) => validateBooking(draft, ctx).map((e) => e.field);

describe('booking rules', () => {
  it('accept a complete draft', () => {
    expect(validateBooking(goodDraft(), context)).toEqual([]);
  });

  it('require a campaign name', () => {
    expect(messagesOf({ ...goodDraft(), name: '  ' })).toEqual(['Please enter a campaign name.']);
  });

  it('require at least one channel, known and offered', () => {
    expect(messagesOf({ ...goodDraft(), channels: [], creatives: [] })).toEqual(['Please choose at least one channel.']);
    expect(messagesOf({ ...goodDraft(), channels: ['nope'], creatives: [] })).toContain('The channel nope does not exist.');
    expect(messagesOf({ ...goodDraft(), channels: ['tiktok'], creatives: [] })).toContain('The channel TikTok is not offered any more.');
    // A booking that already has an inactive channel keeps it.
    expect(validateStep(1, { ...goodDraft(), channels: ['tiktok'], dailyBudget: 25 }, { ...context, before: { channels: ['tiktok'] } })).toEqual([]);
  });

  it('need two channels to split the budget, and sane weights', () => {
    expect(messagesOf({ ...goodDraft(), channels: ['platform161'], creatives: [goodDraft().creatives![0]], splitBudget: true }))
      .toContain('Please choose at least two channels to split the budget.');
    expect(messagesOf({ ...goodDraft(), splitBudget: true, allocation: [{ channel: 'platform161', weight: -1 }] }))
      .toContain('The allocation weights must be numbers of at least 0, one of them above 0.');
  });

  it('check the enums of goal, pacing, special category and call-to-action', () => {
    expect(fieldsOf({ ...goodDraft(), goal: 'fame', pacing: 'slow', specialCategory: 'x', callToAction: 'CLICK' }))
      .toEqual(['goal', 'pacing', 'specialCategory', 'callToAction']);
    expect(messagesOf({ ...goodDraft(), specialCategory: 'x' })).toEqual(['Please choose a special category: none, credit, employment, housing, election.']);
  });

  it('require a budget and keep a daily budget within the template range', () => {
    expect(messagesOf({ ...goodDraft(), dailyBudget: null })).toEqual(['Please enter a budget or a daily budget.']);
    const template = { minDailyBudget: 5, maxDailyBudget: 200 };
    expect(messagesOf({ ...goodDraft(), dailyBudget: 300 }, { ...context, template })).toEqual(['The daily budget must be at most 200.00 EUR (booking template).']);
    expect(messagesOf({ ...goodDraft(), channels: ['platform161'], creatives: [goodDraft().creatives![0]], dailyBudget: 4 }, { ...context, template }))
      .toEqual(['The daily budget must be at least 5.00 EUR (booking template).']);
    expect(messagesOf({ ...goodDraft(), continously: true, end: null, dailyBudget: null, budget: 100 })).toEqual(['A booking that never ends needs a daily budget.']);
  });

  it('refuse budgets above their maximum, before the channel minimums', () => {
    expect(validateStep(1, { ...goodDraft(), dailyBudget: 99_999_999_999 }, context).map((e) => [e.field, e.message]))
      .toEqual([['dailyBudget', 'The daily budget may be at most 100000.00 EUR.']]);
    expect(validateStep(1, { ...goodDraft(), dailyBudget: null, budget: 99_999_999_999 }, context).map((e) => [e.field, e.message]))
      .toEqual([['budget', 'The budget may be at most 10000000.00 EUR.']]);
    expect(validateStep(1, { ...goodDraft(), dailyBudget: 100_000 }, context)).toEqual([]);
    // Also when the dates or channels keep the budget rules from running.
    expect(fieldsOf({ ...goodDraft(), start: null, dailyBudget: 1e12 })).toEqual(['start', 'dailyBudget']);
  });

  it('require the budget to cover every channel minimum', () => {
    expect(messagesOf({ ...goodDraft(), dailyBudget: 3 })).toEqual(['The daily budget for Facebook (1.00 EUR) is below its minimum of 2.00 EUR per day.']);
    expect(messagesOf({ ...goodDraft(), dailyBudget: null, budget: 90 }))
      .toEqual(['The budget for Facebook (30.00 EUR) does not cover its minimum of 2.00 EUR per day for 30 days (60.00 EUR).']);
    expect(messagesOf({ ...goodDraft(), channels: ['outbrain'], creatives: [{ name: 'N', bannerType: 'image_ad', file: 'f', channels: ['outbrain'] }], dailyBudget: 29 }))
      .toEqual(['The daily budget for Outbrain (29.00 EUR) is below its minimum of 30.00 EUR per day.']);
  });

  it('check the dates: start required and not too early, end after start', () => {
    expect(messagesOf({ ...goodDraft(), start: null })).toEqual(['Please enter a start date.']);
    expect(messagesOf({ ...goodDraft(), start: '2026-05-20' })).toEqual(['The start date must not be before 2026-05-21.']);
    expect(messagesOf({ ...goodDraft(), end: '2026-12-01' })).toEqual(['The end date must be after the start date.']);
    expect(messagesOf({ ...goodDraft(), start: 'soon' })).toEqual(['Please enter a valid date (YYYY-MM-DD).']);
    expect(messagesOf({ ...goodDraft(), end: '2027-02-30' })).toEqual(['Please enter a valid date (YYYY-MM-DD).']);
    expect(earliestStartDate('2026-08-31')).toBe('2026-02-27');
    expect(addMonths('2026-11-22', -6)).toBe('2026-05-22');
    expect(defaultEndDate('2026-12-01')).toBe('2026-12-31');
  });

  it('require target and display URLs to start with http:// or https://', () => {
    expect(messagesOf({ ...goodDraft(), target: 'shop.demo.test' })).toEqual(['The target URL must start with http:// or https://.']);
    expect(messagesOf({ ...goodDraft(), target: '' })).toEqual(['Please enter a target URL.']);
    expect(messagesOf({ ...goodDraft(), displayUrl: 'ftp://x.test' })).toEqual(['The display URL must start with http:// or https://.']);
  });

  it('read domains one per line, at most the channel maximum', () => {
    expect(validateStep(2, { ...goodDraft(), domains: 'spiegel.de\nhttps://www.zeit.de/politik\n' })).toEqual([]);
    expect(messagesOf({ ...goodDraft(), domains: 'spiegel.de\nnot a domain' })).toEqual(['Line 2 is not a domain: not a domain.']);
    expect(messagesOf({ ...goodDraft(), domains: ' \n ' })).toEqual(['Please enter at least one domain (one per line).']);
    const many = Array.from({ length: 2001 }, (_, i) => `site${i}.test`).join('\n');
    expect(messagesOf({ ...goodDraft(), domains: many })).toEqual(['Platform 161 takes at most 2000 domains (2001 given).']);
  });

  it('allow blacklist keywords of letters, numbers and spaces up to 80 characters, umlauts converted', () => {
    expect(validateStep(2, { ...goodDraft(), blacklist: 'Bärenmarke\nGroße Straße 12' })).toEqual([]);
    expect(messagesOf({ ...goodDraft(), blacklist: 'ok\nno-way' })).toEqual(['Blacklist keywords may contain only letters, numbers and spaces, one per line (line 2).']);
    expect(messagesOf({ ...goodDraft(), blacklist: 'x'.repeat(81) })).toEqual(['A blacklist keyword may have at most 80 characters (line 1).']);
    // 79 letters and one ß become 81 characters.
    expect(messagesOf({ ...goodDraft(), blacklist: `${'x'.repeat(79)}ß` })).toEqual(['A blacklist keyword may have at most 80 characters (line 1).']);
    expect(normalizeDraft({ blacklist: 'Bärenmarke\n\n  Öl  ', start: '2026-12-01' }).blacklist).toBe('Baerenmarke\nOel');
  });

  it('require a location for channels that need one', () => {
    const ooh = { ...goodDraft(), channels: ['uzeads'], creatives: [{ name: 'Screen', bannerType: 'image_ad', width: 1920, height: 1080, file: 'f', channels: ['uzeads'] }] };
    expect(messagesOf(ooh)).toEqual(['Please add at least 1 location for UZE Ads.']);
    expect(validateBooking({ ...ooh, markers: [{ properties: { name: 'Berlin' } }] }, context)).toEqual([]);
  });

  it('take locations in SPEC\'s shape, and the flat places of the earlier wizard once normalized', () => {
    const berlin = bookingMarker({ name: 'Berlin', lat: 52.52, lng: 13.405, radius: 10 });
    expect(berlin).toEqual({
      type: 'Feature', geometry: { type: 'Point', coordinates: [13.405, 52.52] },
      properties: { name: 'Berlin', radius: 10, currentPlace: { formatted_address: 'Berlin' } },
    });
    expect(validateStep(2, { ...goodDraft(), markers: [berlin] })).toEqual([]);
    const flat = { name: 'Hamburg', lat: 53.55, lng: 9.99, radius: 25 };
    expect(normalizeDraft({ ...goodDraft(), markers: [flat, berlin] }).markers).toEqual([bookingMarker(flat), berlin]);
    expect(markerAddress(flat)).toBe('Hamburg');
    expect(markerAddress({ properties: { name: 'Berlin', currentPlace: { formatted_address: 'Berlin, Germany' } } })).toBe('Berlin, Germany');
    for (const broken of [[{}], ['Berlin'], [bookingMarker({ name: ' ' })], [bookingMarker({ name: 'Far', lat: 91, lng: 0 })], [bookingMarker({ name: 'Wide', radius: 501 })], 'Berlin']) {
      expect(validateStep(2, { ...goodDraft(), markers: broken as never }).map((e) => e.key), JSON.stringify(broken)).toEqual(['markers_invalid']);
    }
  });

  it('check country codes', () => {
    expect(messagesOf({ ...goodDraft(), countries: ['DE', 'Germany'] })).toEqual(['Countries must be two-letter country codes.']);
  });

  it('need a creative for each chosen channel', () => {
    expect(messagesOf({ ...goodDraft(), creatives: [goodDraft().creatives![1]] })).toEqual(['Please add a creative for Platform 161.', 'Please add a creative for Facebook.']);
  });

  it('need 3 headlines, 3 descriptions and 5 keywords for search ads', () => {
    const search = { name: 'S', bannerType: 'search_ad', channels: ['googleads'], headlines: ['a', 'b'], descriptions: ['d'], keywords: ['a', 'b'] };
    expect(messagesOf({ ...goodDraft(), creatives: [goodDraft().creatives![0], search] })).toEqual([
      'A search ad needs at least 3 headlines.', 'A search ad needs at least 3 descriptions.', 'A search ad needs at least 5 keywords.',
    ]);
  });

  it('need width, height and code for ad codes', () => {
    const tag = { name: 'Tag', bannerType: 'html_ad', channels: ['platform161'] };
    expect(fieldsOf({ ...goodDraft(), creatives: [...goodDraft().creatives!, tag] })).toEqual(['creatives.2.width', 'creatives.2.height', 'creatives.2.adCode']);
  });

  it('take an uploaded HTML5 page as the code of an html ad', () => {
    const upload = { name: 'HTML5', bannerType: 'html_ad', channels: ['platform161'], width: 300, height: 250, file: 'upload-1' };
    expect(fieldsOf({ ...goodDraft(), creatives: [...goodDraft().creatives!, upload] })).toEqual([]);
  });

  it('check per-channel creative requirements: types, sizes, out-of-home ratios, social video length', () => {
    const draft = goodDraft();
    expect(messagesOf({ ...draft, creatives: [{ ...draft.creatives![0], bannerType: 'html_ad', adCode: '<b>', channels: ['facebook'] }, draft.creatives![1], draft.creatives![0]] }))
      .toEqual(['Facebook does not accept html_ad creatives.']);
    expect(messagesOf({ ...draft, creatives: [{ ...draft.creatives![0], width: 301 }, draft.creatives![1]] })).toEqual(['Platform 161 does not accept the size 301x250.']);
    const ooh = { ...draft, channels: ['uzeads'], markers: [bookingMarker({ name: 'Berlin' })], creatives: [{ name: 'Screen', bannerType: 'image_ad', width: 1000, height: 1000, file: 'f', channels: ['uzeads'] }] };
    expect(messagesOf(ooh)).toEqual(['UZE Ads needs the aspect ratio 16:9 / 9:16.']);
    const social = { ...draft, channels: ['facebook'], creatives: [{ name: 'Clip', bannerType: 'video_ad', file: 'v', duration: 20, channels: ['facebook'] }] };
    expect(messagesOf(social)).toEqual(['Facebook needs a video of 9 to 15 seconds.']);
  });

  it('take the creative service instead of creatives, with slogan and product name', () => {
    const draft = { ...goodDraft(), channels: ['platform161', 'facebook'], creatives: [], creativeService: { logo: 'l', productImage: 'p', slogan: '', productName: '' } };
    expect(messagesOf(draft)).toEqual(['Please enter a slogan.', 'Please enter a product name.']);
    expect(validateBooking({ ...draft, creativeService: { logo: 'l', productImage: 'p', slogan: 'Warm', productName: 'Boots' } }, context)).toEqual([]);
  });

  it('check only the steps asked for', () => {
    const draft = { ...goodDraft(), target: 'nope', creatives: [] };
    expect(validateBooking(draft, { ...context, step: 1 })).toEqual([]);
    expect(validateBooking(draft, { ...context, step: 2 }).map((e) => e.field)).toEqual(['target']);
    expect(validateBooking(draft, { ...context, step: 3 }).map((e) => e.field)).toEqual(['target', 'creatives', 'creatives', 'creatives']);
  });

  it('refuse edits of finished, interrupted and canceled bookings, and a new start once running', () => {
    expect(editErrors(goodDraft(), { status: 'finished' }, TODAY).map((e) => e.message)).toEqual(['This booking is finished and cannot be edited any more.']);
    expect(editErrors(goodDraft(), { status: 'active', start: '2026-11-01' }, TODAY).map((e) => e.message)).toEqual(['The start date cannot change once the booking is running.']);
    expect(editErrors({ ...goodDraft(), start: '2026-11-01' }, { status: 'active', start: '2026-11-01' }, TODAY)).toEqual([]);
    expect(editErrors(goodDraft(), { status: 'pending', start: '2026-11-01' }, TODAY)).toEqual([]);
  });

  it('let a client edit a booking but not its channels', () => {
    const before = { status: 'pending', channels: ['googleads', 'facebook', 'platform161'] };
    expect(editErrors(goodDraft(), before, TODAY, true)).toEqual([]);
    expect(editErrors({ ...goodDraft(), channels: ['facebook'] }, before, TODAY, true).map((e) => e.message)).toEqual(['Your account may not change the channels of a booking.']);
    expect(editErrors({ ...goodDraft(), channels: ['facebook'] }, before, TODAY, false)).toEqual([]);
  });

  it('keep the stored record consistent whatever writes it', () => {
    expect(recordErrors({ start: '2026-12-01', end: '2026-11-01', channels: ['facebook'], splitBudget: true }).map((e) => e.key)).toEqual(['split_needs_two_channels', 'end_before_start']);
  });

  it('never throw on nonsense', () => {
    for (const body of [null, 7, 'x', [], { channels: 'x', creatives: 'y', markers: 3, allocation: {}, start: 5 }, { creatives: [null, 3, { channels: 'a' }] }]) {
      expect(() => validateBooking(body as never, context)).not.toThrow();
    }
  });

  it('have every message in German and English', () => {
    expect(Object.keys(bookingMessages.de).sort()).toEqual(Object.keys(bookingMessages.en).sort());
    const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort().join();
    for (const key of Object.keys(bookingMessages.en) as (keyof typeof bookingMessages.en)[]) {
      expect(placeholders(bookingMessages.de[key]), key).toBe(placeholders(bookingMessages.en[key]));
    }
  });
});
