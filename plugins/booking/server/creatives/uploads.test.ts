import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jpeg, mp4, png, zip } from './fixtures.ts';
import { say } from '@adsuite/backend/kit';
import { TOO_LARGE } from './routes.ts';
import { useCreativeServer } from './testkit.ts';

const kit = useCreativeServer();
const SHOP = 'advertiser@demo.test';
const OTHER = 'other@demo.test';

describe('uploading creative files', () => {
  it('stores a real PNG under DATA_DIR with its size and serves it back to its advertiser only', async () => {
    const image = png(300, 250);
    const { status, body } = await kit.upload(SHOP, image, 'summer sale.png', 'image');
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String), name: 'summer sale.png', mime: 'image/png', size: image.length, width: 300, height: 250, duration: null, url: `/banner/file/${body.id}`,
    });
    const stored = path.join(kit.core().env.dataDir, 'uploads', body.id);
    expect(readFileSync(path.join(stored, 'content')).equals(image)).toBe(true);
    const shop = await kit.advertiser('Demo Shop GmbH');
    expect(JSON.parse(readFileSync(path.join(stored, 'meta.json'), 'utf8'))).toMatchObject({ id: body.id, advertiser: shop.id, mime: 'image/png', width: 300, height: 250 });

    const download = await kit.call(SHOP, `/api/booking/files/${body.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.compare(download.body, image)).toBe(0);
    expect((await kit.call('viewer@demo.test', `/api/booking/files/${body.id}`)).status).toBe(200);
    expect(await kit.call(OTHER, `/api/booking/files/${body.id}`)).toMatchObject({ status: 404, body: { message: 'File not found.' } });

    const served = await kit.fetch(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(served.body, image)).toBe(0);
  });

  it('reads the duration of an MP4 video from its movie header', async () => {
    const { status, body } = await kit.upload(SHOP, mp4(12.5, 1080, 1920), 'story.mp4', 'video');
    expect(status).toBe(201);
    expect(body).toMatchObject({ mime: 'video/mp4', duration: 12.5, width: 1080, height: 1920, url: `/banner/file/${body.id}` });
  });

  it('refuses a file over 10 MB with 400', async () => {
    const big = Buffer.concat([png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const { status, body } = await kit.upload(SHOP, big, 'huge.png', 'image');
    expect(status).toBe(400);
    const message = 'The file is too large: file uploads may be at most 10 MB.';
    expect(body).toEqual({ message, errors: [{ field: 'file', message }] });
    expect(say('en', TOO_LARGE)).toBe(message);
    expect(say('de', TOO_LARGE)).toBe('Die Datei ist zu groß: Hochgeladene Dateien dürfen höchstens 10 MB groß sein.');
  });

  it('checks the content, not the name: a .png of text, a GIF logo, a PNG named .jpg', async () => {
    const cases: [Buffer, string, string, string][] = [
      [Buffer.from('hello, I am text'), 'fake.png', 'image', 'Wrong file type: fake.png is not a PNG, JPG or GIF image (its content is not a known format).'],
      [Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 'logo', 'Wrong file type: logo.gif is a GIF image, expected a PNG or JPG image.'],
      [png(20, 20), 'product.jpg', 'productImage', 'Wrong file extension: product.jpg is a PNG image, its name says otherwise.'],
      [png(20, 20), 'clip.mp4', 'video', 'Wrong file type: clip.mp4 is a PNG image, expected an MP4 or WebM video.'],
    ];
    for (const [data, name, kind, message] of cases) {
      expect(await kit.upload(SHOP, data, name, kind), name).toMatchObject({ status: 400, body: { message, errors: [{ field: 'file', message }] } });
    }
    expect((await kit.upload(SHOP, jpeg(400, 400), 'Größe ½.jpg', 'logo')).body).toMatchObject({ name: 'Größe ½.jpg', mime: 'image/jpeg', width: 400, height: 400 });
    expect((await kit.upload(SHOP, png(10, 10), 'x.png', 'banner')).body.message).toBe('The kind must be one of image, video, html, logo, productImage.');
  });

  it('names a wrong file type in German for a German request', async () => {
    const german: [Buffer, string, string, string][] = [
      [Buffer.from('hello, I am text'), 'fake.png', 'image', 'Falscher Dateityp: Erwartet wird ein PNG-, JPG- oder GIF-Bild, der Inhalt von fake.png hat kein bekanntes Format.'],
      [Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 'logo', 'Falscher Dateityp: logo.gif ist ein GIF-Bild, erwartet wird ein PNG- oder JPG-Bild.'],
      [png(20, 20), 'product.jpg', 'productImage', 'Falsche Dateiendung: product.jpg ist ein PNG-Bild, der Name sagt etwas anderes.'],
    ];
    for (const [data, name, kind, message] of german) {
      expect(await kit.upload(SHOP, data, name, kind, 'file', 'de'), name).toMatchObject({ status: 400, body: { message, errors: [{ field: 'file', message }] } });
    }
  });

  it('keeps HTML uploads off the public file endpoint', async () => {
    const id = await kit.uploaded(SHOP, zip({ 'index.html': '<html><body>ad</body></html>' }), 'ad.zip', 'html');
    expect((await kit.fetch(`/banner/file/${id}`)).status).toBe(404);
    expect((await kit.call(SHOP, `/api/booking/files/${id}`)).status).toBe(200);
  });

  it('lets viewers upload nothing and asks for a file', async () => {
    expect((await kit.upload('viewer@demo.test', png(10, 10), 'a.png', 'image')).status).toBe(403);
    const res = await kit.call(SHOP, '/api/booking/files', { method: 'POST', body: {} });
    expect(res).toMatchObject({ status: 400, body: { message: 'Please choose a file to upload.' } });
    const wrongField = await kit.upload(SHOP, png(10, 10), 'a.png', 'image', 'photo');
    expect(wrongField).toMatchObject({ status: 400, body: { message: 'Please upload one file in the field "file".' } });
  });
});

describe('checking creatives against channels', () => {
  const check = (email: string, creatives: unknown[], channels: string[]) => kit.call(email, '/api/booking/creatives/check', { method: 'POST', body: { creatives, channels } });

  it('refuses creatives and channels that are not lists (it would answer ok for them)', async () => {
    const call = (body: unknown) => kit.call(SHOP, '/api/booking/creatives/check', { method: 'POST', body });
    for (const body of [{}, { creatives: { 0: 'x' }, channels: ['facebook'] }, { creatives: [[1]], channels: ['facebook'] }, { creatives: [5], channels: ['facebook'] }]) {
      expect(await call(body)).toMatchObject({ status: 400, body: { errors: [{ field: 'creatives' }] } });
    }
    for (const channels of [{ a: 1 }, 'facebook', [{}], [['facebook']]]) {
      expect(await call({ creatives: [], channels })).toMatchObject({ status: 400, body: { errors: [{ field: 'channels' }] } });
    }
    expect((await kit.call('viewer@demo.test', '/api/booking/creatives/check', { method: 'POST', body: {} })).status).toBe(403);
  });

  it('takes social videos of 9 to 15 seconds only', async () => {
    const long = await kit.uploaded(SHOP, mp4(20, 1080, 1920), 'long.mp4', 'video');
    const short = await kit.uploaded(SHOP, mp4(12, 1080, 1920), 'short.mp4', 'video');
    const video = (file: string) => ({ bannerType: 'video_ad', name: 'Spot', file, channels: ['facebook'] });
    const refused = await check(SHOP, [video(long)], ['facebook']);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'creatives.0.duration', message: expect.stringMatching(/Facebook .*9 to 15 seconds/) }]);
    // The real duration counts, not what the browser claims.
    expect((await check(SHOP, [{ ...video(long), duration: 12 }], ['facebook'])).status).toBe(400);
    expect(await check(SHOP, [video(short)], ['facebook'])).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('takes out-of-home creatives in 16:9 or 9:16 only', async () => {
    const box = await kit.uploaded(SHOP, png(300, 250), 'box.png', 'image');
    const wide = await kit.uploaded(SHOP, png(160, 90), 'wide.png', 'image');
    const image = (file: string) => ({ bannerType: 'image_ad', name: 'Poster', file, channels: ['uzeads'] });
    const refused = await check(SHOP, [image(box)], ['uzeads']);
    expect(refused.body.errors).toEqual([{ field: 'creatives.0.width', message: expect.stringContaining('16:9 / 9:16') }]);
    expect((await check(SHOP, [image(wide)], ['uzeads'])).status).toBe(200);
  });

  it('names every channel without a creative, short search ads and incomplete ad codes', async () => {
    const { status, body } = await check(SHOP, [
      { bannerType: 'search_ad', name: 'Search', headlines: ['One', 'Two'], descriptions: ['A'], keywords: 'shoes\nboots', channels: ['googleads'] },
      { bannerType: 'html_ad', name: 'Tag', adCode: '', channels: ['platform161'] },
    ], ['googleads', 'platform161', 'facebook']);
    expect(status).toBe(400);
    const fields = body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining([
      'creatives.0.headlines', 'creatives.0.descriptions', 'creatives.0.keywords', 'creatives.1.width', 'creatives.1.height', 'creatives.1.adCode', 'creatives',
    ]));
    expect(body.errors).toContainEqual({ field: 'creatives', message: expect.stringContaining('Facebook') });
    expect(body.message).toBe(body.errors[0].message);
  });

  it('treats another advertiser\'s file as missing and a file of the wrong kind as wrong', async () => {
    const foreign = await kit.uploaded(OTHER, png(300, 250), 'theirs.png', 'image');
    const clip = await kit.uploaded(SHOP, mp4(10), 'clip.mp4', 'video');
    const { body } = await check(SHOP, [
      { bannerType: 'image_ad', name: 'Theirs', file: foreign, channels: ['platform161'] },
      { bannerType: 'image_ad', name: 'Clip', file: clip, channels: ['platform161'] },
    ], ['platform161']);
    expect(body.errors).toEqual(expect.arrayContaining([
      { field: 'creatives.0.file', message: 'File not found: please upload it again.' },
      { field: 'creatives.1.file', message: 'Wrong file type: Image creatives need a PNG, JPG or GIF image.' },
    ]));
  });
});
