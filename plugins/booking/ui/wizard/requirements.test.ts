import { describe, expect, it } from 'vitest';
import { accepts, channelsWithoutCreative, defaultChannels, domainLimits, requirementHints } from './requirements.ts';

const image = (width: number, height: number) => ({ bannerType: 'image_ad' as const, width, height });

describe('what the channels take', () => {
  it('gives a banner channel standard sizes only, a native channel any image, search ads to Google Ads', () => {
    expect(accepts('dv360', image(300, 250))).toBe(true);
    expect(accepts('dv360', image(123, 45))).toBe(false);
    expect(accepts('outbrain', image(123, 45))).toBe(true);
    expect(accepts('googleads', image(300, 250))).toBe(false);
    expect(accepts('googleads', { bannerType: 'search_ad' })).toBe(true);
  });

  it('wants 9 to 15 second videos on social media and 16:9 or 9:16 out of home', () => {
    expect(accepts('facebook', { bannerType: 'video_ad', duration: 12 })).toBe(true);
    expect(accepts('facebook', { bannerType: 'video_ad', duration: 30 })).toBe(false);
    expect(accepts('uzeads', image(1920, 1080))).toBe(true);
    expect(accepts('uzeads', image(1000, 1000))).toBe(false);
  });

  it('assigns a new creative to the chosen channels that take it and names the channels still without one', () => {
    const channels = ['dv360', 'outbrain', 'googleads'];
    expect(defaultChannels(channels, image(300, 250))).toEqual(['dv360', 'outbrain']);
    expect(channelsWithoutCreative(channels, [{ key: 'a', bannerType: 'image_ad', name: 'A', channels: ['dv360', 'outbrain'] }])).toEqual(['googleads']);
  });

  it('sums up each chosen channel\'s requirements', () => {
    const [hint] = requirementHints(['facebook']);
    expect(hint).toMatchObject({ name: 'Facebook', videoSeconds: { min: 9, max: 15 }, maxMegabytes: 10, sizes: [] });
    expect(requirementHints(['dv360'])[0].sizes).toContain('300x250');
  });

  it('counts the domain lines against the channels\' maximum (Platform 161: 2000)', () => {
    const many = Array.from({ length: 2001 }, (_, index) => `site${index}.example.com`).join('\n');
    expect(domainLimits('a.com\n\nb.com\n', ['platform161', 'dv360'])).toEqual({ count: 2, limits: [{ name: 'Platform 161', max: 2000 }], exceeded: [] });
    expect(domainLimits(many, ['platform161']).exceeded).toEqual([{ name: 'Platform 161', max: 2000 }]);
  });
});
