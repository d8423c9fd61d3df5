/**
 * What each chosen channel takes as creative (config/channels.ts `creativeRequirements`, SPEC section 5), as
 * hints next to the creatives, and which chosen channels a new creative goes to by default.
 */
import { channelByKey, type ChannelDef } from '@adsuite/config';
import { domainLines } from '@adsuite/config/booking/index';
import type { BannerType, WizardCreative } from './draft.ts';

export interface RequirementHint {
  channel: string;
  name: string;
  bannerTypes: readonly BannerType[];
  sizes: string[];
  ratios: string[];
  videoSeconds: { min: number; max: number } | null;
  maxMegabytes: number;
}

const size = ([width, height]: readonly [number, number]) => `${width}x${height}`;
const ratio = ([width, height]: readonly [number, number]) => `${width}:${height}`;

export function requirementHints(channels: readonly string[]): RequirementHint[] {
  return channels.map((key) => channelByKey[key]).filter((channel): channel is ChannelDef => Boolean(channel)).map((channel) => {
    const rules = channel.creativeRequirements;
    return {
      channel: channel.key,
      name: channel.name,
      bannerTypes: rules.bannerTypes,
      sizes: rules.sizes.map(size),
      ratios: rules.ratios.map(ratio),
      videoSeconds: rules.videoSeconds,
      maxMegabytes: Math.round(rules.maxFileBytes / (1024 * 1024)),
    };
  });
}

/** Whether a channel takes the creative as far as the wizard knows it (type, size, ratio, video length). */
export function accepts(channelKey: string, creative: Pick<WizardCreative, 'bannerType' | 'width' | 'height' | 'duration'>): boolean {
  const rules = channelByKey[channelKey]?.creativeRequirements;
  if (!rules || !rules.bannerTypes.includes(creative.bannerType)) return false;
  const { width, height, duration } = creative;
  if (creative.bannerType !== 'video_ad' && width && height && rules.sizes.length
    && !rules.sizes.some(([w, h]) => w === width && h === height)) return false;
  if (width && height && rules.ratios.length && !rules.ratios.some(([w, h]) => Math.abs(width / height - w / h) < 0.02)) return false;
  if (creative.bannerType === 'video_ad' && duration && rules.videoSeconds
    && (duration < rules.videoSeconds.min || duration > rules.videoSeconds.max)) return false;
  return true;
}

/** The chosen channels a new creative is assigned to: those that take it. */
export const defaultChannels = (channels: readonly string[], creative: Parameters<typeof accepts>[1]) =>
  channels.filter((channel) => accepts(channel, creative));

/** Channels of the booking no creative is assigned to yet (SPEC section 5: each channel needs a creative). */
export const channelsWithoutCreative = (channels: readonly string[], creatives: readonly WizardCreative[]) =>
  channels.filter((channel) => !creatives.some((creative) => creative.channels.includes(channel)));

/** The domain list's lines and the channels whose maximum they pass. */
export function domainLimits(domains: string, channels: readonly string[]) {
  const count = domainLines(domains).length;
  const limits = channels.map((key) => channelByKey[key]).filter((channel) => channel?.maxDomains != null)
    .map((channel) => ({ name: channel.name, max: channel.maxDomains as number }));
  return { count, limits, exceeded: limits.filter((limit) => count > limit.max) };
}
