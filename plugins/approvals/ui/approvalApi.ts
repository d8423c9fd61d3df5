/** The creative approval calls (SPEC section 7 "approval"), through the admin's apiFetch (token and headers go along). */
import { API, apiFetch } from '@adsuite/admin/kit';
import type { ApprovalItem, ApprovalType, ChannelReview } from '@adsuite/config/approvals';

export type { ApprovalItem, ChannelReview };

export interface ApprovalFilter {
  advertiser?: string;
  campaign?: string;
  booking?: string;
}

const query = (values: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '').map(([k, v]) => [k, String(v)])).toString();

export async function fetchCounts(filter: ApprovalFilter): Promise<Record<ApprovalType, number>> {
  return (await apiFetch(`${API}/approval/count?${query({ ...filter })}`)).json;
}

export async function fetchItems(type: ApprovalType, page: number, filter: ApprovalFilter): Promise<{ count: number; items: ApprovalItem[] }> {
  return (await apiFetch(`${API}/approval?${query({ type, page, ...filter })}`)).json;
}

export async function saveReview(item: ApprovalItem, reviews: ChannelReview[]): Promise<ApprovalItem> {
  const body = { type: item.type, id: item.id, reviews: reviews.map(({ channel, status, reason, comment }) => ({ channel, status, reason, comment })) };
  return (await apiFetch(`${API}/approval/review`, { method: 'POST', body: JSON.stringify(body) })).json;
}
