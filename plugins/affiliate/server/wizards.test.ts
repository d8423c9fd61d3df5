/**
 * Affiliate wizards through the API (SPEC sections 3 to 5, issue 37): each network's preset fills what a new wizard
 * leaves out, the tracking domain's host is the default ad server, the rules refuse a wizard with every error at once
 * in the reader's language and write nothing, the pickers list countries and categories, and only the wizard's staff
 * may write one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { usePublisherServer as useTestServer } from '../../publisher-area/server/testkit.ts';

const kit = useTestServer({ env: { publicUrl: 'https://track.adsuite.test' } });
const WIZARD = 'wizard@demo.test';
let advertiser = '';
let category = '';
let vertical = '';

/** A complete wizard of `revenueSource` with this affiliate link, leaving out what its preset fills. */
const program = (revenueSource: string, affiliatelink: string, extra: Record<string, unknown> = {}) => ({
  name: `${revenueSource} shoes`, advertiser, vertical: [vertical], countries: ['DE'], url: 'https://shoes.example.com', revenueSource, programid: '4711',
  affiliatelink, targeturl: 'https://shoes.example.com/sale', datasource: 'https://feeds.example.com/shoes.csv', categories: [category], ...extra,
});

const count = async () => Number((await kit.sql<{ n: string }>('SELECT count(*) AS n FROM wizards'))[0].n);

beforeAll(async () => {
  advertiser = await kit.id('advertisers', 'Demo Shop GmbH');
  [{ id: vertical }] = await kit.sql<{ id: string }>('SELECT id FROM verticals LIMIT 1');
  const [row] = await kit.sql<{ id: string; code: string }>(`SELECT id, code FROM categories WHERE code = 'IAB18'`);
  category = `${row.id}|||${row.code}`;
});

describe('the networks\' presets', () => {
  const cases = [
    {
      source: 'effiliation', link: 'https://track.effiliation.com/servlet/effi.redir?id_compteur=22577&id_produit=1',
      prefix: 'https://track.effiliation.com/servlet/effi.redir?id_compteur=22577&id_produit=1&url=',
      image: 'https://track.effiliation.com/servlet/effi.show?id_compteur=22577&amp;id_produit=1', compression: 'none',
    },
    {
      source: 'adtraction', link: 'https://track.adtraction.com/t/t?a=1589&as=1760&t=2&tk=1',
      prefix: 'https://track.adtraction.com/t/t?a=1589&as=1760&t=2&tk=1&url=',
      image: 'https://track.adtraction.com/t/t?a=1589&amp;as=1760&amp;t=1&amp;tk=1', compression: 'none',
    },
    {
      source: 'belboon', link: 'https://www1.belboon.de/adtracking/03a9f1089e1d0c2a.html?pid=1',
      prefix: 'https://www1.belboon.de/adtracking/03a9f1089e1d0c2a.html?pid=1&rmd=3&trg=',
      image: 'https://www1.belboon.de/adview/03a9f1089e1d0c2a.html?pid=1', compression: 'zip',
    },
    {
      source: 'kwanko', link: 'https://action.metaffiliation.com/trk.php?mclic=P4F6C1F1A1E11&ssid=1',
      prefix: 'https://action.metaffiliation.com/trk.php?mclic=P4F6C1F1A1E11&ssid=1&redir=',
      image: 'https://action.metaffiliation.com/trk.php?mbanner=P4F6C1F1A1E11&amp;ssid=1', compression: 'none',
    },
  ];
  for (const { source, link, prefix, image, compression } of cases) {
    it(`${source}: the affiliate prefix, the compression and the ad code with the network's banner in the click tracker's link`, async () => {
      const created = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: program(source, link, { width: 468, height: 60 }) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({ affiliateprefix: prefix, compression, adserver: 'track.adsuite.test', delimiter: ',', channel: 'platform161', live: false });
      expect(created.body.adcode).toBe(`<a href="{click}" target="_blank" rel="noopener sponsored"><img src="${image}" width="468" height="60" alt="${source} shoes" style="border:0;display:block"></a>`);
    });
  }

  it('keeps what the body gives: its own prefix, ad code and compression over the preset\'s', async () => {
    const own = { affiliateprefix: 'https://go.example.com/?to=', adcode: '<a href="{click}">Shoes</a>', compression: 'gz', adserver: 'ads.example.com' };
    const created = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: program('belboon', 'https://www1.belboon.de/adtracking/1.html', own) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(own);
  });

  it('defaults width 300, height 250, channel platform161, comma delimiter and CSV for what a wizard leaves out', async () => {
    const created = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: program('effiliation', 'https://track.effiliation.com/servlet/effi.redir?id_compteur=1') });
    expect(created.body).toMatchObject({ width: 300, height: 250, channel: 'platform161', delimiter: ',', datatype: 'csv', compression: 'none' });
    expect(created.body.adcode).toContain('width="300" height="250"');
  });
});

