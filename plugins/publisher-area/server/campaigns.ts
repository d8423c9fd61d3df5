/**
 * What the invitation rules and the publisher's screens read of a campaign: its period and status
 * (config/invitations.ts CampaignPeriod), its affiliate manager, and the commission terms a publisher earns by
 * (SPEC section 3 "Invitation"; issue 35: CPC, CPO percent or fixed, validation window).
 *
 * Terms: a click earns at most the media part of its price, the line item's bid (the pipeline bills bid x (1 + fee),
 * config/pricing.ts); an order earns the advertiser's affiliate program's commission (percent of the cart value or a
 * fixed amount) where there is one, else the media part of a CPO line item's price; never more than that media part. Pending conversions and clicks
 * of a campaign with approval are approved by the platform after its validation window.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type { Core } from '@adsuite/backend/kit';
import type { CampaignPeriod } from '@adsuite/config/invitations';
import { DEFAULT_VALIDATION_DAYS } from '@adsuite/config/approvals';

export interface CampaignFacts extends CampaignPeriod {
  id: string;
  name: string;
  advertiser: string;
  advertiserName: string;
  manager: string | null;
  validationDays: number;
  approval: boolean;
}

interface CampaignRow {
  id: string; name: string; advertiser_id: string; advertiser_name: string | null; start: string | null; end: string | null; status: string | null;
  manager_id: string | null; validation_days: number | null; conversion_approval: boolean | null; click_approval: boolean | null; continously: boolean | null;
}

const SELECT_CAMPAIGN = `SELECT c.id, c.name, c.advertiser_id, a.name AS advertiser_name, to_char(c.start, 'YYYY-MM-DD') AS start, to_char(c."end", 'YYYY-MM-DD') AS "end",
    c.status, c.manager_id, c.validation_days, c.conversion_approval, c.click_approval, b.continously
  FROM campaigns c LEFT JOIN bookings b ON b.id = c.booking_id LEFT JOIN advertisers a ON a.id = c.advertiser_id`;

const factsOf = (row: CampaignRow): CampaignFacts => ({
  id: row.id, name: row.name ?? '', advertiser: row.advertiser_id, advertiserName: row.advertiser_name ?? '', start: row.start, end: row.end,
  // A campaign without an end runs until it is stopped, as a booking that never ends.
  continuous: row.continously === true || row.end === null, status: row.status, manager: row.manager_id,
  validationDays: row.validation_days ?? DEFAULT_VALIDATION_DAYS, approval: row.conversion_approval === true || row.click_approval === true,
});

/** The campaigns of `ids` that exist and are not archived, by id. */
export async function campaignFacts(core: Core, ids: string[], transaction?: Transaction): Promise<Map<string, CampaignFacts>> {
  if (!ids.length) return new Map();
  const rows = await core.sequelize.query<CampaignRow>(`${SELECT_CAMPAIGN} WHERE c.id = ANY($1::uuid[]) AND c.archived_at IS NULL`, {
    bind: [ids], type: QueryTypes.SELECT, transaction,
  });
  return new Map(rows.map((row) => [row.id, factsOf(row)]));
}

/** Commission terms in cents (null: none of that kind); `percent` of the cart value for orders. */
export interface CommissionTerms {
  /** The most a click earns (the highest CPC line item's bid). */
  cpc: number | null;
  /** A percentage of the cart value per order. */
  cpoPercent: number | null;
  /** A fixed amount per order. */
  cpoFixed: number | null;
  /** Days after which pending conversions and clicks are approved; null: the campaign approves nothing first. */
  validationDays: number | null;
}

/** The terms of each campaign of `facts`. */
export async function commissionTerms(core: Core, facts: CampaignFacts[]): Promise<Map<string, CommissionTerms>> {
  const terms = new Map<string, CommissionTerms>();
  if (!facts.length) return terms;
  const bids = await core.sequelize.query<{ campaign_id: string; bid_type: string; bid: string }>(
    `SELECT campaign_id, bid_type, MAX(bid_price) AS bid FROM lineitems
     WHERE campaign_id = ANY($1::uuid[]) AND archived_at IS NULL AND bid_type IN ('CPC', 'CTR', 'CPO') GROUP BY campaign_id, bid_type`,
    { bind: [facts.map((f) => f.id)], type: QueryTypes.SELECT },
  );
  const programs = core.models.has('program') ? await core.sequelize.query<{ advertiser_id: string; commission_percent: string | null; commission_fixed: string | null }>(
    `SELECT DISTINCT ON (advertiser_id) advertiser_id, commission_percent, commission_fixed FROM ${core.resource('program').table}
     WHERE advertiser_id = ANY($1::uuid[]) AND active IS TRUE AND archived_at IS NULL AND (commission_percent > 0 OR commission_fixed > 0)
     ORDER BY advertiser_id, created, id`,
    { bind: [[...new Set(facts.map((f) => f.advertiser))]], type: QueryTypes.SELECT },
  ) : [];
  const programOf = new Map(programs.map((row) => [row.advertiser_id, row]));
  for (const campaign of facts) {
    const bid = (types: string[]) => {
      const found = bids.filter((row) => row.campaign_id === campaign.id && types.includes(row.bid_type)).map((row) => Number(row.bid));
      return found.length ? Math.max(...found) : null;
    };
    const program = programOf.get(campaign.advertiser);
    const percent = Number(program?.commission_percent ?? 0) > 0 ? Number(program!.commission_percent) : null;
    const fixed = percent === null && Number(program?.commission_fixed ?? 0) > 0 ? Number(program!.commission_fixed) : null;
    const cpo = bid(['CPO']);
    terms.set(campaign.id, {
      cpc: bid(['CPC', 'CTR']),
      // An order earns only where it is paid for (a CPO line item), and never more than its media part.
      cpoPercent: cpo !== null ? percent : null,
      cpoFixed: cpo !== null && percent === null ? Math.min(fixed ?? cpo, cpo) : null,
      validationDays: campaign.approval ? campaign.validationDays : null,
    });
  }
  return terms;
}
