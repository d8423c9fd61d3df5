/** The conversion and click approval calls (SPEC section 7 "conversions/clicks"), through the admin's apiFetch. */
import { API, apiFetch } from '@adsuite/admin/kit';
import type {
  ClickApprovalRow, ClickChange, ConversionApprovalRow, ConversionChange, EventApprovalKind, EventApprovalPage, EventApprovalStatus, EventListFilter,
} from '@adsuite/config/approvals';

export type EventRow = ConversionApprovalRow | ClickApprovalRow;
export type EventChange = ConversionChange | ClickChange;

export type EventQuery = EventListFilter<EventApprovalStatus | ''>;

const PATHS: Record<EventApprovalKind, string> = { conversion: 'conversions', click: 'clicks' };

export const eventId = (row: EventRow) => ('conversionId' in row ? row.conversionId : row.clickId);

function search(query: EventQuery) {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size), sort: query.sort, direction: query.direction, start_date: query.start, end_date: query.end });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('approvalStatus', query.status);
  if (query.lineitemIds.length) params.set('lineitemIds', query.lineitemIds.join(','));
  if (query.creativeIds.length) params.set('creativeIds', query.creativeIds.join(','));
  return params.toString();
}

export async function fetchEvents(kind: EventApprovalKind, campaign: string, query: EventQuery): Promise<EventApprovalPage<EventRow>> {
  return (await apiFetch(`${API}/campaign/${campaign}/${PATHS[kind]}?${search(query)}`)).json;
}

/** saveConversionChange / saveClickChange: one decision; answers the row as decided. */
export async function saveChange(kind: EventApprovalKind, campaign: string, change: EventChange): Promise<EventRow> {
  return (await apiFetch(`${API}/campaign/${campaign}/${PATHS[kind]}`, { method: 'POST', body: JSON.stringify(change) })).json;
}

/** bulkSaveConversionChange: several decisions, all or none. */
export async function saveChanges(kind: EventApprovalKind, campaign: string, changes: EventChange[]): Promise<EventRow[]> {
  return (await apiFetch(`${API}/campaign/${campaign}/${PATHS[kind]}/bulk`, { method: 'POST', body: JSON.stringify(changes) })).json.items;
}

/** The change that decides a row: Approve with the proposed provision, Reject with provision 0 (SPEC section 4). */
export function decision(kind: EventApprovalKind, row: EventRow, approved: boolean): EventChange {
  return kind === 'conversion' ? { conversionId: eventId(row), approved } : { clickId: eventId(row), approved };
}
