/**
 * The database's second opinion on a click without a view (docs/tracking-and-money.md "Where the rules run"): each
 * server's writer judges clicks by the views it saw itself (invalidTraffic.ts), so with several servers on one
 * database and no load balancer that keeps a visitor on one of them, a click may come to a server that did not
 * answer its view. The clicks of a batch its memory refused as `click_without_view` are looked up in PostgreSQL in
 * one statement, before the batch is written: a view of the same visitor, creative and line item within the hour
 * before (not a bot's, not a capped one) makes the click valid again, or over the click rate when it is.
 *
 * A click finds the view
 * - by its click id `c`, the id of the view it was served with: the primary key (advertiser, day, id), the day read
 *   from the id (a UUID of version 7 holds its time); the view's cookie or IP hash must be the click's;
 * - else by the visitor's cookie (the views-by-visitor index, `events_views_by_visitor_idx`): a browser that keeps no
 *   cookie and clicks a link without its click id on another server than its view's stays refused.
 * A valid click, or one refused for another reason, costs no query. A failed lookup leaves the memory's verdict.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { CLICK_VIEW_WINDOW_MS } from '@adsuite/config/invalidTraffic';
import type { Unseen } from './invalidTraffic.ts';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day of a view by its id (a UUID of version 7 starts with its time in milliseconds), or null. */
function viewDay(id: string | null | undefined): string | null {
  if (!id || !UUID_V7.test(id)) return null;
  const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return Number.isFinite(ms) ? dayOf(ms) : null;
}

/** Lookups made per core (the tests read that a valid click costs none). */
export const lookups = new WeakMap<object, number>();

const VIEWED_SQL = `SELECT c.n FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[], $8::uuid[], $9::date[])
    AS c(n, advertiser, lineitem, banner, visitor, ip_hash, at, view_id, view_day)
  WHERE EXISTS (
    SELECT 1 FROM events v WHERE v.advertiser_id = c.advertiser AND v.day = c.view_day AND v.id = c.view_id AND v.day = ANY($10::date[])
      AND v.kind = 'view' AND v.lineitem_id = c.lineitem AND v.banner_id = c.banner AND v.bot IS NOT TRUE AND v.invalid IS DISTINCT FROM 'capped'
      AND v.created > c.at - $11 * interval '1 millisecond' AND v.created <= c.at
      AND (v.visitor IN (c.visitor, c.ip_hash) OR v.ip_hash IN (c.visitor, c.ip_hash)))
  OR EXISTS (
    SELECT 1 FROM events v WHERE v.advertiser_id = c.advertiser AND v.visitor IN (c.visitor, c.ip_hash) AND v.kind = 'view' AND v.visitor IS NOT NULL
      AND v.day = ANY($10::date[]) AND v.created > c.at - $11 * interval '1 millisecond' AND v.created <= c.at
      AND v.lineitem_id = c.lineitem AND v.banner_id = c.banner AND v.bot IS NOT TRUE AND v.invalid IS DISTINCT FROM 'capped')`;

/** Clears `click_without_view` of the clicks whose view another server wrote (see the top of this file). */
export async function viewsElsewhere(core: Core, unseen: readonly Unseen[]): Promise<void> {
  if (!unseen.length) return;
  lookups.set(core, (lookups.get(core) ?? 0) + 1);
  const at = unseen.map(({ click }) => (click.created ?? new Date()).getTime());
  const days = [...new Set(at.flatMap((time) => [dayOf(time - CLICK_VIEW_WINDOW_MS), dayOf(time)]))];
  let found: { n: number }[];
  try {
    found = await core.sequelize.query<{ n: number }>(VIEWED_SQL, {
      type: QueryTypes.SELECT,
      bind: [
        unseen.map((_, n) => n), unseen.map(({ click }) => click.advertiser), unseen.map(({ click }) => click.lineitem ?? null),
        unseen.map(({ click }) => click.banner ?? null), unseen.map(({ click }) => click.visitor ?? null), unseen.map(({ click }) => click.ipHash ?? null),
        at.map((time) => new Date(time).toISOString()), unseen.map(({ click }) => (viewDay(click.clickId) ? click.clickId : null)),
        unseen.map(({ click }) => viewDay(click.clickId)), days, CLICK_VIEW_WINDOW_MS,
      ],
    });
  } catch (error) {
    console.error('[tracking] clicks without a view could not be looked up:', (error as Error)?.message ?? error);
    return;
  }
  for (const { n } of found) {
    const { click, ifViewed } = unseen[n];
    click.invalid = ifViewed;
  }
}
