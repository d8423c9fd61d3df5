import { describe, expect, it } from 'vitest';
import { useCreativesServer } from './testkit.ts';
import { bag } from './pictures.ts';
import { CI_TEMPLATE } from './seed.ts';

const kit = useCreativesServer();
const WIZARD = 'wizard@demo.test';

async function start(email: string, advertiser: string) {
  const { status, body } = await kit.call(email, `/api/banner/generator?advertiser=${advertiser}`);
  expect(status).toBe(200);
  return body;
}

describe('the banner generator', () => {
  it('saves an advertiser\'s banners of a template in every size, served by the ad server as the preview showed them', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const data = await start(WIZARD, shop.id);
    const template = data.templates.find((entry: { name: string }) => entry.name === CI_TEMPLATE);
    expect(template).toBeTruthy();
    // The Demo Shop's corporate identity names its logo, one of its graphics.
    expect(data.ci).toMatchObject({ name: 'Demo Shop CI', primaryColor: '#0b6fb8', logoUrl: `/banner/file/${data.ci.logo}` });
    const product = await kit.uploadGraphic(WIZARD, bag(120, '#ffb400'), 'bag.png', { advertiser: shop.id });
    const productImage = product.body.url.split('/').pop();
    const values = {
      slogan: 'Sun & sea <ready>', productName: 'Beach bag', productImage, logo: data.ci.logo,
      primaryColor: data.ci.primaryColor, secondaryColor: '#ffb400', textColor: '#ffffff', clickUrl: 'https://shop.demo.test/bag', cta: 'Buy now',
    };
    // What the preview shows: the template rendered by the ad server at a size.
    const preview = await kit.fetch(`/banner?${new URLSearchParams({ id: template.id, width: '728', height: '90', placeholder: JSON.stringify(values) })}`);

    const before = await kit.core().model('banner').count({ where: { advertiser: shop.id } });
    const { status, body } = await kit.call(WIZARD, '/api/banner/generate', { method: 'POST', body: { advertiser: shop.id, template: template.id, values } });
    expect(status).toBe(201);
    expect(body.banners.map((banner: { width: number; height: number }) => `${banner.width}x${banner.height}`)).toEqual(data.sizes.map((size: { width: number; height: number }) => `${size.width}x${size.height}`));
    expect(body.banners[0]).toMatchObject({ name: 'Beach bag 300x250', advertiser: shop.id, bannerType: 'template_ad', template: template.id });
    expect(await kit.core().model('banner').count({ where: { advertiser: shop.id } })).toBe(before + data.sizes.length);

    const strip = body.banners.find((banner: { width: number }) => banner.width === 728);
    const served = await kit.fetch(strip.url);
    expect(served.status).toBe(200);
    expect(served.body).toBe(preview.body);
    expect(served.body).toContain('Sun &amp; sea &lt;ready&gt;');
    expect(served.body).toContain('background:#0b6fb8');
    expect(served.body).toContain(`src="/banner/file/${data.ci.logo}"`);
    expect(served.body).toContain(`src="/banner/file/${productImage}"`);
    expect(served.body).toContain('href="https://shop.demo.test/bag"');

    // The advertiser finds them among its creatives, ready for a booking.
    const own = await kit.call('advertiser@demo.test', `/api/banner?filter=${encodeURIComponent(JSON.stringify({ bannerType: 'template_ad' }))}&range=[0,99]`);
    expect(own.body.map((banner: { id: string }) => banner.id)).toEqual(expect.arrayContaining(body.banners.map((banner: { id: string }) => banner.id)));
  });

  it('refuses missing texts, a wrong colour, another advertiser\'s image and an unknown size, saving nothing', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const other = await kit.advertiser('Other Shop AG');
    const template = (await start(WIZARD, shop.id)).templates.find((entry: { name: string }) => entry.name === CI_TEMPLATE);
    const foreign = await kit.uploadGraphic(WIZARD, bag(40, '#000000'), 'foreign.png', { advertiser: other.id });
    const before = await kit.core().model('banner').count();
    const refused = await kit.call(WIZARD, '/api/banner/generate', {
      method: 'POST', body: { advertiser: shop.id, template: template.id, values: { slogan: '', productName: 'Bag', primaryColor: 'blue', productImage: foreign.body.url.split('/').pop() } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'values.slogan', message: 'Please fill in "Slogan".' },
      { field: 'values.productImage', message: '"Product image": please choose an image of this advertiser (PNG, JPG or GIF) from the gallery or upload it.' },
      { field: 'values.primaryColor', message: '"Primary colour" must be a colour such as #1a2b3c.' },
    ]);
    const size = await kit.call(WIZARD, '/api/banner/generate', {
      method: 'POST', body: { advertiser: shop.id, template: template.id, sizes: ['300x250', '123x45'], values: { slogan: 'S', productName: 'P' } }, headers: { Language: 'de' },
    });
    expect(size).toMatchObject({ status: 400, body: { message: 'Die Größe 123x45 bietet der Generator nicht an.' } });
    // An advertiser makes banners only for itself.
    const foreignAdvertiser = await kit.call('other@demo.test', '/api/banner/generate', { method: 'POST', body: { advertiser: shop.id, template: template.id, values: { slogan: 'S', productName: 'P' } } });
    expect(foreignAdvertiser.status).toBe(400);
    expect(await kit.core().model('banner').count()).toBe(before);
    // Chosen sizes only.
    const two = await kit.call(WIZARD, '/api/banner/generate', { method: 'POST', body: { advertiser: shop.id, template: template.id, sizes: ['320x50', { width: 160, height: 600 }], values: { slogan: 'S', productName: 'P' } } });
    expect(two.body.banners.map((banner: { name: string }) => banner.name)).toEqual(['P 320x50', 'P 160x600']);
  });

  it('renders unsaved template HTML for the editor\'s preview', async () => {
    const { status, body } = await kit.call(WIZARD, '/api/banner/template/preview', {
      method: 'POST',
      body: { html: '<div style="width:{{width}}px;color:{{textColor}}">{{slogan}}{{#cta}}<b>{{cta}}</b>{{/cta}}</div>', placeholder: [{ key: 'slogan', type: 'text', label: 'Slogan' }], width: 320, height: 50, values: { slogan: 'Hi <there>', textColor: '#123456' } },
    });
    expect(status).toBe(200);
    expect(body.html).toBe('<div style="width:320px;color:#123456">Hi &lt;there&gt;</div>');
    const bad = await kit.call(WIZARD, '/api/banner/template/preview', { method: 'POST', body: { html: 'x', width: 0, height: 50 } });
    expect(bad.status).toBe(400);
    expect((await kit.call('viewer@demo.test', '/api/banner/template/preview', { method: 'POST', body: { html: 'x', width: 10, height: 10 } })).status).toBe(403);
    // The affiliate manager opens the editor to read templates: it sees previews, and writes no template.
    expect((await kit.call('affiliatemanager@demo.test', '/api/banner/template/preview', { method: 'POST', body: { html: 'x', width: 10, height: 10 } })).status).toBe(200);
    expect((await kit.call('affiliatemanager@demo.test', '/api/bannertemplate', { method: 'POST', body: { name: 'AM', width: 10, height: 10, html: 'x' } })).status).toBe(403);
  });
});

describe('the coupon history', () => {
  it('names who redeemed a coupon when', async () => {
    const coupon = (await kit.core().model('coupon').findOne({ where: { name: 'NEW25' }, raw: true })) as unknown as { id: string };
    const { status, body } = await kit.call('sysop@demo.test', `/api/coupon/${coupon.id}/advertisers`);
    expect(status).toBe(200);
    expect(body).toEqual([{ date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), advertiser: (await kit.advertiser('Demo Shop GmbH')).id, name: 'Demo Shop GmbH' }]);
    expect((await kit.call('sysop@demo.test', '/api/coupon/00000000-0000-4000-8000-000000000000/advertisers')).status).toBe(404);
  });
});
