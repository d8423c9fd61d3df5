/**
 * What waits for creative approval (SPEC section 2 "Creative approval"), 10 a page, newest first:
 * - banners with a channel whose review is open (template ads are AdSuite's own renderings and need none);
 * - line items with changes waiting (a new bid, a new budget) that do not approve themselves (`autoapprove`).
 * Filtered by advertiser, campaign and booking; a banner belongs to a campaign or booking that names it.
 */
import { QueryTypes } from 'sequelize';
import { APPROVAL_PAGE_SIZE, type ApprovalItem, type ApprovalType, reviewedChannels } from '@adsuite/config/approvals';

export type { ApprovalItem };
import { changeRows, reviewRows } from '@adsuite/config/resources/jsonShapes';
import { type Core, type Row, toEuros } from '@adsuite/backend/kit';
import type { ApprovalFilter } from './input.ts';

/** A booking's creative entries as banner ids (entries are ids or objects with one). */
const BOOKING_BANNERS = `SELECT coalesce(e->>'id', e#>>'{}') FROM bookings bk,
  jsonb_array_elements(CASE WHEN jsonb_typeof(bk.creatives) = 'array' THEN bk.creatives ELSE '[]'::jsonb END) e`;

/** A channel's review is decided when its status (or legacy value) says approved or rejected. */
const OPEN_REVIEW = `EXISTS (SELECT 1 FROM unnest(b.channels) ch
  WHERE coalesce(b.reviews->ch->>'status', b.reviews->>ch, '') NOT IN ('approved', 'rejected', 'true', 'false'))`;

const WAITING: Record<ApprovalType, string> = {
  banner: `b.archived_at IS NULL AND b.banner_type IS DISTINCT FROM 'template_ad' AND ${OPEN_REVIEW}`,
  lineitem: `b.archived_at IS NULL AND b.autoapprove IS NOT TRUE AND jsonb_typeof(b.changes) IN ('object', 'array') AND b.changes NOT IN ('{}'::jsonb, '[]'::jsonb)`,
};

const TABLE: Record<ApprovalType, string> = { banner: 'banners', lineitem: 'lineitems' };

function filterSql(type: ApprovalType, filter: ApprovalFilter): string {
  const parts = [WAITING[type]];
  if (filter.advertiser) parts.push('b.advertiser_id = :advertiser');
  if (type === 'lineitem') {
    if (filter.campaign) parts.push('b.campaign_id = :campaign');
    if (filter.booking) parts.push('b.booking_id = :booking');
  } else {
    if (filter.campaign) parts.push(`(b.campaign_id = :campaign OR b.id::text IN (${BOOKING_BANNERS} WHERE bk.campaign_id = :campaign))`);
    if (filter.booking) parts.push(`b.id::text IN (${BOOKING_BANNERS} WHERE bk.id = :booking)`);
  }
  return parts.join(' AND ');
}

