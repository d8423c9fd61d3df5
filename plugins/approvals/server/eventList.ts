/**
 * A campaign's conversions and clicks with their decisions (SPEC sections 2 and 3, issue 14): the raw events of the
 * tracking pipeline (invalid ones, bots' among them, left out: they are never approved or paid) joined with
 * `event_approvals`, filtered by line items, creatives, days, status and a free text, sorted and paged. The range's
 * days bound the partitions read. A pending row proposes the provision an approval would credit: the advertiser's
 * affiliate program's commission (percent of the cart value, or a fixed amount), else what the event cost the
 * advertiser.
 */
import { QueryTypes, type Transaction } from 'sequelize';
import type {
  ClickApprovalRow, ConversionApprovalRow, EventApprovalKind, EventApprovalPage,
} from '@adsuite/config/approvals';
import { type Core, escapeLike } from '@adsuite/backend/kit';
import { mediaPartOf, platformFeeOf } from '@adsuite/config/pricing';
import type { EventFilter } from './eventInput.ts';

export interface ApprovalCampaign {
  id: string;
  name: string;
  advertiser: string;
}

/** The advertiser's commission: a percentage of the cart value, or a fixed amount in cents (null: none set). */
export interface Commission {
  percent: number | null;
  fixedCents: number | null;
}

export async function commissionOf(core: Core, advertiserId: string): Promise<Commission> {
  if (!core.models.has('program')) return { percent: null, fixedCents: null };
  const [row] = await core.sequelize.query<{ commission_percent: string | null; commission_fixed: string | null }>(
    `SELECT commission_percent, commission_fixed FROM ${core.resource('program').table}
     WHERE advertiser_id = $1 AND active IS TRUE AND archived_at IS NULL AND (commission_percent > 0 OR commission_fixed > 0)
     ORDER BY created, id LIMIT 1`,
    { bind: [advertiserId], type: QueryTypes.SELECT },
  );
  if (!row) return { percent: null, fixedCents: null };
  return Number(row.commission_percent) > 0 ? { percent: Number(row.commission_percent), fixedCents: null } : { percent: null, fixedCents: Number(row.commission_fixed) };
}

/** An event as decisions and rows read it. */
export interface EventRow {
  id: string; day: string; created: Date; order_id: string | null; attribution: string | null; click_id: string | null; channel: string | null;
  lineitem_id: string | null; banner_id: string | null; banner_name: string | null; publisher_id: string | null; publisher_name: string | null;
  website: string | null; value: string | null; cost_milli: number | null;
  /** The cost authorized and not yet charged (a campaign with approval), in thousandths of a cent; null when none. */
  reserved_milli: string | null;
  status: 'approved' | 'rejected' | null; decided_at: Date | null; cart_value: string | null; commission_percent: string | null; provision: string | null;
  charged: string | null; fee: string | null; refunded: string | null;
}

/** What the event costs the advertiser in thousandths of a cent: charged when tracked or captured, else reserved. */
export const costOf = (event: Pick<EventRow, 'cost_milli' | 'reserved_milli'>) => Number(event.cost_milli ?? 0) || Number(event.reserved_milli ?? 0);

/** The cents an event is (or would be) charged: its cost rounded down, never more than it cost. */
export const chargeOf = (event: Pick<EventRow, 'cost_milli' | 'reserved_milli'>) => Math.floor(costOf(event) / 1000);

/**
 * What a pending event's provision would be, in cents: the commission terms (a percentage of the cart value or a
 * fixed amount), else all the event may give, and never more than its charge less the platform's fee.
 */
export function proposedProvision(kind: EventApprovalKind, event: Pick<EventRow, 'value' | 'cost_milli' | 'reserved_milli' | 'channel'>, commission: Commission): number {
  const cap = mediaPartOf(chargeOf(event), event.channel);
  if (kind === 'conversion' && commission.percent !== null) return Math.min(cap, Math.round((Number(event.value ?? 0) * commission.percent) / 100));
  if (kind === 'conversion' && commission.fixedCents !== null) return Math.min(cap, commission.fixedCents);
  return cap;
}

