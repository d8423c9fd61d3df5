/**
 * /p/campaigns (issue 35): the campaigns offered to a publisher, each with its invitation status (SPEC section 4),
 * period, commission terms (campaigns.ts), its figures so far (the daily rollups, never raw events; earnings from
 * its ledger) and whether it may answer now. Campaigns it delivered for without an invitation are listed too (as
 * not invited), so that every campaign with its traffic has its statistics link.
 *
 * The detail of an accepted campaign adds what the publisher earns with: for each creative of the campaign's line
 * items on the house channels (the ones the ad server delivers) the placement its embed code and splitter links
 * name (config/adTags.ts builds them), and the publisher's websites to put in them.
 */
import { QueryTypes } from 'sequelize';
import { type Core, NotFound, text } from '@adsuite/backend/kit';
import { dayOf, mayAnswer, WITH_TAGS } from '@adsuite/config/invitations';
import { type CampaignFacts, campaignFacts, type CommissionTerms, commissionTerms } from './campaigns.ts';
import { euros } from './home.ts';
import { hostOfUrl } from './websites.ts';

/** The channels the ad server itself delivers (plugins/booking's house connector), where a publisher's tag runs. */
export const TAG_CHANNELS = ['platform161', 'ssp1', 'affiliate', 'affiliate_cpc'];

interface Offered {
  campaign: string;
  invitation: string | null;
  status: string;
  message: string | null;
}

/** The publisher's invitations it can see (sent ones) and the campaigns it delivered for, by campaign. */
async function offered(core: Core, publisher: string, only?: string): Promise<Offered[]> {
  const rows = await core.sequelize.query<{ campaign_id: string; id: string | null; status: string | null; message: string | null }>(
    `WITH invited AS (
       SELECT DISTINCT ON (campaign_id) campaign_id, id, invitation_status AS status, message FROM invitations
       WHERE publisher_id = $1 AND archived_at IS NULL AND COALESCE(invitation_status, 'not_invited') <> 'not_invited' ${only ? 'AND campaign_id = $2' : ''}
       ORDER BY campaign_id, created, id
     ), delivered AS (
       SELECT DISTINCT campaign_id FROM stat_daily_publishers WHERE publisher_id = $1 ${only ? 'AND campaign_id = $2' : ''}
     )
     SELECT COALESCE(i.campaign_id, d.campaign_id) AS campaign_id, i.id, i.status, i.message FROM invited i FULL JOIN delivered d USING (campaign_id)`,
    { bind: only ? [publisher, only] : [publisher], type: QueryTypes.SELECT },
  );
  return rows.map((row) => ({ campaign: row.campaign_id, invitation: row.id, status: row.status ?? 'not_invited', message: row.message }));
}

/** Figures so far per campaign (all days of the rollups) and earnings per campaign (the ledger), for the publisher. */
async function figuresSoFar(core: Core, publisher: string, campaigns: string[]) {
  const [counts, earned] = await Promise.all([
    core.sequelize.query<{ campaign_id: string; impressions: string; clicks: string; conversions: string }>(
      `SELECT campaign_id, SUM(impressions) AS impressions, SUM(clicks) AS clicks, SUM(pc_conversions + pv_conversions) AS conversions
       FROM stat_daily_publishers WHERE publisher_id = $1 AND campaign_id = ANY($2::uuid[]) GROUP BY campaign_id`,
      { bind: [publisher, campaigns], type: QueryTypes.SELECT },
    ),
    core.sequelize.query<{ campaign_id: string; cents: string }>(
      `SELECT campaign_id, SUM(amount) AS cents FROM earnings WHERE publisher_id = $1 AND type = 'earning' AND campaign_id = ANY($2::uuid[]) GROUP BY campaign_id`,
      { bind: [publisher, campaigns], type: QueryTypes.SELECT },
    ),
  ]);
  const countsOf = new Map(counts.map((row) => [row.campaign_id, row]));
  const earnedOf = new Map(earned.map((row) => [row.campaign_id, Number(row.cents)]));
  return (campaign: string) => {
    const row = countsOf.get(campaign);
    return {
      impressions: Number(row?.impressions ?? 0), clicks: Number(row?.clicks ?? 0), conversions: Number(row?.conversions ?? 0), earnings: euros(earnedOf.get(campaign) ?? 0),
    };
  };
}

const termsInEuros = (terms: CommissionTerms | undefined) => ({
  cpc: terms?.cpc != null ? euros(terms.cpc) : null,
  cpoPercent: terms?.cpoPercent ?? null,
  cpoFixed: terms?.cpoFixed != null ? euros(terms.cpoFixed) : null,
  validationDays: terms?.validationDays ?? null,
});