describe('the wizard\'s rules', () => {
  it('requires every field but the affiliate prefix, which only a manual data source may leave out; nothing is written', async () => {
    const before = await count();
    const empty = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: {} });
    expect(empty.status).toBe(400);
    const fields = empty.body.errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'advertiser', 'vertical', 'countries', 'url', 'revenueSource', 'programid', 'affiliatelink', 'targeturl', 'datasource', 'adcode', 'categories']));
    expect(fields).not.toContain('affiliateprefix');
    expect(await count()).toBe(before);

    const awin = program('awin', 'https://www.awin1.com/cread.php?awinmid=1', { adcode: '<a href="{click}">Awin</a>' });
    const automatic = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: awin });
    expect(automatic.status).toBe(400);
    expect(automatic.body.errors).toEqual([{ field: 'affiliateprefix', message: 'An automatic data source needs the affiliate prefix, which turns the feed\'s product links into affiliate links.' }]);
    const manual = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: { ...awin, datasource: 'manual' } });
    expect(manual.status).toBe(201);
    expect(manual.body.affiliateprefix).toBeNull();
  });

  it('refuses unknown pickers\' values, a bad delimiter, data source and ad code, all at once, in German and English', async () => {
    const body = program('kwanko', 'https://action.metaffiliation.com/trk.php?mclic=P1', {
      countries: ['ZZ'], categories: [`${category.split('|||')[0]}|||IAB99`], delimiter: ':', datasource: 'ftp://feeds.example.com/x.csv', adcode: '<img src="x.png">', adserver: 'not a host',
    });
    const english = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body });
    expect(english.status).toBe(400);
    const byField = Object.fromEntries(english.body.errors.map((error: { field: string; message: string }) => [error.field, error.message]));
    expect(byField).toMatchObject({
      countries: 'There is no country "ZZ".',
      categories: `This category is unknown: ${category.split('|||')[0]}|||IAB99.`,
      delimiter: 'The delimiter of a CSV file is one of ,  ;  |  tab.',
      datasource: 'Please give a feed URL (http:// or https://) as the data source, or choose "manual".',
      adcode: 'The ad code needs the placeholder {click} as its link, so that the click is counted.',
      adserver: 'Please name the ad server as a host (e.g. track.example.com).',
    });
    expect(english.body.message).toBe(english.body.errors[0].message);
    const german = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body, headers: { Language: 'de' } });
    const germanByField = Object.fromEntries(german.body.errors.map((error: { field: string; message: string }) => [error.field, error.message]));
    expect(germanByField).toMatchObject({
      countries: 'Das Land „ZZ“ gibt es nicht.',
      delimiter: 'Das Trennzeichen einer CSV-Datei ist eines von ,  ;  |  tab.',
      adcode: 'Der Ad-Code braucht den Platzhalter {click} als Link, damit der Klick gezählt wird.',
    });
    const xml = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: { ...program('kwanko', 'https://action.metaffiliation.com/trk.php?mclic=P1'), datatype: 'xml', delimiter: ',' } });
    expect(xml.body.errors).toEqual([{ field: 'delimiter', message: 'For XML the delimiter is the name of the product element (e.g. product or offers/offer).' }]);
    const selector = await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: { ...program('kwanko', 'https://action.metaffiliation.com/trk.php?mclic=P1'), datatype: 'xml', delimiter: 'offers/offer' } });
    expect(selector.status).toBe(201);
  });

  it('checks a change against the stored wizard: a value sent back unchanged passes, a new one is checked', async () => {
    const created = (await kit.call(WIZARD, '/api/wizard', { method: 'POST', body: program('effiliation', 'https://track.effiliation.com/servlet/effi.redir?id_compteur=9') })).body;
    const same = await kit.call(WIZARD, `/api/wizard/${created.id}`, { method: 'PUT', body: { ...created, name: 'Renamed shoes' } });
    expect(same.status).toBe(200);
    expect(same.body.name).toBe('Renamed shoes');
    const cleared = await kit.call(WIZARD, `/api/wizard/${created.id}`, { method: 'PUT', body: { affiliateprefix: '' } });
    // Emptied, the preset fills it again from the stored link.
    expect(cleared.body.affiliateprefix).toBe('https://track.effiliation.com/servlet/effi.redir?id_compteur=9&url=');
    const tab = await kit.call(WIZARD, `/api/wizard/${created.id}`, { method: 'PUT', body: { delimiter: 'tab', countries: ['AT'] } });
    expect(tab.body).toMatchObject({ delimiter: 'tab', countries: ['AT'] });
    const unknown = await kit.call(WIZARD, `/api/wizard/${created.id}`, { method: 'PUT', body: { countries: ['XX'] } });
    expect(unknown.status).toBe(400);
  });
});

describe('who may write a wizard', () => {
  it('is the wizard\'s staff: an advertiser, an administrator and a publisher are refused', async () => {
    const body = program('effiliation', 'https://track.effiliation.com/servlet/effi.redir?id_compteur=5');
    for (const email of ['affiliatemanager@demo.test', 'sysop@demo.test']) expect((await kit.call(email, '/api/wizard', { method: 'POST', body })).status).toBe(201);
    const before = await count();
    for (const email of ['advertiser@demo.test', 'admin@demo.test', 'publisher@demo.test']) {
      expect((await kit.call(email, '/api/wizard', { method: 'POST', body })).status, email).toBe(403);
    }
    const [demo] = await kit.sql<{ id: string }>('SELECT id FROM wizards LIMIT 1');
    expect((await kit.call('advertiser@demo.test', `/api/wizard/${demo.id}`, { method: 'PUT', body: { name: 'Mine' } })).status).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('the pickers\' lists', () => {
  it('names the countries in the reader\'s language, by name, and the categories as id and code', async () => {
    const english = await kit.call(WIZARD, '/api/targeting/country');
    expect(english.status).toBe(200);
    expect(english.body.find((country: { alpha2: string }) => country.alpha2 === 'DE')).toMatchObject({ name: 'Germany' });
    const german = await kit.call(WIZARD, '/api/targeting/country', { headers: { Language: 'de' } });
    const names = german.body.map((country: { name: string }) => country.name);
    expect(names).toContain('Deutschland');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    const categories = await kit.call(WIZARD, '/api/targeting/category');
    expect(categories.body).toContainEqual({ id: category.split('|||')[0], attributes: { name: 'Style & Fashion', code: 'IAB18' } });
  });
});
