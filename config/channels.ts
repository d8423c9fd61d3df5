/**
 * The channel catalogue of SPEC section 9 as data: every active and inactive channel with its group, fees,
 * minimum budget (EUR per day), limits and targeting options. The `channel` resource is seeded from it;
 * the booking wizard, the landing page and the budget checks read it.
 */
import { BANNER_TYPES, CHANNEL_GROUPS, DEFAULT_CHANNEL_MIN_BUDGET, DEFAULT_PROGRAMMATIC_FEE, TARGETING_FLAGS, UPLOAD_MAX_BYTES } from './constants.ts';

export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];

/** How the channel groups read (the channels dialog, the wizard, the landing page): SPEC section 1's eight groups. */
export const CHANNEL_GROUP_LABELS: Readonly<Record<ChannelGroup, { de: string; en: string }>> = {
  'Banner Ads': { de: 'Banner Ads', en: 'Banner Ads' },
  'Native Ads': { de: 'Native Ads', en: 'Native Ads' },
  'Social Media Video': { de: 'Social Media Video', en: 'Social Media Video' },
  'Out-of-home': { de: 'Out-of-Home', en: 'Out-of-home' },
  'E-Mail Marketing': { de: 'E-Mail-Marketing', en: 'E-Mail Marketing' },
  'Search Ads': { de: 'Suchanzeigen', en: 'Search Ads' },
  Affiliate: { de: 'Affiliate', en: 'Affiliate' },
  'Metaverse & Gaming': { de: 'Metaverse & Gaming', en: 'Metaverse & Gaming' },
};
export type TargetingFlag = (typeof TARGETING_FLAGS)[number];
export type BannerType = (typeof BANNER_TYPES)[number];

/**
 * What a channel accepts as creative (SPEC section 5): the upload checks of plugins/booking/server/creatives
 * and the wizard's hints read these; the booking rules check type, size, ratio and duration when known.
 */
export interface CreativeRequirements {
  bannerTypes: readonly BannerType[];
  /** Exact pixel sizes of image, HTML and template ads as [width, height]; empty = any size. */
  sizes: readonly (readonly [number, number])[];
  /** Aspect ratios as [width, height] (out-of-home 16:9 or 9:16); empty = any ratio. */
  ratios: readonly (readonly [number, number])[];
  /** Length of a video ad in seconds; null = any length. */
  videoSeconds: { min: number; max: number } | null;
  /** Largest upload in bytes (10 MB). */
  maxFileBytes: number;
  /** Accepted MIME types of uploaded image and video files. */
  imageTypes: readonly string[];
  videoTypes: readonly string[];
}

export interface ChannelDef {
  key: string;
  name: string;
  shortName: string;
  category: ChannelGroup;
  /** Share of the spend kept as programmatic fee (0.5 = 50 %). */
  programmaticFee: number;
  /** Minimum budget in EUR per day (SPEC section 9). */
  minBudget: number;
  /** Most domains a domain list may hold for this channel; null = no limit. */
  maxDomains: number | null;
  /** False where the channel takes no daily budget (Affiliate CPO). */
  dailyBudget: boolean;
  active: boolean;
  color: string;
  /** Icon path under the front-end's assets. */
  image: string;
  targetUrlNeeded: boolean;
  locationneeded: boolean;
  adtagsAllowed: boolean;
  networkHostedCreatives: boolean;
  targeting: TargetingFlag[];
  /** Fewest geo locations a booking must name for this channel (channels that need a location: 1). */
  minLocations: number;
  creativeRequirements: CreativeRequirements;
}

/** IAB standard display sizes the banner channels and the creative service use. */
export const STANDARD_BANNER_SIZES: readonly (readonly [number, number])[] = [
  [300, 250], [728, 90], [160, 600], [300, 600], [320, 50], [320, 100], [336, 280], [468, 60], [120, 600], [970, 250], [970, 90], [300, 50],
];
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];
const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'];