/** The order of the list: what waits for an answer, then what earns, then the rest; newer campaigns first. */
const RANK: Record<string, number> = {
  invited: 0, invitation_received: 0, active: 1, accepted: 1, accepted_upcoming: 1, accepted_finished: 2, not_invited: 3, rejected: 4, invited_outdated: 4, retracted: 5,
};

function offerOf(row: Offered, campaign: CampaignFacts, terms: CommissionTerms | undefined, figures: ReturnType<Awaited<ReturnType<typeof figuresSoFar>>>, today: string) {
  return {
    id: campaign.id, name: campaign.name, advertiser: campaign.advertiserName, start: campaign.start, end: campaign.end, continuous: campaign.continuous,
    campaignStatus: campaign.status, invitation: row.invitation, invitationStatus: row.status, message: row.message,
    answerable: row.invitation !== null && mayAnswer(row.status, campaign, today), withTags: WITH_TAGS.includes(row.status as never),
    terms: termsInEuros(terms), figures,
  };
}

export type Offer = ReturnType<typeof offerOf>;

/** Every campaign offered to the publisher. */
export async function publisherCampaigns(core: Core, publisher: string, now = new Date()): Promise<Offer[]> {
  const rows = await offered(core, publisher);
  const facts = await campaignFacts(core, rows.map((row) => row.campaign));
  const known = rows.filter((row) => facts.has(row.campaign));
  const [terms, figures] = await Promise.all([
    commissionTerms(core, known.map((row) => facts.get(row.campaign)!)), figuresSoFar(core, publisher, known.map((row) => row.campaign)),
  ]);
  const today = dayOf(now);
  return known.map((row) => offerOf(row, facts.get(row.campaign)!, terms.get(row.campaign), figures(row.campaign), today))
    .sort((a, b) => (RANK[a.invitationStatus] ?? 9) - (RANK[b.invitationStatus] ?? 9) || String(b.start).localeCompare(String(a.start)) || a.name.localeCompare(b.name));
}

export interface TagPlacement {
  lineitem: string;
  channel: string;
  banner: string;
  name: string;
  bannerType: string;
  width: number | null;
  height: number | null;
}

/** The creatives of the campaign's line items on the house channels (search ads aside: they show on search engines). */
async function placementsOf(core: Core, campaign: CampaignFacts): Promise<TagPlacement[]> {
  return core.sequelize.query<TagPlacement>(
    `SELECT l.id AS lineitem, l.channel, b.id AS banner, b.name, b.banner_type AS "bannerType", b.width, b.height
     FROM lineitems l CROSS JOIN LATERAL unnest(l.creatives_ids) AS c(id) JOIN banners b ON b.id = c.id
     WHERE l.campaign_id = $1 AND l.advertiser_id = $2 AND l.archived_at IS NULL AND l.channel = ANY($3::text[])
       AND b.archived_at IS NULL AND b.advertiser_id = $2 AND COALESCE(b.banner_type, '') <> 'search_ad'
     ORDER BY l.channel, b.name, b.id`,
    { bind: [campaign.id, campaign.advertiser, TAG_CHANNELS], type: QueryTypes.SELECT },
  );
}

/** One campaign offered to the publisher (404 otherwise), with its placements once accepted and the publisher's websites. */
export async function publisherCampaign(core: Core, publisher: string, id: string, now = new Date()) {
  const [row] = await offered(core, publisher, id);
  const campaign = row ? (await campaignFacts(core, [id])).get(id) : undefined;
  if (!row || !campaign) throw new NotFound(text('errors.record_not_found', { what: { de: 'Kampagne', en: 'Campaign' } }));
  const [terms, figures, websites] = await Promise.all([
    commissionTerms(core, [campaign]), figuresSoFar(core, publisher, [id]),
    core.sequelize.query<{ id: string; name: string; url: string }>(
      'SELECT id, name, url FROM websites WHERE publisher_id = $1 AND archived_at IS NULL ORDER BY name, id', { bind: [publisher], type: QueryTypes.SELECT },
    ),
  ]);
  const offer = offerOf(row, campaign, terms.get(id), figures(id), dayOf(now));
  return {
    ...offer,
    placements: offer.withTags ? await placementsOf(core, campaign) : [],
    websites: websites.map((site) => ({ id: site.id, name: site.name, host: hostOfUrl(site.url) })).filter((site) => site.host !== null),
  };
}
