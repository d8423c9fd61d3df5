import { describe, expect, it } from 'vitest';
import { addDays, addMonths, today, type BookingDraft } from '@adsuite/config/booking/index';
import { hashPassword } from '@adsuite/backend/kit';
import { useCreativeServer } from './creatives/testkit.ts';

const kit = useCreativeServer();
const ADVERTISER = 'advertiser@demo.test';
const DAY = today();

/** A draft every rule accepts: three channels, each with a creative. */
function draft(patch: Partial<BookingDraft> = {}): BookingDraft {
  return {
    name: 'Winter Sale', goal: 'clicks', dailyBudget: 12, start: addDays(DAY, 1), end: addDays(DAY, 31),
    channels: ['platform161', 'facebook', 'googleads'], pacing: 'evenly', specialCategory: 'none', callToAction: 'BUY_NOW',
    target: 'https://shop.demo.test/winter',
    creatives: [
      { name: 'Banner', bannerType: 'image_ad', width: 300, height: 250, file: 'f1', channels: ['platform161', 'facebook'] },
      { name: 'Search', bannerType: 'search_ad', channels: ['googleads'], headlines: ['a', 'b', 'c'], descriptions: ['d', 'e', 'f'], keywords: 'a\nb\nc\nd\ne' },
    ],
    ...patch,
  };
}

const search = (patch: object) => ({ ...draft().creatives![1], ...patch });
const bookingCount = async () => kit.core().model('booking').count();
const post = (body: unknown, email = ADVERTISER) => kit.call(email, '/api/booking', { method: 'POST', body });

