/**
 * The demo publisher's placements in the demo history (history.ts): every history day's requests of each placement,
 * by the readers of its websites (a pool of their own, as ad server cookie ids), every one answered by the ad
 * server's choice at the request's time (plugins/delivery `replayRequests`: the view of a filled request stored with
 * its decision, each placement's requests and filled requests counted), so /placements, the accepted campaign's
 * Instant Report and the publisher's statistics show the placements' views over the history. A day's requests
 * follow the readers' day (few at night, most in the evening) and vary from day to day; a day before the accepted
 * campaign ran gets the house ad, as the ad server answers it.
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
/** Readers of the publisher's websites, returning within the day and from day to day. */
const READERS = 2_000;
/** Requests of a placement in an hour of average reading: at least this many, up to twice as many. */
const HOURLY_REQUESTS = 20;
/** How much is read in each UTC hour, against the day's average (1). */
const READING = [0.3, 0.2, 0.15, 0.1, 0.1, 0.2, 0.5, 0.9, 1.2, 1.2, 1.1, 1.1, 1.3, 1.2, 1.1, 1.1, 1.2, 1.3, 1.5, 1.7, 1.8, 1.6, 1.1, 0.6];
const PAGES = ['/', '/today', '/article/match-report', '/article/weekend-menu', '/article/top-10', '/gallery/latest'];

/** A placement and the host of its website. */
export interface PlacedOn {
  id: string;
  host: string;
}

/** The requests of `placements` (of `publisher`) on the UTC day starting at `day` (epoch ms), up to `now`. */
function dayRequests(publisher: string, placements: readonly PlacedOn[], day: number, now: number): PastRequest[] {
  const requests: PastRequest[] = [];
  // Some days are read more than others: the weekend a little more.
  const weekday = new Date(day).getUTCDay();
  const dayShare = (0.8 + 0.4 * chance(`${publisher}|${day}|day`)) * (weekday === 0 || weekday === 6 ? 1.15 : 1);
  for (let hour = day; hour < day + DAY_MS && hour < now; hour += HOUR_MS) {
    const reading = dayShare * READING[new Date(hour).getUTCHours()];
    for (const placement of placements) {
      const key = `${placement.id}|${hour}`;
      const count = Math.floor(HOURLY_REQUESTS * reading * (1 + chance(`${key}|requests`)));
      for (let n = 0; n < count; n++) {
        const at = hour + Math.floor(chance(`${key}|${n}|at`) * HOUR_MS);
        if (at >= now) continue;
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

/** The UTC days (epoch ms) of a history of `days` days up to `now`'s, oldest first. */
function historyDays(now: Date, days: number): number[] {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return Array.from({ length: Math.max(0, days) }, (_, n) => today - (days - 1 - n) * DAY_MS);
}

/** The requests of `placements` (of `publisher`) over the `days` UTC days up to `now` (today's until `now`). */
export function placementRequests(publisher: string, placements: readonly PlacedOn[], now: Date, days = 1): PastRequest[] {
  return historyDays(now, days).flatMap((day) => dayRequests(publisher, placements, day, now.getTime()));
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

/**
 * The requests of the publisher's placements over the history's `days` days until `now`, answered by the ad server
 * day by day: how many, and how many showed an ad.
 */
export async function placementHistory(core: Core, publisher: string, now: Date, days = 1): Promise<{ requests: number; filled: number }> {
  const placements = await placementsOf(core, publisher);
  const total = { requests: 0, filled: 0 };
  if (!placements.length) return total;
  for (const day of historyDays(now, days)) {
    const answered = await replayRequests(core, dayRequests(publisher, placements, day, now.getTime()));
    total.requests += answered.requests;
    total.filled += answered.filled;
  }
  return total;
}
