/**
 * What the ad server knows about a line item when it counts a view, a click or an order: its advertiser,
 * campaign, channel, creatives, bid and whether it delivers, with the booking's target URL. Read once and kept
 * for a short while per process (the tracking endpoints hold no other state), so a pause reaches every process
 * within LINEITEM_TTL_MS; the pipeline forgets the line items it pauses at once.
 */
import { QueryTypes } from 'sequelize';
import { type Core } from '@adsuite/backend/kit';
import { channelByKey } from '@adsuite/config';

export const LINEITEM_TTL_MS = 2_000;

export interface DeliveryLineItem {
  id: string;
  advertiser: string;
  campaign: string;
  channel: string;
  creatives: string[];
  bidType: string;
  /** Cents: per thousand impressions (CPM), per click (CPC, CTR) or per order (CPO). */
  bidPrice: number;
  /** Delivers and is billed: active, not paused by the user or automatically, its campaign live. */
  delivering: boolean;
  /**
   * Why it does not deliver (its events' invalid reason): `budget` when a used-up budget or balance paused it, else
   * `paused` (inactive, paused by the user, its campaign not live); null while it delivers.
   */
  stopped: 'paused' | 'budget' | null;
  /** Where a click goes: the booking's target URL, else the advertiser's site (read with the line item, not per click). */
  target: string | null;
  /** The channel's programmatic fee (0.5 = 50 %), added to the bid. */
  fee: number;
  /**
   * Domains the line item is not delivered on, lower case: those of the advertiser's blacklist domain lists that
   * belong to its campaign (the Instant Report's "remove website") or to its booking, for its channel or every channel.
   */
  blockedDomains: string[];
  /** Frequency caps: views per visitor a day and in all; null: none (the direct tags' views count against them). */
  capDay: number | null;
  capTotal: number | null;
}

const cache = new Map<string, { at: number; value: DeliveryLineItem | null }>();
/** Reads under way: the requests that find a line item's entry expired at once share one query. */
const loading = new Map<string, Promise<DeliveryLineItem | null>>();
/** Raised by every forget: a read that began before it does not fill the cache. */
let generation = 0;

/** The line item as the ad server sees it, or null when there is none (or it is archived). */
export async function deliveryLineItem(core: Core, id: string): Promise<DeliveryLineItem | null> {
  const hit = cache.get(id);
  if (hit && Date.now() - hit.at < LINEITEM_TTL_MS) return hit.value;
  let pending = loading.get(id);
  if (!pending) {
    const started = generation;
    pending = readLineItem(core, id).then((value) => {
      if (started === generation) {
        if (cache.size > 50_000) cache.clear();
        cache.set(id, { at: Date.now(), value });
      }
      return value;
    }).finally(() => {
      if (loading.get(id) === pending) loading.delete(id);
    });
    loading.set(id, pending);
  }
  return pending;
}

async function readLineItem(core: Core, id: string): Promise<DeliveryLineItem | null> {
  const [row] = await core.sequelize.query<{
    id: string; advertiser_id: string; campaign_id: string; channel: string | null; creative_ids: string[] | null; bid_type: string | null;
    bid_price: string | null; active: boolean | null; autopaused: boolean | null; userpaused: boolean | null; campaign_status: string | null;
    target: string | null; blocked: string[] | null; cap_day: number | null; cap_total: number | null;
  }>(
    `SELECT l.id, l.advertiser_id, l.campaign_id, l.channel, l.creatives_ids AS creative_ids, l.bid_type, l.bid_price, l.active, l.autopaused, l.userpaused,
       l.cap_day, l.cap_total, c.status AS campaign_status, COALESCE(NULLIF(b.target, ''), a.url) AS target,
       (SELECT array_agg(DISTINCT lower(d.domain)) FROM domainlists dl CROSS JOIN unnest(dl.domains) AS d(domain)
        WHERE dl.type = 'blacklist' AND dl.archived_at IS NULL AND dl.advertiser_id = l.advertiser_id
          AND (dl.campaign_id = l.campaign_id OR COALESCE(b.domainlists, '[]'::jsonb) @> jsonb_build_array(dl.id::text))
          AND (cardinality(dl.channels) = 0 OR dl.channels IS NULL OR l.channel = ANY(dl.channels))) AS blocked
     FROM lineitems l JOIN campaigns c ON c.id = l.campaign_id LEFT JOIN bookings b ON b.id = l.booking_id
       LEFT JOIN advertisers a ON a.id = l.advertiser_id
     WHERE l.id = $1 AND l.archived_at IS NULL`,
    { bind: [id], type: QueryTypes.SELECT },
  );
  const delivering = Boolean(row?.active) && !row?.autopaused && !row?.userpaused && row?.campaign_status === 'active';
  return row ? {
    id: row.id, advertiser: row.advertiser_id, campaign: row.campaign_id, channel: row.channel ?? '', creatives: row.creative_ids ?? [],
    bidType: row.bid_type ?? 'CPC', bidPrice: Number(row.bid_price ?? 0), delivering,
    stopped: delivering ? null : row.autopaused && Boolean(row.active) && !row.userpaused && row.campaign_status === 'active' ? 'budget' : 'paused',
    target: row.target, fee: channelByKey[row.channel ?? '']?.programmaticFee ?? 0, blockedDomains: row.blocked ?? [],
    capDay: row.cap_day ?? null, capTotal: row.cap_total ?? null,
  } : null;
}

/** Whether `website` (a host) is on the line item's blacklist: the domain itself or one of its subdomains. */
export function blockedOn(lineitem: Pick<DeliveryLineItem, 'blockedDomains'>, website: string | null | undefined): boolean {
  if (!website || !lineitem.blockedDomains.length) return false;
  const host = website.trim().toLowerCase().replace(/\.$/, '');
  return lineitem.blockedDomains.some((entry) => {
    const domain = entry.replace(/^\*\./, '');
    return host === domain || host.endsWith(`.${domain}`);
  });
}

export function forgetLineItems(ids: string[]): void {
  generation += 1;
  for (const id of ids) {
    cache.delete(id);
    loading.delete(id);
  }
}

export function forgetAllLineItems(): void {
  generation += 1;
  cache.clear();
  loading.clear();
}

/**
 * What one event costs on a line item, in thousandths of a cent: the bid for what the line item buys (a thousand
 * views, a click, an order) plus the channel's programmatic fee; nothing for what it does not buy.
 */
export function costMilli(lineitem: Pick<DeliveryLineItem, 'bidType' | 'bidPrice' | 'fee'>, kind: 'view' | 'click' | 'conversion'): number {
  const withFee = (milli: number) => Math.round(milli * (1 + lineitem.fee));
  switch (lineitem.bidType) {
    case 'CPM':
      return kind === 'view' ? withFee(lineitem.bidPrice) : 0; // bid cents per 1000 views = bid thousandths of a cent per view
    case 'CPC':
    case 'CTR':
      return kind === 'click' ? withFee(lineitem.bidPrice * 1000) : 0;
    case 'CPO':
      return kind === 'conversion' ? withFee(lineitem.bidPrice * 1000) : 0;
    default:
      return 0;
  }
}
