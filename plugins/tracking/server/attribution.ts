/**
 * The ad an onsite event of the container script goes back to (docs/tracking-and-money.md "Conversions"): the click
 * whose id the landing page carried (post-click, within CLICK_WINDOW_DAYS; an order after an invalid click is invalid
 * for its reason), else the latest valid view this browser (the ad server's cookie) saw of the advertiser's ads
 * (post-view, within VIEW_WINDOW_DAYS). Every onsite event is stored
 * with that touch's campaign, line item, creative, publisher, channel and website (`touchOf`); an order besides
 * becomes a conversion of it. An event no ad of the advertiser led to keeps no campaign.
 *
 * A request's events are looked up once per advertiser and click id, in one statement for the click and the view,
 * and what was found is remembered, so a visitor browsing the shop costs a lookup now and then, not one per event:
 * - a click's touch never changes: kept CLICK_TTL_MS (a click id no click has, too: a click is stored before its
 *   redirect hands the id out);
 * - a browser's latest view changes with its next view: kept VIEW_TTL_MS, and an order (a billed conversion) looks
 *   it up anew.
 * A click id is a time-ordered UUID (pipeline.ts eventId): its time names the day partition the click is in, and a
 * click past the window is not looked up at all; a view is looked for in the window's day partitions up to today.
 */
import type { Core } from '@adsuite/backend/kit';
import { CLICK_WINDOW_DAYS, VIEW_WINDOW_DAYS } from '@adsuite/config';
import type { InvalidReason } from '@adsuite/config/invalidTraffic';
import type { TrackedEvent } from './pipeline.ts';
import { runPrepared } from './prepared.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CLICK_TTL_MS = 10 * 60_000;
const VIEW_TTL_MS = 60_000;
/** Entries per cache; a full cache is emptied. */
const MAX_ENTRIES = 50_000;
/**
 * The lookups run as prepared statements on a connection of their own (prepared.ts; the group commit's batches
 * write on lanes 0 to 2), so a lookup is not planned anew over the day partitions of `events` each time.
 */
const LOOKUP_LANE = 3;

export interface Attribution {
  attribution: 'post_click' | 'post_view';
  campaign: string; lineitem: string | null; banner: string | null; publisher: string | null; channel: string | null; website: string | null;
  /** Why the click is invalid (config/invalidTraffic.ts): an order after it is invalid for the same reason. A view is a valid one. */
  invalid?: InvalidReason | null;
}

/** The fields of a stored event that name the ad it goes back to. */
export function touchOf(found: Attribution): Pick<TrackedEvent, 'campaign' | 'lineitem' | 'banner' | 'publisher' | 'channel' | 'website' | 'attribution'> {
  return {
    campaign: found.campaign, lineitem: found.lineitem, banner: found.banner, publisher: found.publisher, channel: found.channel,
    website: found.website, attribution: found.attribution,
  };
}

interface Remembered { at: number; found: Attribution | null }
const clicks = new Map<string, Remembered>();
const views = new Map<string, Remembered>();

function remember(cache: Map<string, Remembered>, key: string, found: Attribution | null): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: Date.now(), found });
}

function recalled(cache: Map<string, Remembered>, key: string, ttl: number): Remembered | undefined {
  const hit = cache.get(key);
  return hit && Date.now() - hit.at < ttl ? hit : undefined;
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The days a click may be stored on: from its id's time (a version 7 UUID) to an hour later (the event's time is
 * fixed a moment after its id), else the whole click window; null when the click is past the window.
 */
function clickDays(clickId: string, now: number): [string, string] | null {
  const first = dayOf(now - CLICK_WINDOW_DAYS * DAY_MS);
  if (clickId[14] !== '7') return [first, dayOf(now + DAY_MS)];
  const time = parseInt(clickId.slice(0, 8) + clickId.slice(9, 13), 16);
  if (dayOf(time) < first) return null;
  return [dayOf(time), dayOf(time + HOUR_MS)];
}

type Found = {
  attribution: 'post_click' | 'post_view'; campaign_id: string; lineitem_id: string | null; banner_id: string | null; publisher_id: string | null; channel: string | null;
  website: string | null; invalid: InvalidReason | null;
};
const COLUMNS = 'campaign_id, lineitem_id, banner_id, publisher_id, channel, website, invalid';
const asAttribution = (row: Found | undefined): Attribution | null => (row
  ? {
    attribution: row.attribution, campaign: row.campaign_id, lineitem: row.lineitem_id, banner: row.banner_id, publisher: row.publisher_id, channel: row.channel,
    website: row.website, invalid: row.invalid,
  }
  : null);

/**
 * The click (post-click) or, without one, the latest view of this browser (post-view) events of `advertiser` go back
 * to; `fresh`: the browser's latest view is read anew (an order).
 */
export async function attribute(core: Core, advertiser: string, clickId: string | null, cookie: string | null, fresh = false): Promise<Attribution | null> {
  const now = Date.now();
  const clickKey = `${advertiser}|${clickId}`;
  const viewKey = `${advertiser}|${cookie}`;
  const days = clickId ? clickDays(clickId, now) : null;
  const knownClick = days ? recalled(clicks, clickKey, CLICK_TTL_MS) : undefined;
  if (knownClick?.found) return knownClick.found;
  const askClick = Boolean(days) && !knownClick;
  const knownView = cookie && !fresh ? recalled(views, viewKey, VIEW_TTL_MS) : undefined;
  const askView = Boolean(cookie) && !knownView;
  if (!askClick && !askView) return knownView?.found ?? null;

  const bind: unknown[] = [advertiser];
  const param = (value: unknown) => `$${bind.push(value)}`;
  const parts: string[] = [];
  if (askClick) {
    parts.push(`(SELECT 'post_click'::text AS attribution, ${COLUMNS} FROM events
      WHERE advertiser_id = $1::uuid AND id = ${param(clickId)}::uuid AND kind = 'click' AND day >= ${param(days![0])}::date AND day <= ${param(days![1])}::date
        AND campaign_id IS NOT NULL LIMIT 1)`);
  }
  if (askView) {
    parts.push(`(SELECT 'post_view'::text AS attribution, ${COLUMNS} FROM events
      WHERE advertiser_id = $1::uuid AND visitor = ${param(cookie)}::text AND kind = 'view' AND visitor IS NOT NULL
        AND day >= ${param(dayOf(now - VIEW_WINDOW_DAYS * DAY_MS))}::date AND day <= ${param(dayOf(now + HOUR_MS))}::date
        AND created >= ${param(new Date(now - VIEW_WINDOW_DAYS * DAY_MS).toISOString())}::timestamptz AND bot = false AND invalid IS NULL
      ORDER BY created DESC LIMIT 1)`);
  }
  const rows = await runPrepared<Found>(core, parts.join(' UNION ALL '), bind, undefined, LOOKUP_LANE);
  const click = asAttribution(rows.find((row) => row.attribution === 'post_click'));
  if (askClick) remember(clicks, clickKey, click);
  if (click) return click;
  const view = askView ? asAttribution(rows.find((row) => row.attribution === 'post_view')) : knownView?.found ?? null;
  if (askView) remember(views, viewKey, view);
  return view;
}
