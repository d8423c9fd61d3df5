import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addDays, today } from '@adsuite/config/booking/index';
import { formatDay } from '@adsuite/config/i18n/format';
import { useCreativeServer } from './creatives/testkit.ts';
import { toCsv } from './exports.ts';

const kit = useCreativeServer();
const ADVERTISER = 'advertiser@demo.test';
const rowsOf = (csv: string) => parse(csv, { bom: true }) as string[][];
const query = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
/** SPEC section 9's EUR in both languages, from cents: '1.234,56 €' (the space before € is a no-break space). */
const eur = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+,)/g, '.')}\u00a0€`;

describe('GET /api/bookings.csv', () => {
  it('exports the columns SPEC lists as bookings.csv, the user\'s bookings only', async () => {
    const { status, body, headers } = await kit.call(ADVERTISER, '/api/bookings.csv');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/csv/);
    expect(headers.get('content-disposition')).toBe('attachment; filename="bookings.csv"');
    const [header, ...rows] = rowsOf(body);
    expect(header).toEqual(['Name', 'Status', 'Budget', 'Channels', 'Impressions', 'Clicks', 'Costs', 'Start', 'End', 'Location', 'Target', 'Gender', 'Age']);
    expect(rows.map((r) => r[0]).sort()).toEqual(['Brand Awareness Q4', 'Retargeting Evergreen', 'Summer Sale 2026']);
    const summer = rows.find((r) => r[0] === 'Summer Sale 2026')!;
    const campaign = (await kit.core().model('campaign').findOne({ where: { name: 'Summer Sale 2026' }, raw: true })) as unknown as { impressions: number; clicks: number; cost: number };
    expect(summer).toEqual([
      'Summer Sale 2026', 'Active', `${eur(5000)} / day`, 'Platform 161, Facebook, Google Ads', String(campaign.impressions ?? 0), String(campaign.clicks ?? 0),
      eur(campaign.cost ?? 0), formatDay(addDays(today(), -12)), formatDay(addDays(today(), 28)), 'Berlin, Germany', 'https://shop.demo.test/landing', 'All', '19–24, 25–34, 35–44',
    ]);
  });

  it('writes the reader\'s language and SPEC\'s formats (DD-MM-YYYY, EUR the German way in both), every status and more than a page', async () => {
    const shop = await kit.advertiser('Other Shop AG');
    const campaign = await kit.core().model('campaign').create({ name: 'Export figures', advertiser: shop.id, impressions: 1234567, clicks: 4321, cost: 123456 });
    const base = { advertiser: shop.id, channels: ['platform161'], start: '2026-03-01', end: '2026-04-30' };
    await kit.core().model('booking').bulkCreate([
      { ...base, name: 'Export paused', status: 'paused', dailyBudget: 1000, end: null, continously: true, campaign: campaign.get('id'), gender: 'female', age: ['35'] },
      { ...base, name: 'Export pending', status: 'pending', budget: 123456 },
      { ...base, name: 'Export rejected', status: 'rejected', dailyBudget: 500 },
      { ...base, name: 'Export canceled', status: 'canceled', dailyBudget: 500 },
      { ...base, name: 'Export ended', status: 'active', dailyBudget: 500, end: '2026-01-31', start: '2026-01-01' },
      ...Array.from({ length: 8 }, (_, i) => ({ ...base, name: `Export more ${i}`, status: 'waiting for approval', dailyBudget: 500 })),
    ]);
    const exported = async (language: string) => {
      const answer = await kit.call('other@demo.test', `/api/bookings.csv?${query({ q: 'Export' })}&range=${encodeURIComponent('[0,9]')}`, { headers: { Language: language } });
      expect(answer.status).toBe(200);
      const [header, ...rows] = rowsOf(answer.body);
      // Every cell but the names the test chose.
      const cells = rows.flatMap((r) => r.slice(1)).join('|');
      return { cells, header, row: (name: string) => rows.find((r) => r[0] === name)!, names: rows.map((r) => r[0]) };
    };

    const german = await exported('de');
    expect(german.header).toEqual(['Name', 'Status', 'Budget', 'Kanäle', 'Impressionen', 'Klicks', 'Kosten', 'Start', 'Ende', 'Standort', 'Ziel-URL', 'Geschlecht', 'Alter']);
    // Every booking the search reaches, of every status, not one page of the list.
    expect(german.names).toHaveLength(13);
    expect(german.row('Export paused')).toEqual([
      'Export paused', 'Pausiert', '10,00\u00a0€ / Tag', 'Platform 161', '1234567', '4321', '1.234,56\u00a0€', '01-03-2026', 'Läuft unbegrenzt', '', '', 'Weiblich', '25–34',
    ]);
    expect(german.row('Export pending').slice(1, 3)).toEqual(['Bereit zur Veröffentlichung', '1.234,56\u00a0€']);
    expect(german.row('Export pending').slice(6, 9)).toEqual(['0,00\u00a0€', '01-03-2026', '30-04-2026']);
    expect(german.row('Export rejected')[1]).toBe('Abgelehnt');
    expect(german.row('Export canceled')[1]).toBe('Storniert');
    // Past its end date a booking reads finished, as the list's badge says.
    expect(german.row('Export ended')[1]).toBe('Beendet');
    expect(german.row('Export more 0')[1]).toBe('Wartet auf Freigabe');
    expect(german.cells).not.toMatch(/paused|pending|\/ day|female|Never Ends|\d{4}-\d{2}-\d{2}|\d\.\d{2}\b/);

    const english = await exported('en');
    expect(english.header).toEqual(['Name', 'Status', 'Budget', 'Channels', 'Impressions', 'Clicks', 'Costs', 'Start', 'End', 'Location', 'Target', 'Gender', 'Age']);
    expect(english.names).toHaveLength(13);
    expect(english.row('Export paused')).toEqual([
      'Export paused', 'Paused', '10,00\u00a0€ / day', 'Platform 161', '1234567', '4321', '1.234,56\u00a0€', '01-03-2026', 'Never Ends', '', '', 'Female', '25–34',
    ]);
    expect(english.row('Export pending').slice(1, 3)).toEqual(['Ready to publish', '1.234,56\u00a0€']);
    expect(english.row('Export ended')[1]).toBe('Finished');
  });

  it('takes the list\'s filters and stays within the tenant', async () => {
    const active = rowsOf((await kit.call(ADVERTISER, `/api/bookings.csv?${query({ status: 'active' })}`)).body).slice(1);
    expect(active.map((r) => r[0])).toEqual(['Summer Sale 2026']);
    const other = await kit.advertiser('Other Shop AG');
    const foreign = rowsOf((await kit.call(ADVERTISER, `/api/bookings.csv?${query({ advertiser: other.id })}`)).body);
    expect(foreign).toHaveLength(1);
    expect((await kit.call(ADVERTISER, `/api/bookings.csv?${query({ nope: 1 })}`)).status).toBe(400);
    expect((await kit.call('viewer@demo.test', '/api/bookings.csv')).status).toBe(200);
  });

  it('exports at most 500 rows, and defuses texts that spreadsheet programs would run', async () => {
    const shop = await kit.advertiser('Other Shop AG');
    const start = today();
    await kit.core().model('booking').bulkCreate(Array.from({ length: 505 }, (_, i) => ({
      name: i === 0 ? '=HYPERLINK("http://evil.test")' : `Bulk ${i}`, advertiser: shop.id, status: 'pending', start, dailyBudget: 500, channels: ['platform161'],
    })));
    const rows = rowsOf((await kit.call('other@demo.test', '/api/bookings.csv')).body).slice(1);
    expect(rows).toHaveLength(500);
    const formula = rowsOf((await kit.call('other@demo.test', `/api/bookings.csv?${query({ q: 'HYPERLINK' })}`)).body)[1];
    expect(formula[0]).toBe('\'=HYPERLINK("http://evil.test")');
  });

  it('keeps commas, quotes and line breaks inside their cell', async () => {
    const shop = await kit.advertiser('Other Shop AG');
    const name = 'Sale, "big"\nsecond line; third';
    await kit.core().model('booking').create({ name, advertiser: shop.id, status: 'pending', start: today(), dailyBudget: 500, channels: ['platform161'], target: 'https://shop.test/?a=1,b=2' });
    const body = (await kit.call('other@demo.test', `/api/bookings.csv?${query({ q: 'second line' })}`)).body as string;
    expect(body).toContain('"Sale, ""big""\nsecond line; third"');
    const row = rowsOf(body).find((r) => r[0] === name)!;
    expect(row).toHaveLength(13);
    expect(row[10]).toBe('https://shop.test/?a=1,b=2');
  });
});

describe('bookings of a booking template', () => {
  it('lists and exports the bookings made from a template, for its tenant only', async () => {
    const [template] = (await kit.call(ADVERTISER, `/api/bookingtemplate?${query({ q: 'Demo Shop Standard' })}`)).body;
    const created = await kit.call(ADVERTISER, '/api/booking', {
      method: 'POST',
      body: {
        name: 'From template', bookingtemplate: template.id, dailyBudget: 20, start: addDays(today(), 1), channels: ['platform161'], target: 'https://shop.demo.test',
        creatives: [{ name: 'B', bannerType: 'image_ad', width: 300, height: 250, file: 'f', channels: ['platform161'] }],
      },
    });
    expect(created.status).toBe(201);
    const list = await kit.call(ADVERTISER, `/api/bookingtemplate/${template.id}/bookings`);
    expect(list.status).toBe(200);
    // The seed books "Summer Sale 2026" from this template too.
    expect(list.body).toHaveLength(2);
    expect(list.body).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: created.body.id, name: 'From template', dailyBudget: 20, start: addDays(today(), 1) }),
      expect.objectContaining({ name: 'Summer Sale 2026', status: 'active' }),
    ]));
    const csv = await kit.call(ADVERTISER, `/api/bookingtemplate/${template.id}/bookings.csv`);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="demo-shop-standard.csv"');
    const [header, ...rows] = rowsOf(csv.body);
    expect(header).toEqual(['Name', 'Status', 'Budget', 'Start', 'End', 'Created']);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(['From template', 'Waiting for approval', `${eur(2000)} / day`, formatDay(addDays(today(), 1)), formatDay(addDays(today(), 31)), formatDay(today())]);
    const german = rowsOf((await kit.call(ADVERTISER, `/api/bookingtemplate/${template.id}/bookings.csv`, { headers: { Language: 'de' } })).body);
    expect(german[0]).toEqual(['Name', 'Status', 'Budget', 'Start', 'Ende', 'Erstellt']);
    expect(german).toContainEqual(['From template', 'Wartet auf Freigabe', `${eur(2000)} / Tag`, formatDay(addDays(today(), 1)), formatDay(addDays(today(), 31)), formatDay(today())]);
    expect((await kit.call('other@demo.test', `/api/bookingtemplate/${template.id}/bookings`)).status).toBe(404);
    expect((await kit.call('other@demo.test', `/api/bookingtemplate/${template.id}/bookings.csv`)).status).toBe(404);
  });
});

describe('the CSV text', () => {
  it('is RFC 4180 with a byte-order mark: quoted commas, quotes, line breaks and semicolons, defused formulas', () => {
    const csv = toCsv(['Name', 'Note'], [
      ['Shoes, red', 'say "hi"'], ['two\nlines', 'cr\rlf'], ['a;b', '=1+1'], [-5, '+49 30 123'], ['-81.50', null], ['@SUM(A1)', '-x'], [12.5, undefined],
    ]);
    expect(csv).toBe([
      '\ufeffName,Note', '"Shoes, red","say ""hi"""', '"two\nlines","cr\rlf"', '"a;b",\'=1+1', '-5,\'+49 30 123', '-81.50,', '\'@SUM(A1),\'-x', '12.5,', '',
    ].join('\r\n'));
    expect(rowsOf(csv)).toEqual([
      ['Name', 'Note'], ['Shoes, red', 'say "hi"'], ['two\nlines', 'cr\rlf'], ['a;b', '\'=1+1'], ['-5', '\'+49 30 123'], ['-81.50', ''], ['\'@SUM(A1)', '\'-x'], ['12.5', ''],
    ]);
    expect(toCsv(['Name'], [])).toBe('\ufeffName\r\n');
  });
});
