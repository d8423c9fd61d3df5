import { describe, expect, it } from 'vitest';
import { Op } from 'sequelize';
import { addDays, today } from '@adsuite/config/booking/index';
import { useCreativeServer, type Answer } from './creatives/testkit.ts';
import { png } from './creatives/fixtures.ts';

const kit = useCreativeServer();
const ADVERTISER = 'advertiser@demo.test';

async function upload(email: string, advertiserId: string, data: Buffer | string, name = 'bookings.csv', type = 'text/csv', language = 'en'): Promise<Answer> {
  const form = new FormData();
  form.set('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  const res = await fetch(`${kit.server().url}/api/booking/import/${advertiserId}`, {
    method: 'POST', headers: { Authorization: `Bearer ${await kit.token(email)}`, Language: language }, body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const quote = (cell: string) => (/[";\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csv = (rows: string[][]) => rows.map((row) => row.map(quote).join(';')).join('\n');
const countFor = (advertiser: string) => kit.core().model('booking').count({ where: { advertiser } });

describe('POST /api/booking/import/:entityId', () => {
  it('creates the good lines and reports the bad ones by line', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const banner = (await kit.core().model('banner').findOne({ where: { name: 'Summer Sale 2026 300x250' }, raw: true })) as unknown as { id: string };
    const creatives = JSON.stringify([{ id: banner.id, name: 'Summer', bannerType: 'image_ad', width: 300, height: 250, channels: ['platform161', 'facebook'] }]);
    const start = addDays(today(), 2);
    const file = csv([
      ['name', 'channels', 'dailyBudget', 'start', 'end', 'target', 'blacklist', 'creatives'],
      ['Import one', 'platform161|facebook', '10,50', start, '', 'https://shop.demo.test/a', 'Bär|billig', creatives],
      ['', 'platform161', '10', start, '', 'https://shop.demo.test/b', '', creatives],
      ['Import two', 'platform161', '5', start, addDays(start, 10), 'https://shop.demo.test/c', '', creatives],
      ['Bad target', 'platform161', '5', start, '', 'shop.demo.test', '', creatives],
      ['Too short', 'platform161', '5', start, start, 'https://shop.demo.test/d', '', creatives],
      ['Broken JSON', 'platform161', '5', start, '', 'https://shop.demo.test/e', '', '[{'],
      ['Missing', 'platform161'],
    ]);
    const before = await countFor(shop.id);
    const { status, body } = await upload(ADVERTISER, shop.id, file);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 7, created: 2, failed: 5 });
    expect(body.errors).toEqual([
      { name: '', line: 3, errors: [{ field: 'name', message: 'Please enter a campaign name.' }] },
      { name: 'Bad target', line: 5, errors: [{ field: 'target', message: 'The target URL must start with http:// or https://.' }] },
      { name: 'Too short', line: 6, errors: [{ field: 'end', message: 'The end date must be after the start date.' }] },
      { name: 'Broken JSON', line: 7, errors: [{ field: '', message: 'The column creatives must hold JSON.' }] },
      { name: 'Missing', line: 8, errors: [{ field: '', message: 'The line has 2 fields, the header 8.' }] },
    ]);
    expect(await countFor(shop.id)).toBe(before + 2);
    // The same refusals in German (new names, so nothing is created twice).
    const german = await upload(ADVERTISER, shop.id, file.replace('Import one', 'Import drei').replace('Import two', 'Import vier'), 'bookings.csv', 'text/csv', 'de');
    expect(german.body.errors.map((line: { errors: { message: string }[] }) => line.errors[0].message)).toEqual([
      'Bitte geben Sie einen Kampagnennamen ein.',
      'Die Ziel-URL muss mit http:// oder https:// beginnen.',
      'Das Enddatum muss nach dem Startdatum liegen.',
      'Die Spalte creatives muss JSON enthalten.',
      'Die Zeile hat 2 Felder, die Kopfzeile 8.',
    ]);
    const one = (await kit.core().model('booking').findOne({ where: { name: 'Import one' }, raw: true })) as unknown as Record<string, unknown>;
    expect(Number(one.dailyBudget)).toBe(1050);
    expect(one).toMatchObject({ advertiser: shop.id, channels: ['platform161', 'facebook'], blacklist: 'Baer\nbillig', end: addDays(start, 30) });
  });

  it('refuses a file over 10 MB, one that is not CSV, and a file without booking columns, with 400', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const before = await countFor(shop.id);
    const big = await upload(ADVERTISER, shop.id, `name\n${'x'.repeat(10 * 1024 * 1024)}\n`);
    expect(big).toMatchObject({ status: 400, body: { message: 'The file is larger than 10 MB.', errors: [{ field: 'file', message: 'The file is larger than 10 MB.' }] } });
    const image = await upload(ADVERTISER, shop.id, png(10, 10), 'bookings.csv');
    expect(image).toMatchObject({ status: 400, body: { message: 'The file is not a CSV file.' } });
    const named = await upload(ADVERTISER, shop.id, 'name\nA\n', 'bookings.png', 'image/png');
    expect(named).toMatchObject({ status: 400, body: { message: 'The file is not a CSV file.' } });
    const broken = await upload(ADVERTISER, shop.id, 'name,target\n"unclosed,x\n');
    expect(broken).toMatchObject({ status: 400, body: { message: 'The file is not a CSV file.' } });
    const unknown = await upload(ADVERTISER, shop.id, 'name,price\nA,3\n');
    expect(unknown).toMatchObject({ status: 400, body: { message: 'The column "price" is no booking field.' } });
    expect((await upload(ADVERTISER, shop.id, png(10, 10), 'bookings.csv', 'text/csv', 'de')).body.message).toBe('Die Datei ist keine CSV-Datei.');
    expect((await upload(ADVERTISER, shop.id, 'name,price\nA,3\n', 'bookings.csv', 'text/csv', 'de')).body.message).toBe('Die Spalte „price“ ist kein Feld einer Buchung.');
    const missing = await fetch(`${kit.server().url}/api/booking/import/${shop.id}`, { method: 'POST', headers: { Authorization: `Bearer ${await kit.token(ADVERTISER)}`, Language: 'en' } });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Please upload a CSV file.');
    expect(await countFor(shop.id)).toBe(before);
  });

  it('writes nothing for another tenant\'s advertiser or for a viewer', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const other = await kit.advertiser('Other Shop AG');
    const file = csv([['name', 'channels', 'dailyBudget', 'target'], ['Sneaky', 'platform161', '5', 'https://x.test']]);
    const before = await kit.core().model('booking').count({ where: { advertiser: { [Op.in]: [shop.id, other.id] } } });
    expect((await upload(ADVERTISER, other.id, file)).status).toBe(404);
    expect((await upload(ADVERTISER, 'not-an-id', file)).status).toBe(404);
    expect((await upload('viewer@demo.test', shop.id, file)).status).toBe(403);
    expect(await kit.core().model('booking').count({ where: { advertiser: { [Op.in]: [shop.id, other.id] } } })).toBe(before);
  });
});