export async function countWaiting(core: Core, filter: ApprovalFilter): Promise<Record<ApprovalType, number>> {
  const count = async (type: ApprovalType) => {
    const [row] = await core.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${TABLE[type]} b WHERE ${filterSql(type, filter)}`, {
      replacements: { ...filter }, type: QueryTypes.SELECT,
    });
    return row.n;
  };
  return { banner: await count('banner'), lineitem: await count('lineitem') };
}

const named = (id: unknown, name: unknown) => (id ? { id: String(id), name: String(name ?? '') } : null);

/** The fields of a line item change as staff read them: money in euros as the API speaks it, creatives by name. */
function changesOf(core: Core, value: unknown, bannerNames: Map<string, string>) {
  const fields = core.resource('lineitem').fields;
  const shown = (field: string, v: unknown) => {
    if (fields[field]?.type === 'money' && typeof v === 'number') return toEuros(v);
    return field === 'creatives' && Array.isArray(v) ? v.map((id) => bannerNames.get(String(id)) ?? String(id)) : v;
  };
  return (changeRows(value) ?? []).map((change) => ({ field: change.field, old: shown(change.field, change.old), new: shown(change.field, change.new) }));
}

/** The names of the creatives line item changes name. */
async function bannerNamesOf(core: Core, rows: Row[]): Promise<Map<string, string>> {
  const ids = rows.flatMap((row) => (changeRows(row.changes) ?? []).filter((c) => c.field === 'creatives').flatMap((c) => [c.old, c.new]))
    .flatMap((list) => (Array.isArray(list) ? list.map(String) : []));
  if (!ids.length) return new Map();
  const banners = await core.sequelize.query<{ id: string; name: string }>('SELECT id::text, name FROM banners WHERE id::text IN (:ids)', { replacements: { ids: [...new Set(ids)] }, type: QueryTypes.SELECT });
  return new Map(banners.map((banner) => [banner.id, banner.name]));
}

/** The review rows of the channels an item is reviewed for, in that order. */
export function channelReviews(channels: string[], stored: unknown): ApprovalItem['reviews'] {
  const rows = reviewRows(stored);
  return channels.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return { channel, status: row?.status ?? 'not_reviewed', ...(row?.reason ? { reason: row.reason } : {}), ...(row?.comment ? { comment: row.comment } : {}) };
  });
}

/** The channels an item is reviewed for. */
export const itemChannels = (type: ApprovalType, row: Row): string[] =>
  type === 'banner' ? reviewedChannels({ bannerType: row.banner_type ?? row.bannerType, channels: row.channels }) : row.channel ? [String(row.channel)] : [];

/** The items of `ids` (or of a page of what waits) with their advertiser, campaign and bookings. */
export async function approvalItems(core: Core, type: ApprovalType, where: { ids: string[] } | { filter: ApprovalFilter; page: number }): Promise<ApprovalItem[]> {
  const byIds = 'ids' in where;
  const rows = await core.sequelize.query<Row>(
    `SELECT b.*, a.name AS advertiser_name, c.name AS campaign_name FROM ${TABLE[type]} b
     LEFT JOIN advertisers a ON a.id = b.advertiser_id LEFT JOIN campaigns c ON c.id = b.campaign_id
     WHERE ${byIds ? 'b.id IN (:ids)' : filterSql(type, where.filter)}
     ORDER BY b.created DESC, b.id ${byIds ? '' : 'LIMIT :limit OFFSET :offset'}`,
    {
      replacements: byIds ? { ids: where.ids } : { ...where.filter, limit: APPROVAL_PAGE_SIZE, offset: (where.page - 1) * APPROVAL_PAGE_SIZE },
      type: QueryTypes.SELECT,
    },
  );
  const ids = rows.map((row) => String(row.id));
  const bookings = !ids.length ? [] : type === 'banner'
    ? await core.sequelize.query<{ id: string; name: string; status: string; item: string }>(
      `SELECT DISTINCT bk.id, bk.name, bk.status, coalesce(e->>'id', e#>>'{}') AS item FROM bookings bk,
       jsonb_array_elements(CASE WHEN jsonb_typeof(bk.creatives) = 'array' THEN bk.creatives ELSE '[]'::jsonb END) e
       WHERE bk.archived_at IS NULL AND coalesce(e->>'id', e#>>'{}') = ANY(ARRAY[:ids]::text[]) ORDER BY bk.name`,
      { replacements: { ids }, type: QueryTypes.SELECT })
    : await core.sequelize.query<{ id: string; name: string; status: string; item: string }>(
      `SELECT bk.id, bk.name, bk.status, l.id::text AS item FROM lineitems l JOIN bookings bk ON bk.id = l.booking_id WHERE l.id IN (:ids)`,
      { replacements: { ids }, type: QueryTypes.SELECT });
  const bannerNames = type === 'lineitem' ? await bannerNamesOf(core, rows) : new Map<string, string>();
  return rows.map((row) => {
    const item: ApprovalItem = {
      id: String(row.id),
      type,
      name: String(row.name ?? ''),
      advertiser: named(row.advertiser_id, row.advertiser_name),
      campaign: named(row.campaign_id, row.campaign_name),
      bookings: bookings.filter((b) => b.item === String(row.id)).map(({ id, name, status }) => ({ id, name, status })),
      reviews: channelReviews(itemChannels(type, row), row.reviews),
      updated: new Date(row.updated as Date).toISOString(),
    };
    if (type === 'banner') {
      item.creative = {
        bannerType: String(row.banner_type), width: row.width, height: row.height, downloadLink: row.download_link, thumbnail: row.thumbnail ?? {},
        video: row.video ?? {}, adCode: row.ad_code, headlines: row.headlines ?? [], descriptions: row.descriptions ?? [], keywords: row.keywords,
      } as ApprovalItem['creative'];
    } else {
      item.changes = changesOf(core, row.changes, bannerNames);
    }
    return item;
  });
}
