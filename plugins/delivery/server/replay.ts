/**
 * Placement requests at times gone by (the demo history, plugins/tracking/server/history.ts): each answered as
 * `/z/{placement}` answers it (zone.ts `answerPlacement`), by an ad server of its own whose clock is the requests'
 * time, so that pacing, caps and delivery hours read the day and hour each request names, and only the campaigns
 * that ran that day (from their start to their end, as the booking calendar starts and finishes them) deliver; the
 * process's own ad server keeps the wall clock. Before it answers, its counts are written: each placement's requests
 * and filled requests per day, the visitors' frequency counts.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { Delivery, dayOf, type Decision } from './cache.ts';
import { answerPlacement } from './zone.ts';

const HOUR_MS = 3_600_000;

/** One request of a placement: when, by which visitor (the ad server's cookie id), on which page. */
export interface PastRequest {
  placement: string;
  at: Date;
  visitor: string;
  /** The host the ad shows on, lower case. */
  site: string;
  referer?: string | null;
  country?: string | null;
}

/** A browser's user agent: the ad server gives bots the house ad. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Each campaign's first and last day (YYYY-MM-DD, open when empty). */
async function campaignRuns(core: Core): Promise<Map<string, { start: string | null; end: string | null }>> {
  const rows = await core.sequelize.query<{ id: string; start: string | null; end: string | null }>(
    `SELECT id, to_char(start, 'YYYY-MM-DD') AS start, to_char("end", 'YYYY-MM-DD') AS "end" FROM campaigns WHERE archived_at IS NULL`,
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id, { start: row.start, end: row.end }]));
}

/** Answers `requests` in time order; how many were asked of a known placement, and how many of them showed an ad. */
export async function replayRequests(core: Core, requests: readonly PastRequest[]): Promise<{ requests: number; filled: number }> {
  const ordered = [...requests].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (!ordered.length) return { requests: 0, filled: 0 };
  let clock = ordered[0].at;
  const engine = new Delivery(core, () => clock);
  const runs = await campaignRuns(core);
  const ran = (campaign: string, day: string) => {
    const run = runs.get(campaign);
    return Boolean(run) && (!run!.start || run!.start <= day) && (!run!.end || day <= run!.end);
  };
  let day = '';
  let offering = false;
  /**
   * The ad server's read, less the campaigns that did not run on the clock's day: all of it on a new day, else the
   * spend and the counts (the structure as the ad server reads it, every STRUCTURE_MS).
   */
  const refresh = async () => {
    await engine.refresh(dayOf(clock) !== day);
    day = dayOf(clock);
    engine.offers = new Map([...engine.offers].map(([publisher, offered]) => [publisher, offered.filter((candidate) => ran(candidate.campaign, day))]));
    offering = [...engine.offers.values()].some((offered) => offered.length > 0);
  };
  let asked = 0;
  let filled = 0;
  let answers: Promise<Decision | null>[] = [];
  const settle = async () => {
    filled += (await Promise.all(answers)).filter(Boolean).length;
    answers = [];
  };
  try {
    let hour = Number.NaN;
    for (const request of ordered) {
      clock = request.at;
      if (Math.floor(request.at.getTime() / HOUR_MS) !== hour) {
        // Each hour decides on what the database holds by then: the spend of the day, the views counted so far. On a
        // day no accepted campaign ran, every request gets the house ad: nothing to read until the next day.
        await settle();
        hour = Math.floor(request.at.getTime() / HOUR_MS);
        if (offering || dayOf(clock) !== day) await refresh();
      }
      const placement = engine.placements.get(request.placement);
      if (!placement) continue;
      asked += 1;
      const who = { visitor: request.visitor, cookie: request.visitor, ipHash: null, minted: false, optedOut: false, bot: false, userAgent: BROWSER };
      // Decided at once, in order (what a decision takes counts for the next); the views are stored in batches.
      answers.push(answerPlacement(core, engine, placement, {
        who, site: request.site, referer: request.referer ?? null, country: request.country ?? null, now: request.at,
      }));
    }
    await settle();
    await engine.refresh();
  } finally {
    engine.stop();
  }
  return { requests: asked, filled };
}