/** Every rule of SPEC section 5 "Bookings and creatives", as a crafted request: [rule, draft, field, message]. */
const RULES: [string, BookingDraft, string, string][] = [
  ['campaign name required', draft({ name: '' }), 'name', 'Please enter a campaign name.'],
  ['at least one channel', draft({ channels: [], creatives: [] }), 'channels', 'Please choose at least one channel.'],
  ['a known channel', draft({ channels: ['myspace'], creatives: [] }), 'channels', 'The channel myspace does not exist.'],
  ['no inactive channel for a new booking', draft({ channels: ['youtube'], creatives: [] }), 'channels', 'The channel YouTube is not offered any more.'],
  ['at least two channels to split the budget', draft({ channels: ['platform161'], splitBudget: true, creatives: [draft().creatives![0]] }), 'splitBudget', 'Please choose at least two channels to split the budget.'],
  ['allocation weights', draft({ splitBudget: true, allocation: [{ channel: 'facebook', weight: 'much' as never }] }), 'allocation', 'The allocation weights must be numbers of at least 0, one of them above 0.'],
  ['goal enum', draft({ goal: 'likes' }), 'goal', 'Please choose a goal: orders, clicks, impressions.'],
  ['pacing enum', draft({ pacing: 'fast' }), 'pacing', 'Please choose a pacing: no adjustment, reach hourly goal, evenly, as soon as possible.'],
  ['special category enum', draft({ specialCategory: 'gambling' }), 'specialCategory', 'Please choose a special category: none, credit, employment, housing, election.'],
  ['call-to-action enum', draft({ callToAction: 'CLICK_HERE' }), 'callToAction', 'Please choose a call-to-action: NONE, APPLY_NOW, BOOK_NOW, CONTACT_US, DOWNLOAD, LEARN_MORE, GET_QUOTE, BUY_NOW, WATCH_MORE, LISTEN_NOW, SUBSCRIBE, REGISTER, ORDER_NOW.'],
  ['a budget', draft({ dailyBudget: null }), 'budget', 'Please enter a budget or a daily budget.'],
  ['budget covers every channel minimum (daily)', draft({ dailyBudget: 3 }), 'dailyBudget', 'The daily budget for Facebook (1,00\u00a0€) is below its minimum of 2,00\u00a0€ per day.'],
  ['daily budget at most 100,000 EUR', draft({ dailyBudget: 99_999_999_999 }), 'dailyBudget', 'The daily budget may be at most 100.000,00\u00a0€.'],
  ['budget at most 10,000,000 EUR', draft({ dailyBudget: null, budget: 99_999_999_999 }), 'budget', 'The budget may be at most 10.000.000,00\u00a0€.'],
  ['locations with a name, on the globe', draft({ markers: [{ name: 'Nowhere', lat: 91, lng: 0, radius: 5 }] }), 'markers', 'Every location needs a name, coordinates on the globe and a radius of at most 500 km.'],
  ['budget covers every channel minimum (total)', draft({ dailyBudget: null, budget: 90 }), 'budget', 'The budget for Facebook (30,00\u00a0€) does not cover its minimum of 2,00\u00a0€ per day for 30 days (60,00\u00a0€).'],
  ['start date required', draft({ start: null }), 'start', 'Please enter a start date.'],
  ['start not before the earliest date', draft({ start: addDays(addMonths(DAY, -6), -2) }), 'start', `The start date must not be before ${addDays(addMonths(DAY, -6), -1).split('-').reverse().join('-')}.`],
  ['end after start', draft({ end: addDays(DAY, 1) }), 'end', 'The end date must be after the start date.'],
  ['target URL required', draft({ target: null }), 'target', 'Please enter a target URL.'],
  ['target URL starts with http:// or https://', draft({ target: 'www.shop.demo.test' }), 'target', 'The target URL must start with http:// or https://.'],
  ['display URL starts with http:// or https://', draft({ displayUrl: 'shop.demo.test' }), 'displayUrl', 'The display URL must start with http:// or https://.'],
  ['at least one domain, one per line', draft({ domains: ' \n ' }), 'domains', 'Please enter at least one domain (one per line).'],
  ['domains one per line', draft({ domains: 'spiegel.de, zeit.de' }), 'domains', 'Line 1 is not a domain: spiegel.de, zeit.de.'],
  ['not more domains than the channel takes', draft({ domains: Array.from({ length: 2001 }, (_, i) => `s${i}.test`).join('\n') }), 'domains', 'Platform 161 takes at most 2,000 domains (2,001 given).'],
  ['blacklist: letters, numbers, spaces', draft({ blacklist: 'free\ncheap!' }), 'blacklist', 'Blacklist keywords may contain only letters, numbers and spaces, one per line (line 2).'],
  ['blacklist keyword max 80', draft({ blacklist: 'ä'.repeat(41) }), 'blacklist', 'A blacklist keyword may have at most 80 characters (line 1).'],
  ['countries as codes', draft({ countries: ['Deutschland'] }), 'countries', 'Countries must be two-letter country codes.'],
  ['minimum locations', draft({ channels: ['uzeads'], creatives: [{ name: 'Screen', bannerType: 'image_ad', width: 1920, height: 1080, file: 'f', channels: ['uzeads'] }] }), 'markers', 'Please add at least 1 location for UZE Ads.'],
  ['each channel needs a creative', draft({ creatives: [draft().creatives![1]] }), 'creatives', 'Please add a creative for Platform 161.'],
  ['search ads: 3 headlines', draft({ creatives: [draft().creatives![0], search({ headlines: ['a', 'b'] })] }), 'creatives.1.headlines', 'A search ad needs at least 3 headlines.'],
  ['search ads: 3 descriptions', draft({ creatives: [draft().creatives![0], search({ descriptions: ['d'] })] }), 'creatives.1.descriptions', 'A search ad needs at least 3 descriptions.'],
  ['search ads: 5 keywords', draft({ creatives: [draft().creatives![0], search({ keywords: 'a\nb\nc\nd' })] }), 'creatives.1.keywords', 'A search ad needs at least 5 keywords.'],
  ['search ads: keyword max 80', draft({ creatives: [draft().creatives![0], search({ keywords: ['a', 'b', 'c', 'd', 'k'.repeat(81)] })] }), 'creatives.1.keywords', 'A keyword may have at most 80 characters.'],
  ['search ads per line item', draft({ creatives: [draft().creatives![0], search({}), search({}), search({}), search({})] }), 'creatives', 'Google Ads takes at most 3 search ads.'],
  ['ad code needs a width', draft({ creatives: [...draft().creatives!, { name: 'Tag', bannerType: 'html_ad', height: 250, adCode: '<div></div>', channels: ['platform161'] }] }), 'creatives.2.width', 'An ad code needs a width.'],
  ['ad code needs a height', draft({ creatives: [...draft().creatives!, { name: 'Tag', bannerType: 'html_ad', width: 300, adCode: '<div></div>', channels: ['platform161'] }] }), 'creatives.2.height', 'An ad code needs a height.'],
  ['ad code needs the code', draft({ creatives: [...draft().creatives!, { name: 'Tag', bannerType: 'html_ad', width: 300, height: 250, channels: ['platform161'] }] }), 'creatives.2.adCode', 'An ad code needs the code.'],
  ['creative type the channel accepts', draft({ creatives: [{ ...draft().creatives![0], channels: ['platform161', 'facebook', 'googleads'] }, draft().creatives![1]] }), 'creatives.0.bannerType', 'Google Ads does not accept image_ad creatives.'],
  ['out-of-home ratio 16:9 or 9:16', draft({ channels: ['uzeads'], markers: [{ properties: { name: 'Berlin' } }], creatives: [{ name: 'Screen', bannerType: 'image_ad', width: 800, height: 600, file: 'f', channels: ['uzeads'] }] }), 'creatives.0.width', 'UZE Ads needs the aspect ratio 16:9 / 9:16.'],
  ['social video 9 to 15 seconds', draft({ channels: ['facebook'], creatives: [{ name: 'Clip', bannerType: 'video_ad', file: 'v', duration: 30, channels: ['facebook'] }] }), 'creatives.0.duration', 'Facebook needs a video of 9 to 15 seconds.'],
  ['creative service: slogan', draft({ creatives: [draft().creatives![1]], creativeService: { logo: 'l', productImage: 'p', slogan: ' ', productName: 'Boots' } }), 'creativeService.slogan', 'Please enter a slogan.'],
  ['creative service: product name', draft({ creatives: [draft().creatives![1]], creativeService: { logo: 'l', productImage: 'p', slogan: 'Warm', productName: '' } }), 'creativeService.productName', 'Please enter a product name.'],
];

