import { describe, expect, it, vi } from 'vitest';
import { outboxTo } from '@adsuite/backend/testkit';
import type { Row } from '@adsuite/backend/kit';
import { addDays, today } from '@adsuite/config/booking/index';
import { gif, jpeg, mp4, png, zip } from './fixtures.ts';
import { ensureDefaultTemplates, prepareBooking, STANDARD_SIZES } from './index.ts';
import { useCreativeServer } from './testkit.ts';

/** A test may edit the booking while the background check runs, as a user's PUT can. */
const during = vi.hoisted(() => ({ check: null as null | (() => Promise<void>) }));
vi.mock('./check.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./check.ts')>();
  return {
    ...original,
    checkCreativesForChannels: async (...args: Parameters<typeof original.checkCreativesForChannels>) => {
      const edit = during.check;
      during.check = null;
      await edit?.();
      return original.checkCreativesForChannels(...args);
    },
  };
});

const kit = useCreativeServer();
const SHOP = 'advertiser@demo.test';
const SLOGAN = '<b>Big</b> & "bold" sale';
const ESCAPED = '&lt;b&gt;Big&lt;/b&gt; &amp; &quot;bold&quot; sale';

const preview = (email: string, body: unknown) => kit.call(email, '/api/booking/creative-service/preview', { method: 'POST', body });

async function booking(values: Row): Promise<Row & { id: string }> {
  const shop = await kit.advertiser('Demo Shop GmbH');
  const row = await kit.core().model('booking').create({
    name: 'Autumn', advertiser: shop.id, start: '2030-01-01', status: 'waiting for approval', target: 'https://shop.example/autumn', ...values,
  });
  return row.get({ plain: true }) as Row & { id: string };
}

const reload = async (id: string) => (await kit.core().model('booking').findOne({ where: { id }, raw: true })) as Row;
const bannersOf = async (ids: string[]) => (await kit.core().model('banner').findAll({ where: { id: ids }, raw: true })) as Row[];

