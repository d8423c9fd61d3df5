import { describe, expect, it } from 'vitest';
import { CHANNELS } from '@adsuite/config/channels';
import { landingChannelGroups } from './channelGroups.ts';

describe('landing channel groups', () => {
  it('lists the active channels of the catalogue by group, without affiliate and inactive ones', () => {
    const groups = landingChannelGroups();
    const listed = groups.flatMap((group) => group.channels.map((channel) => channel.key));
    const expected = CHANNELS.filter((c) => c.active && c.category !== 'Affiliate' && !c.key.startsWith('affiliate')).map((c) => c.key);
    expect(listed.sort()).toEqual(expected.sort());
    expect(groups.map((group) => group.key)).not.toContain('affiliate');
    for (const inactive of CHANNELS.filter((c) => !c.active)) expect(listed).not.toContain(inactive.key);
  });

  it('keeps the group order of the specification and drops empty groups', () => {
    const groups = landingChannelGroups([
      { key: 'x', name: 'X', shortName: 'X', category: 'Metaverse & Gaming', active: true, color: '#000' },
      { key: 'y', name: 'Y', shortName: 'Y', category: 'Banner Ads', active: true, color: '#000' },
      { key: 'z', name: 'Z', shortName: 'Z', category: 'Search Ads', active: false, color: '#000' },
      { key: 'affiliate_cpc', name: 'A', shortName: 'A', category: 'Banner Ads', active: true, color: '#000' },
    ]);
    expect(groups.map((group) => [group.key, group.channels.map((c) => c.key)])).toEqual([
      ['banner', ['y']],
      ['metaverse', ['x']],
    ]);
  });
});