describe('POST /api/booking enforces every booking rule', () => {
  it.each(RULES)('rejects a draft breaking "%s"', async (_rule, body, field, message) => {
    const before = await bookingCount();
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer.message).toBe(message);
    expect(answer.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await bookingCount()).toBe(before);
  });

  it('answers the rules in German for a German request (the wizard\'s catalogue), counts the German way', async () => {
    const german = (body: BookingDraft) => kit.call(ADVERTISER, '/api/booking', { method: 'POST', body, headers: { Language: 'de' } });
    const unnamed = await german(draft({ name: '' }));
    expect(unnamed.body.message).toBe('Bitte geben Sie einen Kampagnennamen ein.');
    expect(unnamed.body.errors).toContainEqual(expect.objectContaining({ field: 'name', message: 'Bitte geben Sie einen Kampagnennamen ein.', key: 'name_required' }));
    const many = await german(draft({ domains: Array.from({ length: 2001 }, (_, i) => `s${i}.test`).join('\n') }));
    expect(many.body.message).toBe('Platform 161 nimmt höchstens 2.000 Domains (2.001 angegeben).');
    const template = (await kit.call(ADVERTISER, `/api/bookingtemplate?filter=${encodeURIComponent(JSON.stringify({ q: 'Demo Shop Standard' }))}`)).body[0];
    const foreign = await kit.call('other@demo.test', '/api/booking', { method: 'POST', body: draft({ bookingtemplate: template.id }), headers: { Language: 'de' } });
    expect(foreign.body.message).toBe('Die Buchungsvorlage wurde nicht gefunden.');
    const missing = await kit.call(ADVERTISER, '/api/booking/00000000-0000-4000-8000-000000000000/status', { method: 'POST', body: { status: 'published' }, headers: { Language: 'de' } });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Buchung nicht gefunden.' } });
  });

  it('keeps the daily budget within the booking template\'s range', async () => {
    const template = (await kit.call(ADVERTISER, `/api/bookingtemplate?filter=${encodeURIComponent(JSON.stringify({ q: 'Demo Shop Standard' }))}`)).body[0];
    const high = await post(draft({ bookingtemplate: template.id, dailyBudget: 250 }));
    expect(high.status).toBe(400);
    expect(high.body.message).toBe('The daily budget must be at most 200,00\u00a0€ (booking template).');
    const low = await post(draft({ bookingtemplate: template.id, dailyBudget: 4, channels: ['platform161'], creatives: [draft().creatives![0]] }));
    expect(low.body.message).toBe('The daily budget must be at least 5,00\u00a0€ (booking template).');
    const german = await kit.call(ADVERTISER, '/api/booking', { method: 'POST', body: draft({ bookingtemplate: template.id, dailyBudget: 250 }), headers: { Language: 'de' } });
    expect(german.body.message).toBe('Das Tagesbudget darf höchstens 200,00\u00a0€ betragen (Buchungsvorlage).');
    const other = await kit.advertiser('Other Shop AG');
    const foreign = await post(draft({ bookingtemplate: template.id }), 'other@demo.test');
    expect(foreign).toMatchObject({ status: 400, body: { message: 'Booking template was not found.' } });
    expect(other.id).toBeTruthy();
  });

  it('answers 400, never 500, for bodies of the wrong shape', async () => {
    const before = await bookingCount();
    const odd: unknown[] = [
      '"text"', '[]', '42', '{"name":', { channels: 'facebook', creatives: 'x', markers: 3, start: 7, budget: 'lots' },
      draft({ end: '2027-02-30' }), draft({ dailyBudget: 1e20 }), draft({ bookingtemplate: 5 as never }), draft({ creativeService: 'yes' as never }),
      draft({ name: 'x'.repeat(300) }), draft({ markers: 'Berlin' as never }), draft({ blacklist: 5 as never }), draft({ countries: 'DE' as never }),
      draft({ creatives: [null, 7, 'x'] as never }), draft({ allocation: 'half' as never, splitBudget: true }), draft({ goalValue: 'much' as never }),
    ];
    for (const body of odd) {
      const { status, body: answer } = await post(typeof body === 'string' ? body : JSON.stringify(body));
      expect(status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.message).toBeTruthy();
    }
    expect(await bookingCount()).toBe(before);
  });
});