describe('the creative service', () => {
  it('asks for slogan and product name, and PNG or JPG images of the advertiser', async () => {
    const missing = await preview(SHOP, { slogan: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      message: 'Slogan and product name are required.',
      errors: [{ field: 'slogan', message: 'Slogan and product name are required.' }, { field: 'productName', message: 'Slogan and product name are required.' }],
    });
    const foreign = await kit.uploaded('other@demo.test', png(100, 100), 'logo.png', 'logo');
    const animated = await kit.uploaded(SHOP, gif(100, 100), 'anim.gif', 'image');
    const { body } = await preview(SHOP, { slogan: 'Hi', productName: 'Shoe', logo: foreign, productImage: animated });
    expect(body.errors).toEqual([
      { field: 'logo', message: 'Logo not found: please upload it again.' },
      { field: 'productImage', message: 'Product image must be a PNG or JPG image.' },
    ]);
    const german = await kit.call(SHOP, '/api/booking/creative-service/preview', {
      method: 'POST', body: { slogan: 'Hi', productName: 'Shoe', logo: foreign, productImage: animated }, headers: { Language: 'de' },
    });
    expect(german.body.errors).toEqual([
      { field: 'logo', message: 'Logo nicht gefunden: Bitte laden Sie es erneut hoch.' },
      { field: 'productImage', message: 'Produktbild muss ein PNG- oder JPG-Bild sein.' },
    ]);
  });

  it('previews every standard size as a page of the ad server with the escaped slogan and the images', async () => {
    const logo = await kit.uploaded(SHOP, png(120, 40), 'logo.png', 'logo');
    const product = await kit.uploaded(SHOP, png(200, 200, [240, 180, 0]), 'shoe.png', 'productImage');
    const { status, body } = await preview(SHOP, { logo, productImage: product, slogan: SLOGAN, productName: 'Runner 2', callToAction: 'BUY_NOW' });
    expect(status).toBe(200);
    expect(body.map((p: Row) => [p.width, p.height])).toEqual(STANDARD_SIZES.map((s) => [s.width, s.height]));
    for (const { url, width, height } of body) {
      const page = await kit.fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain('sandbox');
      expect(page.body).toContain(ESCAPED);
      expect(page.body).not.toContain(SLOGAN);
      expect(page.body).toContain(`width:${width}px;height:${height}px`);
      expect(page.body).toContain(`/banner/file/${logo}`);
      expect(page.body).toContain(`/banner/file/${product}`);
      expect(page.body).toContain('<span class="cta">Buy now</span>');
    }
    // The images the previews name are served to the iframe without a token.
    expect((await kit.fetch(`/banner/file/${product}`)).headers.get('content-type')).toBe('image/png');
  });

  it('keeps one default template per standard size, however often it is ensured', async () => {
    await Promise.all([ensureDefaultTemplates(kit.core()), ensureDefaultTemplates(kit.core())]);
    // The platform's templates of a fixed size (the creative tools' demo adds a responsive one beside them).
    const defaults = ((await kit.core().model('bannertemplate').findAll({ where: { advertiser: null }, raw: true })) as Row[])
      .filter((t) => STANDARD_SIZES.some((s) => s.width === t.width && s.height === t.height) && t.name !== 'Corporate identity (responsive)');
    expect(defaults.map((t) => `${t.width}x${t.height}`).sort()).toEqual(STANDARD_SIZES.map((s) => `${s.width}x${s.height}`).sort());
  });

  it("renders an advertiser's own template of a size instead of the platform's", async () => {
    const own = await kit.call('other@demo.test', '/api/bannertemplate', {
      method: 'POST', body: { name: 'Our box', width: 300, height: 250, html: '<p class="own">{{productName}}: {{slogan}}</p>', placeholder: [{ key: 'slogan', type: 'text' }] },
    });
    expect(own.status).toBe(201);
    const theirs = await preview('other@demo.test', { slogan: 'Fresh', productName: 'Tea' });
    const box = theirs.body.find((p: Row) => p.width === 300 && p.height === 250);
    expect((await kit.fetch(box.url)).body).toBe('<p class="own">Tea: Fresh</p>');
    const ours = await preview(SHOP, { slogan: 'Fresh', productName: 'Tea' });
    expect((await kit.fetch(ours.body[0].url)).body).not.toContain('class="own"');
  });

  it('serves stored search ads escaped, and ad codes and HTML5 zips in a sandbox', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const create = async (values: Row) =>
      ((await kit.core().model('banner').create({ name: 'B', advertiser: shop.id, ...values })).get({ plain: true }) as Row).id as string;
    const search = await create({ bannerType: 'search_ad', width: null, height: null, headlines: ['<i>Shoes</i>', 'Boots', 'Socks'], descriptions: ['50% & more'] });
    const searchPage = await kit.fetch(`/banner?id=${search}`);
    expect(searchPage.body).toContain('&lt;i&gt;Shoes&lt;/i&gt; | Boots | Socks');
    expect(searchPage.body).toContain('50% &amp; more');

    const tag = await create({ bannerType: 'html_ad', width: 728, height: 90, adCode: '<script>document.write("ad")</script>' });
    const tagPage = await kit.fetch(`/banner?id=${tag}`);
    expect(tagPage.body).toContain('<script>document.write("ad")</script>');
    expect(tagPage.body).toContain('width:728px;height:90px');
    expect(tagPage.headers.get('content-security-policy')).toBe('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox');

    const page = '<!doctype html><html><head><title>ad</title></head><body><img src="img/a.gif"></body></html>';
    const file = await kit.uploaded(SHOP, zip({ 'ad/img/a.gif': gif(1, 1), 'ad/index.html': page }), 'ad.zip', 'html');
    const html5 = await create({ bannerType: 'html_ad', width: 300, height: 250, downloadLink: `${kit.core().env.publicUrl}/api/booking/files/${file}` });
    expect((await kit.fetch(`/banner?id=${html5}`)).body).toBe(page.replace('<head>', `<head><base href="/banner/html/${file}/ad/">`));
    const asset = await kit.fetch(`/banner/html/${file}/ad/img/a.gif`);
    expect(asset.headers.get('content-type')).toBe('image/gif');
    expect(Buffer.compare(asset.body, gif(1, 1))).toBe(0);
    expect((await kit.fetch(`/banner/html/${file}/ad/missing.js`)).status).toBe(404);
  });

  it('answers 404 for unknown banners', async () => {
    expect((await kit.fetch('/banner?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await kit.fetch('/banner?id=nonsense')).status).toBe(404);
  });
});

describe('preparing a booking (job booking.prepare)', () => {
  it('generates template banners of every standard size, then makes the booking pending and mails its users', async () => {
    const logo = await kit.uploaded(SHOP, png(120, 40), 'logo.png', 'logo');
    const created = await booking({
      name: 'Service booking', status: 'generating creatives', channels: ['platform161', 'facebook'], callToAction: 'LEARN_MORE',
      creativeService: { logo, productImage: null, slogan: SLOGAN, productName: 'Runner 2' },
    });
    await prepareBooking(kit.core(), created.id);

    const after = await reload(created.id);
    expect(after.status).toBe('pending');
    const creatives = after.creatives as Row[];
    expect(creatives).toHaveLength(STANDARD_SIZES.length);
    const banners = await bannersOf(creatives.map((c) => c.id as string));
    expect(banners).toHaveLength(STANDARD_SIZES.length);
    for (const banner of banners) {
      expect(banner).toMatchObject({ bannerType: 'template_ad', advertiser: created.advertiser, campaign: null, channels: ['platform161', 'facebook'] });
      expect(banner.placeholder).toEqual(expect.arrayContaining([{ key: 'slogan', value: SLOGAN }, { key: 'logo', value: logo }]));
    }
    const [mail] = await outboxTo(kit.core(), SHOP);
    expect(mail).toMatchObject({ template: 'readyToPublish' });
    expect(mail.subject).toContain('Service booking');

    const page = await kit.fetch(`/banner?id=${banners[0].id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(ESCAPED);
    expect(page.body).toContain('href="https://shop.example/autumn"');
    expect(page.body).toContain('<span class="cta">Learn more</span>');

    // A second run (a retried job) changes nothing.
    await prepareBooking(kit.core(), created.id);
    expect((await reload(created.id)).creatives).toEqual(creatives);
  });

  it('turns uploaded creatives of the draft into banners with a download link', async () => {
    const file = await kit.uploaded(SHOP, png(300, 250), 'box.png', 'image');
    const created = await booking({ channels: ['platform161'], creatives: [{ bannerType: 'image_ad', name: 'Box', file, channels: ['platform161'] }] });
    await prepareBooking(kit.core(), created.id);
    // Uploaded creatives wait for staff's review per channel (plugins/approvals) before the booking goes on.
    const waiting = await reload(created.id);
    expect(waiting.status).toBe('waiting for approval');
    const id = (waiting.creatives as Row[])[0].id as string;
    await kit.core().model('banner').update({ reviews: { platform161: { status: 'approved' } } }, { where: { id } });
    await prepareBooking(kit.core(), created.id);
    const after = await reload(created.id);
    expect(after.status).toBe('pending');
    const [banner] = await bannersOf([id]);
    expect(banner).toMatchObject({ bannerType: 'image_ad', name: 'Box', width: 300, height: 250, channels: ['platform161'] });
    expect(banner.downloadLink).toBe(`${kit.core().env.publicUrl}/banner/file/${file}`);
    expect((await kit.fetch(`/banner?id=${banner.id}`)).body).toContain(`<img src="${banner.downloadLink}"`);
  });

  it('rejects a social video outside 9 to 15 seconds, measured from the uploaded file', async () => {
    const file = await kit.uploaded(SHOP, mp4(20, 1080, 1920), 'long.mp4', 'video');
    const created = await booking({ name: 'Long video', channels: ['facebook'], creatives: [{ bannerType: 'video_ad', name: 'Spot', file, duration: 10, channels: ['facebook'] }] });
    await prepareBooking(kit.core(), created.id);
    const after = await reload(created.id);
    expect(after.status).toBe('rejected');
    expect(after.rejectionReason).toMatch(/9 to 15 seconds/);
    const [banner] = await bannersOf([(after.creatives as Row[])[0].id as string]);
    expect(banner.video).toMatchObject({ name: 'long.mp4', duration: 20, width: 1080, height: 1920 });
    const log = (await kit.core().model('campaignlog').findOne({ where: { entityId: created.id }, raw: true })) as Row;
    expect(log.message).toMatch(/^Booking "Long video" rejected: Facebook .*9 to 15 seconds/);
    // The advertiser and staff read the reason in their language.
    const german = await kit.call(SHOP, `/api/booking/${created.id}`, { headers: { Language: 'de' } });
    expect(german.body.rejectionReason).toBe('Facebook braucht ein Video von 9 bis 15 Sekunden.');
    expect((await kit.call(SHOP, `/api/booking/${created.id}`)).body.rejectionReason).toBe('Facebook needs a video of 9 to 15 seconds.');
    const entries = await kit.call('sysop@demo.test', `/api/campaignlog?filter=${encodeURIComponent(JSON.stringify({ entityId: created.id }))}`, { headers: { Language: 'de' } });
    expect(entries.body.map((entry: { message: string }) => entry.message)).toContain('Buchung „Long video“ abgelehnt: Facebook braucht ein Video von 9 bis 15 Sekunden.');
  });

  it('rejects a booking whose creatives do not serve its channels, with the reason in the activity log', async () => {
    const created = await booking({
      name: 'Search only', status: 'generating creatives', channels: ['googleads'],
      creativeService: { slogan: 'Hi', productName: 'Shoe' },
    });
    await prepareBooking(kit.core(), created.id);
    expect((await reload(created.id)).status).toBe('rejected');
    const log = (await kit.core().model('campaignlog').findOne({ where: { entityId: created.id }, order: [['created', 'DESC']], raw: true })) as Row;
    expect(log.message).toMatch(/^Booking "Search only" rejected: .*Google Ads/);
  });

  it('runs after POST /api/booking: the service booking becomes pending with its banners', async () => {
    const logo = await kit.uploaded(SHOP, png(120, 40), 'logo.png', 'logo');
    const productImage = await kit.uploaded(SHOP, jpeg(400, 400), 'product.jpg', 'productImage');
    const { status, body } = await kit.call(SHOP, '/api/booking', {
      method: 'POST',
      body: {
        name: 'Through the API', goal: 'clicks', dailyBudget: 12, start: addDays(today(), 1), end: addDays(today(), 31), channels: ['platform161', 'facebook'],
        target: 'https://shop.example/api', creatives: [], creativeService: { logo, productImage, slogan: SLOGAN, productName: 'Runner 3' },
      },
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.status).toBe('generating creatives');
    let after: Row = body;
    for (let i = 0; i < 200 && after.status !== 'pending' && after.status !== 'rejected'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await kit.call(SHOP, `/api/booking/${body.id}`)).body;
    }
    expect(after.status).toBe('pending');
    expect(after.creatives).toHaveLength(STANDARD_SIZES.length);
    const page = await kit.fetch(`/banner?id=${(after.creatives as Row[])[0].id}`);
    expect(page.body).toContain(ESCAPED);
    expect(page.body).toContain(`/banner/file/${productImage}`);
  });

  it('leaves the decision to the next run when the booking is edited during the check', async () => {
    const file = await kit.uploaded(SHOP, png(300, 250), 'box.png', 'image');
    const created = await booking({ channels: ['platform161'], creatives: [{ bannerType: 'image_ad', name: 'Box', file, channels: ['platform161'] }] });
    during.check = async () => {
      await kit.core().model('booking').update({ creatives: [{ bannerType: 'search_ad', name: 'Short', headlines: ['One'], channels: ['platform161'] }] }, { where: { id: created.id } });
    };
    await prepareBooking(kit.core(), created.id);
    expect((await reload(created.id)).status).toBe('waiting for approval');
    await prepareBooking(kit.core(), created.id);
    expect((await reload(created.id)).status).toBe('rejected');
  });

  it('rejects a service booking without a slogan', async () => {
    const created = await booking({ status: 'generating creatives', channels: ['platform161'], creativeService: { productName: 'Shoe' } });
    await prepareBooking(kit.core(), created.id);
    expect((await reload(created.id)).status).toBe('rejected');
  });
});
