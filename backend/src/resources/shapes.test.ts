/**
 * JSON fields with declared parts (FieldDef.shape) are checked part by part on create and update, by the rules the
 * admin's inputs use: an error names the part (`markers.0.geometry`) in the reader's language; a value sent back as
 * it is stored passes, whatever shape older rows have; reviews, changes and logs keep their writeRoles rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '@adsuite/config';
import { bookingMarker } from '@adsuite/config/booking/markers';
import { sampleOf } from '@adsuite/config/resources/jsonShapes';
import { inWords } from '../errors.ts';
import { shapeErrors } from './shapes.ts';
import { startTestServer, type TestServer } from '../testing.ts';

type Rec = Record<string, unknown> & { id: string };
type Answer = { message: string; errors: { field: string; message: string }[] };

const inEnglish = (resource: string, values: Record<string, unknown>, before?: Record<string, unknown>) =>
  shapeErrors(resourceByName[resource], values, before).map((e) => [e.field, inWords(e.message, 'en')]);

describe('the check of JSON parts (shapeErrors)', () => {
  it('names each broken part by its path and its label, in German and English', () => {
    const berlin = bookingMarker({ name: 'Berlin', lat: 52.52, lng: 13.405, radius: 10 });
    expect(inEnglish('booking', { markers: [berlin, { ...berlin, properties: { ...berlin.properties, radius: 501 } }] }))
      .toEqual([['markers.1.properties.radius', 'Locations, entry 2: Radius (km) must be at most 500.']]);
    const errors = shapeErrors(resourceByName.booking, { markers: [{ ...berlin, geometry: { type: 'Point' } }] });
    expect(errors.map((e) => [e.field, inWords(e.message, 'de')])).toEqual([
      ['markers.0.geometry', 'Orte, Eintrag 1: Koordinaten muss ein Punkt mit Längen- und Breitengrad auf der Erde sein.'],
    ]);
    expect(inEnglish('booking', { markers: [{ type: 'Feature', properties: { radius: 5 } }] }))
      .toEqual([['markers.0.properties.name', 'Locations, entry 1: please enter the name.']]);
    expect(inEnglish('campaign', { channels: [{ name: 'myspace', amount: 5 }] })).toEqual([['channels.0.name', 'Channels, entry 1: Channel must be a known channel.']]);
    expect(inEnglish('login', { statPreferences: [{ statType: 'publisher', statSortOrder: 'UP', colour: 'red' }] })).toEqual([
      ['statPreferences.0.statSortOrder', 'Stat preferences, entry 1: Order must be one of: ASC, DESC.'],
      ['statPreferences.0.colour', 'Stat preferences, entry 1: "colour" does not belong here.'],
    ]);
    expect(inEnglish('banner', { thumbnail: { width: -1, downloadLink: 'ftp://x' } })).toEqual([
      ['thumbnail.width', 'Thumbnail: Width must be at least 0.'],
      ['thumbnail.downloadLink', 'Thumbnail: Download link must start with http:// or https:// and name a host.'],
    ]);
    expect(inEnglish('banner', { thumbnail: [1] })).toEqual([['thumbnail', 'Thumbnail must be an object.']]);
    expect(inEnglish('booking', { markers: { type: 'Feature' } })).toEqual([['markers', 'Locations must be a list.']]);
    expect(inEnglish('booking', { cdpSegments: [{ id: 'x' }] })).toEqual([['cdpSegments', 'CDP segments must name records by their ids.']]);
    expect(inEnglish('lineitem', { specifics: { gads: { keywords: 'shoes' } } })).toEqual([['specifics.gads.keywords', 'Channel specifics: Google Ads keywords must be a list of texts.']]);
  });

  it('lets a value pass that is the stored one (older rows of another shape stay saveable), and checks it once it changes', () => {
    const stored = { thumbnail: { width: '300', crop: true } };
    expect(inEnglish('banner', { thumbnail: { crop: true, width: '300' } }, stored)).toEqual([]);
    expect(inEnglish('banner', { thumbnail: { width: '301', crop: true } }, stored).map(([field]) => field)).toEqual(['thumbnail.width', 'thumbnail.crop']);
    expect(inEnglish('banner', { name: 'x' }, stored)).toEqual([]);
  });

  it('leaves reviews, changes, failed channels and logs to their writeRoles rules', () => {
    expect(inEnglish('lineitem', { reviews: { anything: [1] }, changes: 'x' })).toEqual([]);
    expect(inEnglish('booking', { creatives: [{ anything: 1 }] })).toEqual([]);
  });

  it('takes the sample value of every declared shape (the value the field tests write)', () => {
    for (const resource of resources) {
      for (const [key, field] of Object.entries(resource.fields)) {
        if (field.shape) expect(shapeErrors(resource, { [key]: sampleOf(field.shape) }), `${resource.name}.${key}`).toEqual([]);
      }
    }
  });
});

describe('JSON parts through the API', () => {
  let server: TestServer;
  const tokens = new Map<string, string>();
  const token = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, await server.token(email));
    return tokens.get(email)!;
  };
  const put = async (email: string, path: string, body: unknown, language = 'en') => {
    const res = await server.api(path, { method: 'PUT', token: await token(email), body, headers: { Language: language } });
    return { status: res.status, body: (await res.json()) as Answer & Rec };
  };
  const fields = (answer: { body: Answer }) => answer.body.errors.map((e) => e.field);
  const row = async (resource: string, where: Record<string, unknown> = {}) =>
    (await server.core.model(resource).findOne({ where, raw: true, order: [['created', 'ASC']] })) as Rec;

  beforeAll(async () => {
    server = await startTestServer({ jobs: false });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('refuses a booking marker whose point has no coordinates, at the part, and stores nothing', async () => {
    const shop = await row('advertiser', { name: 'Demo Shop GmbH' });
    const booking = await row('booking', { advertiser: shop.id });
    const berlin = bookingMarker({ name: 'Berlin', address: 'Berlin, Germany', lat: 52.52, lng: 13.405, radius: 10 });
    for (const geometry of [{ type: 'Point' }, { type: 'Point', coordinates: [] }, { type: 'Point', coordinates: ['13.4', '52.5'] }, { coordinates: [13.4, 52.5] }]) {
      const refused = await put('advertiser@demo.test', `/api/booking/${booking.id}`, { markers: [berlin, { ...berlin, geometry }] });
      expect(refused.status, JSON.stringify(geometry)).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'markers.1.geometry', message: 'Locations, entry 2: Coordinates must be a point with longitude and latitude on the globe.' }]);
    }
    const german = await put('advertiser@demo.test', `/api/booking/${booking.id}`, { markers: [{ ...berlin, geometry: { type: 'Point' } }] }, 'de');
    expect(german.body.message).toBe('Orte, Eintrag 1: Koordinaten muss ein Punkt mit Längen- und Breitengrad auf der Erde sein.');
    expect((await row('booking', { id: booking.id })).markers).toEqual(booking.markers);
    // Off the globe or a radius over 500 km: the wizard's rule of the booking plugin answers first, at the field (plugins/booking).
    const offGlobe = await put('advertiser@demo.test', `/api/booking/${booking.id}`, { markers: [{ ...berlin, geometry: { type: 'Point', coordinates: [13.4, 95] } }] });
    expect([offGlobe.status, fields(offGlobe)[0]]).toEqual([400, 'markers']);
    const far = await put('advertiser@demo.test', `/api/booking/${booking.id}`, { markers: [{ ...berlin, properties: { ...berlin.properties, radius: 501 } }] });
    expect(far.status).toBe(400);
    expect(fields(far)[0]).toMatch(/^markers/);
    const hamburg = bookingMarker({ name: 'Hamburg', lat: 53.55, lng: 9.99, radius: 500 });
    const good = await put('advertiser@demo.test', `/api/booking/${booking.id}`, { markers: [berlin, hamburg, bookingMarker({ name: 'München' })] });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await row('booking', { id: booking.id })).markers).toEqual([berlin, hamburg, bookingMarker({ name: 'München' })]);
  });

  it("refuses a campaign's channel that is not a channel key, and a negative amount, at the part", async () => {
    const campaign = await row('campaign');
    const refused = await put('admin@demo.test', `/api/campaign/${campaign.id}`, { channels: [{ name: 'facebook', amount: 5 }, { name: 'myspace', amount: -1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'channels.1.name', message: 'Channels, entry 2: Channel must be a known channel.' },
      { field: 'channels.1.amount', message: 'Channels, entry 2: Budget must be at least 0.' },
    ]);
    const good = await put('admin@demo.test', `/api/campaign/${campaign.id}`, { channels: [{ name: 'facebook', amount: 5 }, { name: 'platform161' }] });
    expect(good.status).toBe(200);
    expect(good.body.channels).toEqual([{ name: 'facebook', amount: 5 }, { name: 'platform161' }]);
  });

  it("refuses a banner's channel that is not a channel key and a thumbnail of other parts; takes good ones", async () => {
    const shop = await row('advertiser', { name: 'Demo Shop GmbH' });
    const banner = await row('banner', { advertiser: shop.id });
    const path = `/api/banner/${banner.id}`;
    const channel = await put('advertiser@demo.test', path, { channels: ['facebook', 'myspace'] });
    expect(channel.status).toBe(400);
    expect(fields(channel)).toEqual(['channels']);
    const thumbnail = await put('advertiser@demo.test', path, { thumbnail: { width: 300, height: '250', crop: true } });
    expect(thumbnail.status).toBe(400);
    expect(fields(thumbnail)).toEqual(['thumbnail.height', 'thumbnail.crop']);
    const good = await put('advertiser@demo.test', path, { channels: ['facebook'], thumbnail: { width: 300, height: 250, downloadLink: 'https://cdn.example.com/t.png' } });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.thumbnail).toEqual({ width: 300, height: 250, downloadLink: 'https://cdn.example.com/t.png' });
  });

  it('refuses a statistics preference row with an unknown kind, order or column, at the part', async () => {
    const login = await row('login', { email: 'other@demo.test' });
    const path = `/api/login/${login.id}`;
    const refused = await put('admin@demo.test', path, { statPreferences: [
      { statType: 'website', statColumns: ['clicks'], statSortOrder: 'DESC' },
      { statType: 'weather', statColumns: 'clicks', statSortOrder: 'UP', colour: 'red' },
    ] });
    expect(refused.status).toBe(400);
    expect(fields(refused)).toEqual(['statPreferences.1.statType', 'statPreferences.1.statColumns', 'statPreferences.1.statSortOrder', 'statPreferences.1.colour']);
    expect(refused.body.message).toBe('Stat preferences, entry 2: Statistic must be one of: publisher, conversion, creative, website, date, channel.');
    const missing = await put('admin@demo.test', path, { statPreferences: [{ statColumns: ['clicks'] }] }, 'de');
    expect(missing.body.errors).toEqual([{ field: 'statPreferences.0.statType', message: 'Statistik-Einstellungen, Eintrag 1: Bitte füllen Sie „Statistik“ aus.' }]);
    const good = await put('admin@demo.test', path, { statPreferences: [{ statType: 'website', statColumns: ['clicks', 'views'], statSortBy: 'clicks', statSortOrder: 'DESC' }] });
    expect(good.status).toBe(200);
    expect((await row('login', { id: login.id })).statPreferences).toEqual([{ statType: 'website', statColumns: ['clicks', 'views'], statSortBy: 'clicks', statSortOrder: 'DESC' }]);
  });

  it('refuses a bad part on create too', async () => {
    const shop = await row('advertiser', { name: 'Demo Shop GmbH' });
    const res = await server.api('/api/campaign', { method: 'POST', token: await token('admin@demo.test'), body: { name: 'Shaped', advertiser: shop.id, channels: [{ amount: 1 }] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).errors).toEqual([{ field: 'channels.0.name', message: 'Channels, entry 1: please enter the channel.' }]);
    expect(await server.core.model('campaign').count({ where: { name: 'Shaped' } })).toBe(0);
  });

  it('saves a record back whose stored JSON has an older shape, as long as that field is not changed', async () => {
    const shop = await row('advertiser', { name: 'Demo Shop GmbH' });
    const banner = await row('banner', { advertiser: shop.id });
    await server.core.model('banner').update({ thumbnail: { w: 300, h: 250, url: 'legacy.png' }, placeholder: { slogan: 'Old' } }, { where: { id: banner.id } });
    const read = await server.api(`/api/banner/${banner.id}`, { token: await token('advertiser@demo.test') });
    const record = (await read.json()) as Rec;
    const saved = await put('advertiser@demo.test', `/api/banner/${banner.id}`, { ...record, name: 'Saved with an old thumbnail' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.thumbnail).toEqual({ w: 300, h: 250, url: 'legacy.png' });
    const changed = await put('advertiser@demo.test', `/api/banner/${banner.id}`, { ...record, thumbnail: { w: 301, h: 250, url: 'legacy.png' } });
    expect(changed.status).toBe(400);
    expect(fields(changed)).toEqual(['thumbnail.w', 'thumbnail.h', 'thumbnail.url']);
  });

  it("keeps reviews and changes to their writeRoles: an advertiser is refused as before, staff write them as they are", async () => {
    const shop = await row('advertiser', { name: 'Demo Shop GmbH' });
    const banner = await row('banner', { advertiser: shop.id });
    const refused = await put('advertiser@demo.test', `/api/banner/${banner.id}`, { reviews: { facebook: { status: 'approved' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'reviews', message: 'You may not set reviews.' }]);
    const staff = await put('admin@demo.test', `/api/banner/${banner.id}`, { reviews: { facebook: { status: 'approved', comment: 'ok' }, outbrain: true } });
    expect(staff.status).toBe(200);
  });
});
