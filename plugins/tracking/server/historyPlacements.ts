/**
 * The demo publisher's placements in the demo history (history.ts): today's requests of each placement, by the
 * readers of its websites (a pool of their own, as ad server cookie ids), every one answered by the ad server's
 * choice at the request's time (plugins/delivery `replayRequests`: the view of a filled request stored with its
 * decision, each placement's requests and filled requests counted), so /placements opens on today's figures.
 *
 * The requests are stable pseudo-random draws (networks.ts `chance`): the same hour gives the same requests.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { replayRequests, type PastRequest } from '../../delivery/server/kit.ts';
import { chance } from './networks.ts';
import { visitorId } from './historyVisits.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Readers of the publisher's websites, returning within the day. */
const READERS = 2_000;
/** Requests of a placement in an hour: at least this many, up to twice as many. */
const HOURLY_REQUESTS = 20;
const PAGES = ['/', '/today', '/article/match-report', '/article/weekend-menu', '/article/top-10', '/gallery/latest'];

/** A placement and the host of its website. */
export interface PlacedOn {
  id: string;
  host: string;
}

/** The requests of `placements` (of `publisher`) from the start of `now`'s UTC day until `now`. */
export function placementRequests(publisher: string, placements: readonly PlacedOn[], now: Date): PastRequest[] {
  const end = now.getTime();
  const requests: PastRequest[] = [];
  for (let hour = Math.floor(end / DAY_MS) * DAY_MS; hour < end; hour += HOUR_MS) {
    for (const placement of placements) {
      const key = `${placement.id}|${hour}`;
      const count = Math.floor(HOURLY_REQUESTS * (1 + chance(`${key}|requests`)));
      for (let n = 0; n < count; n++) {
        const at = hour + Math.floor(chance(`${key}|${n}|at`) * HOUR_MS);
        if (at >= end) continue;
        const page = PAGES[Math.floor(chance(`${key}|${n}|page`) * PAGES.length)];
        requests.push({
          placement: placement.id, at: new Date(at), visitor: visitorId(publisher, Math.floor(chance(`${key}|${n}|who`) * READERS)),
          site: placement.host, referer: `https://${placement.host}${page}`, country: 'DE',
        });
      }
    }
  }
  return requests;
}

/** The publisher's placements on its active websites, with their hosts. */
export async function placementsOf(core: Core, publisher: string): Promise<PlacedOn[]> {
  const rows = await core.sequelize.query<{ id: string; url: string }>(
    `SELECT p.id, w.url FROM placements p JOIN websites w ON w.id = p.website_id AND w.archived_at IS NULL AND w.active IS NOT FALSE
     WHERE p.publisher_id = $1 AND p.archived_at IS NULL AND p.active IS NOT FALSE ORDER BY p.created, p.id`,
    { bind: [publisher], type: QueryTypes.SELECT },
  );
  return rows.flatMap((row) => {
    try {
      return [{ id: row.id, host: new URL(row.url).hostname.toLowerCase() }];
    } catch {
      return [];
    }
  });
}

/** Today's requests of the publisher's placements until `now`, answered by the ad server: how many, and how many showed an ad. */
export async function placementHistory(core: Core, publisher: string, now: Date): Promise<{ requests: number; filled: number }> {
  const placements = await placementsOf(core, publisher);
  if (!placements.length) return { requests: 0, filled: 0 };
  return replayRequests(core, placementRequests(publisher, placements, now));
}
