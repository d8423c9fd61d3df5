import { describe, expect, it } from 'vitest';
import { HttpError } from '@adsuite/backend/kit';
import { gif, jpeg, mp4, png, webm, zip } from './fixtures.ts';
import { declaredAdSize, inspectUpload, type FileKind } from './media.ts';
import { readMp4 } from './mp4.ts';
import { readWebm } from './webm.ts';
import { htmlEntry, readZipEntry, zipEntries } from './zip.ts';
import { renderTemplate } from './templates.ts';

function refusal(data: Buffer, name: string, kind: FileKind): string {
  try {
    inspectUpload(data, name, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error(`${name} was accepted as ${kind}`);
}

describe('reading uploads by their content', () => {
  it('measures PNG, JPG and GIF images', () => {
    expect(inspectUpload(png(300, 250), 'banner.png', 'image')).toEqual({ mime: 'image/png', width: 300, height: 250, duration: null });
    expect(inspectUpload(jpeg(728, 90), 'leaderboard.jpeg', 'image')).toMatchObject({ mime: 'image/jpeg', width: 728, height: 90 });
    expect(inspectUpload(gif(160, 600), 'sky.gif', 'image')).toMatchObject({ mime: 'image/gif', width: 160, height: 600 });
  });

  it('reads the duration of an MP4 from its movie header, in both header versions', () => {
    expect(readMp4(mp4(12.5, 1080, 1920))).toEqual({ duration: 12.5, width: 1080, height: 1920 });
    expect(readMp4(mp4(9, 1280, 720, 1))).toEqual({ duration: 9, width: 1280, height: 720 });
    expect(inspectUpload(mp4(20), 'clip.mp4', 'video')).toEqual({ mime: 'video/mp4', width: 1920, height: 1080, duration: 20 });
  });

  it('reads the duration and frame size of a WebM', () => {
    expect(readWebm(webm(14.2, 640, 360))).toEqual({ duration: expect.closeTo(14.2, 6), width: 640, height: 360 });
    expect(inspectUpload(webm(10), 'clip.webm', 'video')).toMatchObject({ mime: 'video/webm', duration: expect.closeTo(10, 6) });
  });

  it('refuses a .png that is really text, and an MP4 without a movie header', () => {
    expect(refusal(Buffer.from('just some text, not an image'), 'fake.png', 'image')).toBe('Wrong file type: fake.png is not a PNG, JPG or GIF image (its content is not a known format).');
    const noHeader = Buffer.concat([mp4(10).subarray(0, 32)]);
    expect(refusal(noHeader, 'broken.mp4', 'video')).toBe('The video has no readable duration (no movie header).');
  });

  it('takes only PNG or JPG as logo and product image', () => {
    expect(refusal(gif(100, 100), 'logo.gif', 'logo')).toBe('Wrong file type: logo.gif is a GIF image, expected a PNG or JPG image.');
    expect(inspectUpload(jpeg(100, 100), 'product.jpg', 'productImage')).toMatchObject({ mime: 'image/jpeg' });
    expect(refusal(mp4(10), 'product.mp4', 'productImage')).toBe('Wrong file type: product.mp4 is an MP4 video, expected a PNG or JPG image.');
  });

  it('refuses a name whose extension contradicts the content', () => {
    expect(refusal(png(10, 10), 'photo.jpg', 'image')).toBe('Wrong file extension: photo.jpg is a PNG image, its name says otherwise.');
  });

  it('takes HTML pages and zips holding one, and reads the page out of the zip', () => {
    const page = '<!doctype html><html><body><a href="https://shop.example">Buy</a></body></html>';
    expect(inspectUpload(Buffer.from(page), 'ad.html', 'html')).toMatchObject({ mime: 'text/html' });
    const archive = zip({ 'assets/logo.txt': 'x', 'index.html': page });
    expect(inspectUpload(archive, 'ad.zip', 'html')).toMatchObject({ mime: 'application/zip' });
    const entries = zipEntries(archive)!;
    expect(readZipEntry(archive, htmlEntry(entries)!)!.toString()).toBe(page);
    expect(refusal(zip({ 'readme.txt': 'no page' }), 'ad.zip', 'html')).toBe('The zip archive holds no HTML page.');
  });

  it('takes the size an HTML5 banner declares (meta ad.size), in the page or in the zip', () => {
    const page = (meta: string) => `<!doctype html><html><head>${meta}</head><body><div>Ad</div></body></html>`;
    expect(inspectUpload(Buffer.from(page('<meta name="ad.size" content="width=300,height=250">')), 'ad.html', 'html'))
      .toEqual({ mime: 'text/html', width: 300, height: 250, duration: null });
    expect(inspectUpload(zip({ 'index.html': page(`<meta content='width=728, height=90' name='AD.SIZE'/>`) }), 'ad.zip', 'html'))
      .toMatchObject({ mime: 'application/zip', width: 728, height: 90 });
    // No declaration, or a broken one: the size stays open for the user to enter.
    expect(inspectUpload(Buffer.from(page('<meta name="viewport" content="width=device-width">')), 'ad.html', 'html')).toMatchObject({ width: null, height: null });
    expect(declaredAdSize(page('<meta name="ad.size" content="width=0,height=250">'))).toBeNull();
    expect(declaredAdSize(page('<meta name="ad.size" content="width=300">'))).toBeNull();
  });
});

describe('rendering a banner template', () => {
  const template = {
    html: '<title>{{productName}}</title><a href="{{clickUrl}}">{{#logo}}<img src="{{logo}}">{{/logo}}<b>{{slogan}}</b></a><i>{{width}}x{{height}}</i>',
    placeholder: [{ key: 'logo', type: 'image' }, { key: 'slogan', type: 'text' }, { key: 'productName', type: 'text' }, { key: 'clickUrl', type: 'url' }],
    width: 300,
    height: 250,
  };

  it('escapes text, takes images only as uploaded files and links only as http(s)', () => {
    const html = renderTemplate(template, { slogan: '<script>alert("x")</script> & more', productName: 'Shoe', logo: 'javascript:alert(1)', clickUrl: 'javascript:alert(1)' });
    expect(html).toBe('<title>Shoe</title><a href="#"><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more</b></a><i>300x250</i>');
  });

  it('fills images from file ids and the size from the request', () => {
    const id = '0b9a4a34-3f0e-4a53-9a55-0e8f5f1b2c3d';
    const html = renderTemplate(template, { slogan: 'Hi', productName: 'Shoe', logo: id, clickUrl: 'https://shop.example/?a=1&b=2' }, { width: 728, height: 90 });
    expect(html).toBe(`<title>Shoe</title><a href="https://shop.example/?a=1&amp;b=2"><img src="/banner/file/${id}"><b>Hi</b></a><i>728x90</i>`);
  });
});
