/**
 * Sandbox mode of the external networks: no request leaves the machine, but each network accepts or refuses
 * a change as it would (minimum daily budget of config/channels.ts, creative formats it takes, search-ad
 * sizes, a location for out-of-home) and answers an id of its own, `sandbox-<channel>-<uuid>`.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ChannelDef } from '@adsuite/config';
import { type Row, text } from '@adsuite/backend/kit';
import { ChannelRejection, type Connector, type ConnectorRequest, type ConnectorResult } from './types.ts';

const DISPLAY = ['image_ad', 'html_ad', 'template_ad', 'video_ad'];
const SOCIAL = ['image_ad', 'video_ad'];

/** The creative formats (bannerType) each network takes; a network not listed takes display formats. */
export const SANDBOX_FORMATS: Record<string, readonly string[]> = {
  facebook: SOCIAL,
  instagram: SOCIAL,
  tiktok: ['video_ad'],
  youtube: ['video_ad'],
  googleads: ['search_ad'],
  outbrain: ['image_ad'],
  dv360: DISPLAY,
  adform: DISPLAY,
  tradedesk: DISPLAY,
  proxyunlimited: DISPLAY,
  audienceserv: ['image_ad', 'html_ad', 'template_ad'],
  uzeads: SOCIAL,
  stroer: SOCIAL,
  decentraland: SOCIAL,
  voxels: SOCIAL,
  cyrl: SOCIAL,
  anzu: SOCIAL,
};

/** Google Ads' responsive search ads (SPEC section 5). */
const SEARCH_AD = { headlines: 3, descriptions: 3, keywords: 5 };

const FORMATS = new Set(['image_ad', 'video_ad', 'html_ad', 'template_ad', 'search_ad']);
/** A format by its name in the catalogue ('image' / 'Bild'). */
const formatName = (type: string) => (FORMATS.has(type) ? text(`sync.format.${type}`) : type);

const count = (value: unknown) => (Array.isArray(value) ? value.length : typeof value === 'string' ? value.split(/[\r\n,]+/).filter((k) => k.trim()).length : 0);

export function checkLineItem(channel: ChannelDef, request: Pick<ConnectorRequest, 'lineitem' | 'booking' | 'creatives'>): void {
  const lineitem = request.lineitem!;
  const daily = Number(lineitem.dailyBudget ?? 0);
  const minimum = Math.round(channel.minBudget * 100);
  if (channel.dailyBudget && daily < minimum) {
    throw new ChannelRejection(text('bookings.lineitem.daily_minimum', { channel: channel.name, daily: { money: daily }, minimum: { money: minimum } }));
  }
  if (channel.locationneeded && !(Array.isArray(request.booking?.markers) && request.booking.markers.length)) {
    throw new ChannelRejection(text('bookings.lineitem.location', { channel: channel.name }));
  }
  if (request.creatives.length === 0) throw new ChannelRejection(text('bookings.lineitem.creative', { channel: channel.name }));
}

function checkBanner(channel: ChannelDef, banner: Row): void {
  const formats = SANDBOX_FORMATS[channel.key] ?? DISPLAY;
  const type = String(banner.bannerType);
  const name = String(banner.name);
  if (!formats.includes(type)) {
    throw new ChannelRejection(text('sync.sandbox.format_refused', { channel: channel.name, name, formats: { either: formats.map(formatName) }, format: formatName(type) }));
  }
  if (type === 'search_ad') {
    const missing = (['headlines', 'descriptions', 'keywords'] as const).filter((field) => count(banner[field]) < SEARCH_AD[field]);
    if (missing.length) {
      throw new ChannelRejection(text('sync.sandbox.search_ad_too_small', { channel: channel.name, name, ...SEARCH_AD }));
    }
  }
}

/**
 * The id the simulated network gives a new object: like a network that honours idempotency keys, the same key
 * names the same object (a change sent twice creates one); without a key every call creates another.
 */
function newObjectId(channel: ChannelDef, key: string | undefined): string {
  if (!key) return randomUUID();
  const hex = createHash('sha1').update(`${channel.key}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function sandboxConnector(channel: ChannelDef): Connector {
  const prefix = `sandbox-${channel.key}-`;
  return {
    mode: 'sandbox',
    async apply(request): Promise<ConnectorResult> {
      const { action, type } = request;
      const change = text(`sync.done.${action}`);
      if (type === 'banner') {
        const [banner] = request.creatives;
        if (!banner) throw new ChannelRejection(text('sync.sandbox.banner_gone', { channel: channel.name }));
        if (action === 'create' || action === 'update') checkBanner(channel, banner);
        const externalId = request.externalId ?? `${prefix}${newObjectId(channel, request.idempotencyKey)}`;
        const name = String(banner.name);
        const message = action === 'create'
          ? text('sync.sandbox.creative_uploaded', { channel: channel.name, name, id: externalId })
          : text('sync.sandbox.creative_changed', { channel: channel.name, name, id: externalId, change });
        return { externalId, message };
      }
      if (type === 'lineitem' && (action === 'create' || action === 'update' || action === 'resume')) checkLineItem(channel, request);
      const object = text(`sync.object.${type}`);
      if (action !== 'create' && !request.externalId) throw new ChannelRejection(text('sync.sandbox.unknown_object', { channel: channel.name, object }));
      const externalId = request.externalId ?? `${prefix}${newObjectId(channel, request.idempotencyKey)}`;
      return { externalId, message: text('sync.sandbox.changed', { channel: channel.name, object, id: externalId, change }) };
    },
  };
}
