/**
 * The publisher's home (/p, issue 35): over a range of days its impressions, clicks and conversions (the daily
 * rollups `stat_daily_publishers` and `stat_daily_websites` of plugins/reports, never raw events), its earnings
 * (the `earning` ledger: provisions credited when its conversions and clicks were approved) and EPC, with its
 * balance, its pending earnings, its top campaigns and websites, and the invitations waiting for an answer.
 *
 * Pending earnings are the provisions proposed for its events still reserved (campaigns with approval: the cost of
 * a tracked click or order is authorized, `reservations`, and charged once approved): the media part of each
 * event's cost (config/pricing.ts mediaPartOf), the most an approval may credit. They are not part of the balance.
 * Money is answered in euros (cents / 100); EPC is earnings per click.
 *
 * A website's earnings are the provisions credited for the events it sent: the rollups carry the advertiser's cost,
 * not what the publisher was credited (a provision is decided on approval, at most the cost less the platform's
 * fee), so they are read from the provisions of the ledger's double entry (`platform_entries`, one per approved
 * event, written with its earning), through the event's decision to the event's website. Earnings not made by one
 * event (monthly statements) belong to no website.
 */
import { QueryTypes } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import { mediaPartOf } from '@adsuite/config/pricing';
import { ANSWERABLE, dayOf, mayAnswer } from '@adsuite/config/invitations';
import { campaignFacts } from './campaigns.ts';

export interface Range {
  start: string;
  end: string;
  days: string[];
}

export const euros = (cents: number) => Math.round(cents) / 100;
const TOP = 5;

interface DayCounts { day: string; impressions: string; clicks: string; conversions: string }