const euros = (cents: number) => Math.round(cents) / 100;
const nil = (id: string | null) => (!id || id === '00000000-0000-0000-0000-000000000000' ? null : id);
const isoOrNull = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function conversionRow(event: EventRow, commission: Commission): ConversionApprovalRow {
  const value = euros(Number(event.value ?? 0));
  const decided = event.status !== null;
  const percent = decided ? (event.commission_percent === null ? null : Number(event.commission_percent)) : commission.percent;
  const provision = decided ? Number(event.provision ?? 0) : proposedProvision('conversion', event, commission);
  return {
    conversionId: event.id, orderId: event.order_id, type: event.attribution === 'post_view' ? 'post_view' : 'post_click',
    timestamp: new Date(event.created).toISOString(), timestampView: null, timestampClick: null, clickId: event.click_id,
    channel: event.channel || null, lineitem: nil(event.lineitem_id), creative: nil(event.banner_id), creativeName: event.banner_name,
    publisher: nil(event.publisher_id), publisherName: event.publisher_name, location: event.website || null,
    approvalStatus: event.status ?? '', approvalDate: isoOrNull(event.decided_at), cartValue: value, basketValue: value,
    adjustedCartValue: decided && event.cart_value !== null ? euros(Number(event.cart_value)) : null,
    commission: euros(provision), commissionPercent: percent, commissionFixed: percent === null ? euros(decided ? provision : proposedProvision('conversion', event, commission)) : null,
    ...money(event), fee: euros(decided ? Number(event.fee ?? 0) : platformFeeOf(chargeOf(event), event.channel)), currency: 'EUR',
  };
}

/** The cost, whether it is only reserved, and what staff refunded, in euros. */
const money = (event: EventRow) => ({
  cost: costOf(event) / 100_000, reserved: event.status === null && Number(event.reserved_milli ?? 0) > 0, refunded: euros(Number(event.refunded ?? 0)),
});

export function clickRow(event: EventRow): ClickApprovalRow {
  const decided = event.status !== null;
  return {
    clickId: event.id, timestamp: new Date(event.created).toISOString(), timestampView: null, channel: event.channel || null,
    lineitem: nil(event.lineitem_id), creative: nil(event.banner_id), creativeName: event.banner_name, publisher: nil(event.publisher_id),
    publisherName: event.publisher_name, location: event.website || null, approvalStatus: event.status ?? '', approvalDate: isoOrNull(event.decided_at),
    provision: euros(decided ? Number(event.provision ?? 0) : proposedProvision('click', event, { percent: null, fixedCents: null })),
    ...money(event), currency: 'EUR',
  };
}

/** SQL of each sortable column (the pending provision sorts by the event's value or cost, as it is proposed from them). */
function sortSql(kind: EventApprovalKind, sort: string, commission: Commission): string {
  const proposed = kind === 'conversion' && commission.percent !== null ? `e.value * ${Number(commission.percent)} / 100` : 'COALESCE(NULLIF(e.cost_milli, 0), r.amount_milli) / 1000.0';
  const columns: Record<string, string> = {
    timestamp: 'e.created', orderId: 'e.order_id', channel: 'e.channel', location: 'e.website', cartValue: 'e.value',
    commission: `COALESCE(a.provision, ${proposed})`, cost: 'COALESCE(NULLIF(e.cost_milli, 0), r.amount_milli)', approvalStatus: "COALESCE(a.status, '')", approvalDate: 'a.decided_at',
  };
  return columns[sort] ?? 'e.created';
}

const SELECT = `e.id, to_char(e.day, 'YYYY-MM-DD') AS day, e.created, e.order_id, e.attribution, e.click_id, e.channel, e.lineitem_id, e.banner_id,
  b.name AS banner_name, e.publisher_id, p.name AS publisher_name, e.website, e.value, e.cost_milli,
  r.amount_milli AS reserved_milli, a.status, a.decided_at, a.cart_value, a.commission_percent, a.provision, a.charged, a.fee, a.refunded`;