/** Defaults by channel group; a channel overrides what differs. */
const REQUIREMENTS_BY_GROUP: Record<ChannelGroup, Omit<CreativeRequirements, 'maxFileBytes' | 'imageTypes' | 'videoTypes'>> = {
  'Banner Ads': { bannerTypes: ['image_ad', 'html_ad', 'template_ad', 'video_ad'], sizes: STANDARD_BANNER_SIZES, ratios: [], videoSeconds: null },
  'Native Ads': { bannerTypes: ['image_ad', 'template_ad'], sizes: [], ratios: [], videoSeconds: null },
  'Social Media Video': { bannerTypes: ['video_ad', 'image_ad', 'template_ad'], sizes: [], ratios: [], videoSeconds: { min: 9, max: 15 } },
  'Out-of-home': { bannerTypes: ['image_ad', 'video_ad'], sizes: [], ratios: [[16, 9], [9, 16]], videoSeconds: null },
  'E-Mail Marketing': { bannerTypes: ['image_ad', 'html_ad', 'template_ad'], sizes: [], ratios: [], videoSeconds: null },
  'Search Ads': { bannerTypes: ['search_ad'], sizes: [], ratios: [], videoSeconds: null },
  Affiliate: { bannerTypes: ['image_ad', 'html_ad', 'template_ad'], sizes: [], ratios: [], videoSeconds: null },
  'Metaverse & Gaming': { bannerTypes: ['image_ad', 'video_ad'], sizes: [], ratios: [], videoSeconds: null },
};

type ChannelInput = Pick<ChannelDef, 'key' | 'name' | 'shortName' | 'category' | 'color' | 'targeting'>
  & Partial<Omit<ChannelDef, 'creativeRequirements'>> & { creativeRequirements?: Partial<CreativeRequirements> };

const channel = (input: ChannelInput): ChannelDef => withRequirements({
  programmaticFee: DEFAULT_PROGRAMMATIC_FEE,
  minBudget: DEFAULT_CHANNEL_MIN_BUDGET,
  maxDomains: null,
  dailyBudget: true,
  active: true,
  image: `/channels/${input.key}.svg`,
  targetUrlNeeded: true,
  locationneeded: false,
  adtagsAllowed: false,
  networkHostedCreatives: false,
  ...input,
  minLocations: input.minLocations ?? (input.locationneeded ? 1 : 0),
  creativeRequirements: {
    ...REQUIREMENTS_BY_GROUP[input.category],
    maxFileBytes: UPLOAD_MAX_BYTES,
    imageTypes: IMAGE_TYPES,
    videoTypes: VIDEO_TYPES,
    ...input.creativeRequirements,
  },
});

/** HTML ads are ad codes: only channels that allow ad tags take them. */
function withRequirements(def: ChannelDef): ChannelDef {
  const { bannerTypes } = def.creativeRequirements;
  return def.adtagsAllowed ? def : { ...def, creativeRequirements: { ...def.creativeRequirements, bannerTypes: bannerTypes.filter((type) => type !== 'html_ad') } };
}

const PROGRAMMATIC: TargetingFlag[] = ['gender', 'age', 'income', 'audience', 'domainlist', 'countries', 'geotargeting', 'timeslots', 'dealId'];
const SOCIAL: TargetingFlag[] = ['gender', 'age', 'audience', 'countries', 'geotargeting', 'education', 'cdpSegments'];
const OUT_OF_HOME: TargetingFlag[] = ['geotargeting', 'requireLocation', 'area', 'timeslots'];
const METAVERSE: TargetingFlag[] = ['area', 'nft', 'wearable', 'ethbalance'];