describe('creating and updating bookings', () => {
  it('creates a booking waiting for approval, with the stored forms of its texts', async () => {
    const { status, body } = await post(draft({ blacklist: 'Größe\n  Bärchen ', domains: 'https://www.spiegel.de/politik\nzeit.de', end: null, countries: ['de'] }));
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Winter Sale', status: 'waiting for approval', dailyBudget: 12, blacklist: 'Groesse\nBaerchen', domains: 'spiegel.de\nzeit.de',
      end: addDays(addDays(DAY, 1), 30), countries: ['DE'], pacing: 'evenly', callToAction: 'BUY_NOW',
    });
    const shop = await kit.advertiser('Demo Shop GmbH');
    expect(body.advertiser).toBe(shop.id);
    const jobs = await kit.core().sequelize.query(`SELECT payload FROM jobs WHERE name = 'booking.prepare'`, { plain: false, raw: true });
    expect((jobs[0] as { payload: { bookingId: string } }[]).map((j) => j.payload.bookingId)).toContain(body.id);
  });

  it('starts with generating creatives when the creative service is chosen', async () => {
    const { status, body } = await post(draft({ channels: ['platform161', 'facebook'], creatives: [], creativeService: { logo: 'l', productImage: 'p', slogan: 'Warm', productName: 'Boots' } }));
    expect(status).toBe(201);
    expect(body.status).toBe('generating creatives');
  });

  it('lets a viewer neither create nor update', async () => {
    const before = await bookingCount();
    expect((await post(draft(), 'viewer@demo.test')).status).toBe(403);
    expect(await bookingCount()).toBe(before);
    const created = (await post(draft())).body;
    const put = await kit.call('viewer@demo.test', `/api/booking/${created.id}`, { method: 'PUT', body: { name: 'Hacked' } });
    expect(put.status).toBe(403);
  });

  it('updates a booking through the same rules', async () => {
    const created = (await post(draft())).body;
    const ok = await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body: { name: 'Winter Sale II', dailyBudget: 15 } });
    expect(ok).toMatchObject({ status: 200, body: { name: 'Winter Sale II', dailyBudget: 15 } });
    const bad = await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body: { target: 'shop.demo.test' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'The target URL must start with http:// or https://.' } });
    for (const body of ['[]', '"x"', JSON.stringify({ start: 'later' }), JSON.stringify({ channels: [7] }), JSON.stringify({ dailyBudget: -1 })]) {
      expect((await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body })).status, body).toBe(400);
      expect((await kit.call(ADVERTISER, '/api/booking/validate?step=4', { method: 'POST', body })).status, body).toBe(400);
    }
    expect((await kit.call(ADVERTISER, '/api/booking/not-an-id', { method: 'PUT', body: { name: 'x' } })).status).toBe(404);
  });

  it('sends a rejected booking with new creatives back to the background check', async () => {
    const created = (await post(draft())).body;
    await kit.core().model('booking').update({ status: 'rejected' }, { where: { id: created.id } });
    const renamed = await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body: { name: 'Renamed only' } });
    expect(renamed.body.status).toBe('rejected');
    const creatives = [{ name: 'New banner', bannerType: 'image_ad', width: 728, height: 90, file: 'f2', channels: ['platform161', 'facebook'] }, draft().creatives![1]];
    const fixed = await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body: { creatives } });
    expect(fixed).toMatchObject({ status: 200, body: { status: 'waiting for approval' } });
    const [jobs] = await kit.core().sequelize.query(`SELECT count(*)::int AS n FROM jobs WHERE name = 'booking.prepare' AND payload->>'bookingId' = :id`, { replacements: { id: created.id } });
    expect((jobs as { n: number }[])[0].n).toBe(2);
  });

  it('refuses edits of finished, interrupted and canceled bookings', async () => {
    for (const status of ['finished', 'interrupted', 'canceled']) {
      const created = (await post(draft())).body;
      await kit.core().model('booking').update({ status }, { where: { id: created.id } });
      const put = await kit.call(ADVERTISER, `/api/booking/${created.id}`, { method: 'PUT', body: { name: 'Changed' } });
      expect(put.status).toBe(400);
      expect(put.body.message).toBe(`This booking is ${status} and cannot be edited any more.`);
    }
  });

  it('keeps the start date of a running booking, and lets other fields change (a seeded booking included)', async () => {
    const [running] = (await kit.call(ADVERTISER, `/api/booking?filter=${encodeURIComponent(JSON.stringify({ q: 'Summer Sale 2026' }))}`)).body;
    expect(running.status).toBe('active');
    const moved = await kit.call(ADVERTISER, `/api/booking/${running.id}`, { method: 'PUT', body: { start: DAY } });
    expect(moved).toMatchObject({ status: 400, body: { message: 'The start date cannot change once the booking is running.' } });
    const extended = await kit.call(ADVERTISER, `/api/booking/${running.id}`, { method: 'PUT', body: { end: addDays(running.end, 10) } });
    expect(extended.status).toBe(200);
    expect(extended.body.end).toBe(addDays(running.end, 10));
  });

  it('lets a client sub-account edit a booking but not its channels', async () => {
    const owner = (await kit.core().model('login').findOne({ where: { email: ADVERTISER }, raw: true })) as unknown as { id: string };
    const shop = await kit.advertiser('Demo Shop GmbH');
    await kit.core().model('login').create({
      email: 'client@demo.test', role: 'advertiser', parent: owner.id, advertisers: [shop.id], selectedAdvertiser: shop.id, name: 'Cleo', surname: 'Client',
      password: await hashPassword('demo-password', 4), loginAllowed: true, doi: new Date(), accountType: 'subaccount',
    });
    const created = (await post(draft(), 'client@demo.test')).body;
    expect(created.status).toBe('waiting for approval');
    const renamed = await kit.call('client@demo.test', `/api/booking/${created.id}`, { method: 'PUT', body: { name: 'Renamed' } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed' } });
    const rechanneled = await kit.call('client@demo.test', `/api/booking/${created.id}`, { method: 'PUT', body: { channels: ['platform161', 'facebook'] } });
    expect(rechanneled).toMatchObject({ status: 400, body: { message: 'Your account may not change the channels of a booking.' } });
  });

  it('never reaches another tenant\'s booking', async () => {
    const [foreign] = (await kit.call('other@demo.test', '/api/booking')).body;
    expect((await kit.call(ADVERTISER, `/api/booking/${foreign.id}`, { method: 'PUT', body: { name: 'Mine now' } })).status).toBe(404);
    expect((await kit.call(ADVERTISER, `/api/booking/${foreign.id}/costs`)).status).toBe(404);
    const other = await kit.advertiser('Other Shop AG');
    const before = await bookingCount();
    const planted = await post(draft({ advertiser: other.id }));
    expect(planted).toMatchObject({ status: 400, body: { message: 'Advertiser was not found.' } });
    expect(await bookingCount()).toBe(before);
  });
});

