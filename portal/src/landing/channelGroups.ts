/**
 * The landing page's channel overview: the active channels of the catalogue by channel group, in the
 * order of SPEC section 1. Inactive channels and the affiliate channels are not advertised.
 */
import { CHANNELS, type ChannelDef } from '@adsuite/config/channels';
import { CHANNEL_GROUPS } from '@adsuite/config/constants';

/** Message key stem of each group (`channelGroup.<key>`, `channelGroup.<key>.text`). */
export const GROUP_KEYS = {
  'Banner Ads': 'banner',
  'Native Ads': 'native',
  'Social Media Video': 'socialVideo',
  'Out-of-home': 'outOfHome',
  'E-Mail Marketing': 'email',
  'Search Ads': 'search',
  Affiliate: 'affiliate',
  'Metaverse & Gaming': 'metaverse',
} as const satisfies Record<(typeof CHANNEL_GROUPS)[number], string>;

export type GroupKey = (typeof GROUP_KEYS)[keyof typeof GROUP_KEYS] | 'other';

export interface LandingChannel {
  key: string;
  name: string;
  shortName: string;
  color: string;
}

export interface LandingGroup {
  key: GroupKey;
  channels: LandingChannel[];
}

type CatalogueEntry = Pick<ChannelDef, 'key' | 'name' | 'shortName' | 'category' | 'active' | 'color'>;

const isAffiliate = (channel: CatalogueEntry) => channel.category === 'Affiliate' || channel.key.startsWith('affiliate');

export function landingChannelGroups(catalogue: readonly CatalogueEntry[] = CHANNELS): LandingGroup[] {
  const groups = new Map<GroupKey, LandingChannel[]>();
  for (const channel of catalogue) {
    if (!channel.active || isAffiliate(channel)) continue;
    const key: GroupKey = GROUP_KEYS[channel.category as keyof typeof GROUP_KEYS] ?? 'other';
    const list = groups.get(key) ?? [];
    list.push({ key: channel.key, name: channel.name, shortName: channel.shortName, color: channel.color });
    groups.set(key, list);
  }
  const order: GroupKey[] = [...Object.values(GROUP_KEYS), 'other'];
  return order.filter((key) => groups.has(key)).map((key) => ({ key, channels: groups.get(key)! }));
}
