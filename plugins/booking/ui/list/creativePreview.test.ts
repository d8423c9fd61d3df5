import { describe, expect, it } from 'vitest';
import { previewLink, previewOf } from './creativePreview.ts';

const ID = '0b9a4a34-3f0e-4a53-9a55-0e8f5f1b2c3d';
const FILE = '7c2d0a5e-1111-4a53-8a55-0e8f5f1b2c3d';

describe('creative previews of the booking detail', () => {
  it('shows images from their banner, an uploaded file by its path on this server', () => {
    expect(previewOf({ id: ID, bannerType: 'image_ad', downloadLink: `http://localhost:8080/banner/file/${FILE}` })).toEqual({ kind: 'image', src: `/banner/file/${FILE}` });
    expect(previewOf({ bannerType: 'image_ad', downloadLink: 'https://cdn.shop.test/a.png', thumbnail: { downloadLink: 'https://cdn.shop.test/a-small.png' } }))
      .toEqual({ kind: 'image', src: 'https://cdn.shop.test/a-small.png' });
    // A creative of the draft, before it became a banner: its uploaded file.
    expect(previewOf({ bannerType: 'image_ad', file: FILE, width: 300, height: 250 })).toEqual({ kind: 'image', src: `/banner/file/${FILE}` });
  });

  it('shows videos with their poster, or their first frame', () => {
    expect(previewOf({ bannerType: 'video_ad', video: { downloadLink: `/banner/file/${FILE}` }, thumbnail: { downloadLink: 'https://cdn.shop.test/poster.jpg' } }))
      .toEqual({ kind: 'video', src: `/banner/file/${FILE}`, poster: 'https://cdn.shop.test/poster.jpg' });
    expect(previewOf({ bannerType: 'video_ad', file: FILE })).toEqual({ kind: 'video', src: `/banner/file/${FILE}` });
  });

  it('shows template and HTML banners as the ad server renders them, in their size', () => {
    expect(previewOf({ id: ID, bannerType: 'template_ad', width: 728, height: 90 })).toEqual({ kind: 'frame', src: `/banner?id=${ID}`, width: 728, height: 90 });
    expect(previewOf({ id: ID, bannerType: 'html_ad' })).toEqual({ kind: 'frame', src: `/banner?id=${ID}`, width: 300, height: 250 });
    // Only a stored banner has a rendering; an image without any address is rendered too.
    expect(previewOf({ bannerType: 'html_ad', file: FILE })).toEqual({ kind: 'icon' });
    expect(previewOf({ id: ID, bannerType: 'image_ad', width: 160, height: 600 })).toEqual({ kind: 'frame', src: `/banner?id=${ID}`, width: 160, height: 600 });
  });

  it('shows search ads as their text, headlines and descriptions', () => {
    expect(previewOf({ id: ID, bannerType: 'search_ad', headlines: ['Sale', ' ', 'Free delivery'], descriptions: 'Everything.\nFast.' }))
      .toEqual({ kind: 'text', headlines: ['Sale', 'Free delivery'], descriptions: ['Everything.', 'Fast.'] });
    expect(previewOf({ id: ID, bannerType: 'search_ad' })).toEqual({ kind: 'frame', src: `/banner?id=${ID}`, width: 300, height: 120 });
  });

  it('loads nothing from links that are no web addresses', () => {
    expect(previewLink('javascript:alert(1)')).toBeUndefined();
    expect(previewLink('//evil.test/x.png')).toBeUndefined();
    expect(previewOf({ bannerType: 'image_ad', downloadLink: 'javascript:alert(1)' })).toEqual({ kind: 'icon' });
  });
});