describe('validate and costs', () => {
  it('checks the steps asked for and answers the costs', async () => {
    const body = draft({ target: 'nope', creatives: [] });
    const step1 = await kit.call(ADVERTISER, '/api/booking/validate?step=1', { method: 'POST', body });
    expect(step1.status).toBe(200);
    expect(step1.body.ok).toBe(true);
    expect(step1.body.costs).toMatchObject({ total: 360, estimatedClicks: 144, minimumCovered: true });
    expect(step1.body.costs.channels.map((c: { channel: string; fee: number; net: number }) => [c.channel, c.fee, c.net])).toEqual([
      ['platform161', 40, 80], ['facebook', 40, 80], ['googleads', 15.66, 104.34],
    ]);
    const step2 = await kit.call(ADVERTISER, '/api/booking/validate?step=2', { method: 'POST', body });
    expect(step2).toMatchObject({ status: 400, body: { message: 'The target URL must start with http:// or https://.' } });
    const step3 = await kit.call(ADVERTISER, '/api/booking/validate?step=3', { method: 'POST', body: draft({ creatives: [] }) });
    expect(step3.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Please add a creative for Platform 161.', 'Please add a creative for Facebook.', 'Please add a creative for Google Ads.',
    ]);
    expect((await kit.call(ADVERTISER, '/api/booking/validate?step=9', { method: 'POST', body })).status).toBe(400);
  });

  it('answers the costs of a stored booking', async () => {
    const created = (await post(draft({ dailyBudget: null, budget: 300 }))).body;
    const { status, body } = await kit.call(ADVERTISER, `/api/booking/${created.id}/costs`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 300, days: 30, estimatedClicks: 120, minimumCovered: true });
  });
});