export const CHANNELS: readonly ChannelDef[] = [
  channel({
    key: 'platform161', name: 'Platform 161', shortName: 'P161', category: 'Banner Ads', color: '#0b6fb8', minBudget: 0.1, maxDomains: 2000,
    adtagsAllowed: true, targeting: [...PROGRAMMATIC, 'geosplitting', 'cdpSegments'],
  }),
  channel({ key: 'dv360', name: 'Display & Video 360', shortName: 'DV360', category: 'Banner Ads', color: '#34a853', minBudget: 0.1, adtagsAllowed: true, targeting: PROGRAMMATIC }),
  channel({ key: 'facebook', name: 'Facebook', shortName: 'FB', category: 'Social Media Video', color: '#1877f2', minBudget: 2, networkHostedCreatives: true, targeting: SOCIAL }),
  channel({ key: 'instagram', name: 'Instagram', shortName: 'IG', category: 'Social Media Video', color: '#e4405f', minBudget: 2, networkHostedCreatives: true, targeting: SOCIAL }),
  channel({ key: 'uzeads', name: 'UZE Ads', shortName: 'UZE', category: 'Out-of-home', color: '#ff6b00', minBudget: 1, targetUrlNeeded: false, locationneeded: true, targeting: OUT_OF_HOME }),
  channel({ key: 'ssp1', name: 'SSP1', shortName: 'SSP1', category: 'Banner Ads', color: '#6f42c1', minBudget: 1, adtagsAllowed: true, targeting: ['domainlist', 'countries', 'geotargeting', 'timeslots', 'dealId'] }),
  channel({
    key: 'outbrain', name: 'Outbrain', shortName: 'OB', category: 'Native Ads', color: '#f26e21', programmaticFee: 0.3, minBudget: 30,
    networkHostedCreatives: true, targeting: ['countries', 'geotargeting', 'domainlist'],
  }),
  channel({ key: 'audienceserv', name: 'Audience Serv', shortName: 'AS', category: 'E-Mail Marketing', color: '#00a19a', minBudget: 0.1, targeting: ['gender', 'age', 'income', 'countries', 'geotargeting'] }),
  channel({
    key: 'googleads', name: 'Google Ads', shortName: 'GADS', category: 'Search Ads', color: '#4285f4', programmaticFee: 0.15, minBudget: 1,
    networkHostedCreatives: true, targeting: ['gender', 'age', 'income', 'audience', 'countries', 'geotargeting'],
  }),
  channel({ key: 'affiliate_cpc', name: 'Affiliate CPC', shortName: 'ACPC', category: 'Affiliate', color: '#8e44ad', minBudget: 1, adtagsAllowed: true, targeting: ['countries'] }),
  channel({ key: 'affiliate', name: 'Affiliate CPO', shortName: 'ACPO', category: 'Affiliate', color: '#5b2c6f', minBudget: 0, dailyBudget: false, adtagsAllowed: true, targeting: ['countries'] }),
  channel({ key: 'decentraland', name: 'Decentraland', shortName: 'DCL', category: 'Metaverse & Gaming', color: '#ff2d55', minBudget: 1, targeting: METAVERSE }),
  channel({ key: 'cyrl', name: 'CYRL', shortName: 'CYRL', category: 'Metaverse & Gaming', color: '#111827', minBudget: 1, targeting: ['nft', 'ethbalance'] }),
  channel({ key: 'voxels', name: 'Voxels', shortName: 'VOX', category: 'Metaverse & Gaming', color: '#2dd4bf', minBudget: 1, targeting: METAVERSE }),
  channel({ key: 'anzu', name: 'Anzu', shortName: 'ANZU', category: 'Metaverse & Gaming', color: '#7c3aed', minBudget: 1, targeting: ['gender', 'age', 'countries', 'geotargeting'] }),
  // Inactive: listed so existing bookings keep their names and icons; not offered for new bookings.
  channel({ key: 'adform', name: 'Adform', shortName: 'ADF', category: 'Banner Ads', color: '#0a3d91', active: false, adtagsAllowed: true, targeting: PROGRAMMATIC }),
  channel({ key: 'tiktok', name: 'TikTok', shortName: 'TT', category: 'Social Media Video', color: '#fe2c55', active: false, minBudget: 20, networkHostedCreatives: true, targeting: ['gender', 'age', 'countries', 'geotargeting'] }),
  channel({ key: 'youtube', name: 'YouTube', shortName: 'YT', category: 'Social Media Video', color: '#ff0000', active: false, networkHostedCreatives: true, targeting: ['gender', 'age', 'income', 'audience', 'countries', 'geotargeting'] }),
  channel({ key: 'tradedesk', name: 'Trade Desk', shortName: 'TTD', category: 'Banner Ads', color: '#0099fa', active: false, adtagsAllowed: true, targeting: PROGRAMMATIC }),
  channel({ key: 'stroer', name: 'Stroer', shortName: 'STR', category: 'Out-of-home', color: '#e30613', active: false, targetUrlNeeded: false, locationneeded: true, targeting: OUT_OF_HOME }),
  channel({ key: 'proxyunlimited', name: 'Proxy Unlimited', shortName: 'PU', category: 'Banner Ads', color: '#475569', active: false, targeting: ['countries', 'geotargeting'] }),
];

export const CHANNEL_KEYS: readonly string[] = CHANNELS.map((c) => c.key);
/** Channels with behaviour of their own (SPEC section 3). */
export const SPECIAL_CHANNELS: readonly string[] = ['outbrain', 'affiliate', 'affiliate_cpc'];
/** Without a prototype: a key from a request ('constructor', '__proto__') names no channel. */
export const channelByKey: Readonly<Record<string, ChannelDef>> = Object.assign(Object.create(null) as Record<string, ChannelDef>, Object.fromEntries(CHANNELS.map((c) => [c.key, c])));