/** Per day of the range: impressions, clicks, conversions of the publisher's rollup rows, and its earnings (cents). */
async function dailyFigures(core: Core, publisher: string, range: Range) {
  const [counts, earned] = await Promise.all([
    core.sequelize.query<DayCounts>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
       FROM stat_daily_publishers WHERE publisher_id = $1 AND day >= $2::date AND day <= $3::date GROUP BY day`,
      { bind: [publisher, range.start, range.end], type: QueryTypes.SELECT },
    ),
    core.sequelize.query<{ day: string; cents: string }>(
      `SELECT to_char((created AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, SUM(amount) AS cents FROM earnings
       WHERE publisher_id = $1 AND type = 'earning' AND created >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND created < ($3::date + 1)::timestamp AT TIME ZONE 'UTC' GROUP BY 1`,
      { bind: [publisher, range.start, range.end], type: QueryTypes.SELECT },
    ),
  ]);
  const byDay = new Map(counts.map((row) => [row.day, row]));
  const earnedByDay = new Map(earned.map((row) => [row.day, Number(row.cents)]));
  return range.days.map((day) => {
    const row = byDay.get(day);
    return {
      date: day, impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0), conversions: Number(row?.conversions ?? 0),
      earningsCents: earnedByDay.get(day) ?? 0,
    };
  });
}

/** The publisher's balance (its ledger's sum) and pending earnings, in cents. */
export async function balanceOf(core: Core, publisher: string): Promise<{ balance: number; pending: number; pendingEvents: number }> {
  const [[sum], reserved] = await Promise.all([
    core.sequelize.query<{ cents: string }>('SELECT COALESCE(SUM(amount), 0) AS cents FROM earnings WHERE publisher_id = $1', { bind: [publisher], type: QueryTypes.SELECT }),
    // Grouped by channel and charge: the media part is taken per event, as an approval credits it.
    core.sequelize.query<{ channel: string | null; charge: string; events: string }>(
      `SELECT e.channel, floor(r.amount_milli / 1000) AS charge, COUNT(*) AS events
       FROM reservations r JOIN events e ON e.advertiser_id = r.advertiser_id AND e.day = r.day AND e.id = r.event_id
       WHERE e.publisher_id = $1 GROUP BY 1, 2`,
      { bind: [publisher], type: QueryTypes.SELECT },
    ),
  ]);
  const pending = reserved.reduce((total, row) => total + mediaPartOf(Number(row.charge), row.channel) * Number(row.events), 0);
  return { balance: Number(sum.cents), pending, pendingEvents: reserved.reduce((total, row) => total + Number(row.events), 0) };
}

/** The campaigns with the most clicks of the range, with their figures and earnings. */
async function topCampaigns(core: Core, publisher: string, range: Range) {
  const rows = await core.sequelize.query<{ campaign_id: string; name: string; impressions: string; clicks: string; conversions: string; cents: string }>(
    `WITH figures AS (
       SELECT campaign_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
       FROM stat_daily_publishers WHERE publisher_id = $1 AND day >= $2::date AND day <= $3::date GROUP BY campaign_id
     ), earned AS (
       SELECT campaign_id, SUM(amount) AS cents FROM earnings
       WHERE publisher_id = $1 AND type = 'earning' AND campaign_id IS NOT NULL AND created >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND created < ($3::date + 1)::timestamp AT TIME ZONE 'UTC' GROUP BY campaign_id
     )
     SELECT c.id AS campaign_id, c.name, COALESCE(f.impressions, 0) AS impressions, COALESCE(f.clicks, 0) AS clicks, COALESCE(f.conversions, 0) AS conversions,
       COALESCE(e.cents, 0) AS cents
     FROM figures f FULL JOIN earned e USING (campaign_id) JOIN campaigns c ON c.id = COALESCE(f.campaign_id, e.campaign_id)
     ORDER BY 4 DESC, 6 DESC, c.name LIMIT ${TOP}`,
    { bind: [publisher, range.start, range.end], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    id: row.campaign_id, name: row.name, impressions: Number(row.impressions), clicks: Number(row.clicks), conversions: Number(row.conversions), earnings: euros(Number(row.cents)),
  }));
}

/**
 * SQL of the publisher's (`$1`) earnings per website credited from day `$2` to day `$3` (UTC, as the earnings of
 * the range): `website`, `cents` (see the top of this file).
 */
export const EARNINGS_BY_WEBSITE = `SELECT e.website, SUM(-p.amount) AS cents
  FROM platform_entries p
  JOIN campaigns c ON c.id = p.campaign_id
  JOIN event_approvals a ON a.advertiser_id = c.advertiser_id AND a.event_id = p.event_id
  JOIN events e ON e.advertiser_id = a.advertiser_id AND e.day = a.day AND e.id = a.event_id
  WHERE p.type = 'provision' AND p.publisher_id = $1 AND p.event_id IS NOT NULL
    AND p.created >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND p.created < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
    AND COALESCE(e.website, '') <> ''
  GROUP BY e.website`;

/** The websites with the most clicks of the range, with their figures and their own earnings. */
async function topWebsites(core: Core, publisher: string, range: Range) {
  const rows = await core.sequelize.query<{ website: string; impressions: string; clicks: string; conversions: string; cents: string }>(
    `WITH figures AS (
       SELECT website, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
       FROM stat_daily_websites WHERE publisher_id = $1 AND day >= $2::date AND day <= $3::date AND website <> '' GROUP BY website
     ), earned AS (${EARNINGS_BY_WEBSITE})
     SELECT website, COALESCE(f.impressions, 0) AS impressions, COALESCE(f.clicks, 0) AS clicks, COALESCE(f.conversions, 0) AS conversions, COALESCE(e.cents, 0) AS cents
     FROM figures f FULL JOIN earned e USING (website)
     ORDER BY 3 DESC, 5 DESC, 2 DESC, website LIMIT ${TOP}`,
    { bind: [publisher, range.start, range.end], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({
    website: row.website, impressions: Number(row.impressions), clicks: Number(row.clicks), conversions: Number(row.conversions), earnings: euros(Number(row.cents)),
  }));
}

/** The invitations the publisher may answer now, the ones ending first first. */
export async function waitingInvitations(core: Core, publisher: string, now = new Date()) {
  const rows = await core.sequelize.query<{ id: string; campaign_id: string; status: string; created: Date }>(
    `SELECT DISTINCT ON (campaign_id) id, campaign_id, invitation_status AS status, created FROM invitations
     WHERE publisher_id = $1 AND archived_at IS NULL AND invitation_status = ANY($2::text[]) ORDER BY campaign_id, created, id`,
    { bind: [publisher, ANSWERABLE], type: QueryTypes.SELECT },
  );
  const facts = await campaignFacts(core, rows.map((row) => row.campaign_id));
  const today = dayOf(now);
  return rows.flatMap((row) => {
    const campaign = facts.get(row.campaign_id);
    if (!campaign || !mayAnswer(row.status, campaign, today)) return [];
    return [{
      id: row.id, invitationStatus: row.status, invited: new Date(row.created).toISOString(),
      campaign: { id: campaign.id, name: campaign.name, advertiser: campaign.advertiserName, start: campaign.start, end: campaign.end, continuous: campaign.continuous },
    }];
  }).sort((a, b) => (a.campaign.continuous ? 1 : 0) - (b.campaign.continuous ? 1 : 0) || String(a.campaign.end).localeCompare(String(b.campaign.end)) || a.campaign.name.localeCompare(b.campaign.name));
}

export async function publisherHome(core: Core, publisher: string, range: Range) {
  const [days, money, campaigns, websites, invitations] = await Promise.all([
    dailyFigures(core, publisher, range), balanceOf(core, publisher), topCampaigns(core, publisher, range), topWebsites(core, publisher, range),
    waitingInvitations(core, publisher),
  ]);
  const sum = (key: 'impressions' | 'clicks' | 'conversions' | 'earningsCents') => days.reduce((total, day) => total + day[key], 0);
  const earnings = sum('earningsCents');
  const clicks = sum('clicks');
  return {
    range: { start: range.start, end: range.end },
    totals: {
      impressions: sum('impressions'), clicks, conversions: sum('conversions'), earnings: euros(earnings),
      // Earnings per click, in euros with 2 decimals (0 without clicks).
      epc: clicks > 0 ? Math.round(earnings / clicks) / 100 : 0,
    },
    days: days.map(({ earningsCents, ...day }) => ({ ...day, earnings: euros(earningsCents) })),
    balance: euros(money.balance),
    pending: euros(money.pending),
    pendingEvents: money.pendingEvents,
    campaigns,
    websites,
    invitations,
  };
}