/** The events of the campaign the filter (or the ids) names; `count` only when asked. */
export async function readEvents(
  core: Core, campaign: ApprovalCampaign, kind: EventApprovalKind, where: { filter: EventFilter; commission: Commission } | { ids: string[] }, transaction?: Transaction,
): Promise<{ rows: EventRow[]; count: number }> {
  const bind: unknown[] = [campaign.advertiser, campaign.id, kind];
  const param = (value: unknown) => `$${bind.push(value)}`;
  // An invalid conversion or click (a bot's, a click without a view, ...) is never listed, approved or paid.
  const parts = ['e.advertiser_id = $1', 'e.campaign_id = $2', 'e.kind = $3', 'e.bot = false', 'e.invalid IS NULL'];
  const joins = `FROM events e
    LEFT JOIN event_approvals a ON a.advertiser_id = e.advertiser_id AND a.event_id = e.id
    LEFT JOIN reservations r ON r.advertiser_id = e.advertiser_id AND r.event_id = e.id
    LEFT JOIN ${core.resource('banner').table} b ON b.id = e.banner_id
    LEFT JOIN ${core.resource('publisher').table} p ON p.id = e.publisher_id`;
  if ('ids' in where) {
    parts.push(`e.id = ANY(${param(where.ids)}::uuid[])`);
    const rows = await core.sequelize.query<EventRow>(`SELECT ${SELECT} ${joins} WHERE ${parts.join(' AND ')}`, { bind, type: QueryTypes.SELECT, transaction });
    return { rows, count: rows.length };
  }
  const { filter, commission } = where;
  parts.push(`e.day >= ${param(filter.start)}::date`, `e.day <= ${param(filter.end)}::date`);
  if (filter.lineitemIds.length) parts.push(`e.lineitem_id = ANY(${param(filter.lineitemIds)}::uuid[])`);
  if (filter.creativeIds.length) parts.push(`e.banner_id = ANY(${param(filter.creativeIds)}::uuid[])`);
  if (filter.status === 'pending') parts.push('a.event_id IS NULL');
  else if (filter.status) parts.push(`a.status = ${param(filter.status)}`);
  if (filter.q) {
    const like = param(`%${escapeLike(filter.q)}%`);
    const fields = ['e.id::text', 'e.channel', 'e.website', 'b.name', 'p.name', ...(kind === 'conversion' ? ['e.order_id', 'e.click_id'] : ['e.subid'])];
    parts.push(`(${fields.map((f) => `${f} ILIKE ${like}`).join(' OR ')})`);
  }
  const whereSql = parts.join(' AND ');
  const order = `${sortSql(kind, filter.sort, commission)} ${filter.direction} NULLS LAST, e.id ${filter.direction}`;
  const page = `LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`;
  const [rows, [counted]] = await Promise.all([
    core.sequelize.query<EventRow>(`SELECT ${SELECT} ${joins} WHERE ${whereSql} ORDER BY ${order} ${page}`, { bind, type: QueryTypes.SELECT }),
    core.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n ${joins} WHERE ${whereSql}`, { bind, type: QueryTypes.SELECT }),
  ]);
  return { rows, count: counted.n };
}

/** One page of the campaign's conversions or clicks (SPEC section 7: campaignName, count, items). */
export async function eventPage(core: Core, campaign: ApprovalCampaign, kind: EventApprovalKind, filter: EventFilter): Promise<EventApprovalPage<ConversionApprovalRow | ClickApprovalRow>> {
  const commission = kind === 'conversion' ? await commissionOf(core, campaign.advertiser) : { percent: null, fixedCents: null };
  const { rows, count } = await readEvents(core, campaign, kind, { filter, commission });
  return { campaignName: campaign.name, count, items: rows.map((row) => (kind === 'conversion' ? conversionRow(row, commission) : clickRow(row))) };
}
