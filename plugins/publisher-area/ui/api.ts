/**
 * The publisher area's calls (plugins/publisher-area/server/routes.ts; payouts are the finance screens'), through
 * the admin's `apiFetch`: token, Advertiser, Publisher and Language headers. Money arrives in euros.
 */
import { API, apiFetch } from '@adsuite/admin/kit';
import type { DayRange } from '@adsuite/admin/kit';

export interface Figures { impressions: number; clicks: number; conversions: number }
export interface Period { start: string | null; end: string | null; continuous: boolean }

export interface WaitingInvitation {
  id: string;
  invitationStatus: string;
  invited: string;
  campaign: Period & { id: string; name: string; advertiser: string };
}

export interface PublisherHome {
  range: DayRange;
  totals: Figures & { earnings: number; epc: number };
  days: (Figures & { date: string; earnings: number })[];
  balance: number;
  pending: number;
  pendingEvents: number;
  campaigns: (Figures & { id: string; name: string; earnings: number })[];
  websites: (Figures & { website: string; earnings: number })[];
  invitations: WaitingInvitation[];
}

export interface Terms { cpc: number | null; cpoPercent: number | null; cpoFixed: number | null; validationDays: number | null }

export interface Offer extends Period {
  id: string;
  name: string;
  advertiser: string;
  campaignStatus: string | null;
  invitation: string | null;
  invitationStatus: string;
  message: string | null;
  answerable: boolean;
  withTags: boolean;
  terms: Terms;
  figures: Figures & { earnings: number };
}

export interface TagPlacement { lineitem: string; channel: string; banner: string; name: string; bannerType: string | null; width: number | null; height: number | null }

export interface OfferDetail extends Offer {
  placements: TagPlacement[];
  websites: { id: string; name: string; host: string }[];
}

export interface WebsiteDetails {
  industry: string | null; description: string | null; visitorsOrigin: string[]; monthlyVisitors: number; monthlyUniques: number; monthlyPageviews: number; avgVisitDuration: number;
}
/** A website's figures of the range with its own earnings. */
export type WebsiteFigures = Figures & { earnings: number };
export interface WebsiteRow { id: string; name: string; url: string; host: string | null; active: boolean; details: WebsiteDetails; figures: WebsiteFigures }
export interface WebsiteData { range: DayRange; websites: WebsiteRow[]; unclaimed: { website: string; figures: WebsiteFigures; recent: Figures }[] }

const publisherPath = (publisher: string) => `${API}/publisher/${encodeURIComponent(publisher)}`;
const rangeQuery = (range: DayRange) => new URLSearchParams({ start: range.start, end: range.end }).toString();

export const fetchHome = async (publisher: string, range: DayRange): Promise<PublisherHome> =>
  (await apiFetch(`${publisherPath(publisher)}/dashboard?${rangeQuery(range)}`)).json;

export const fetchOffers = async (publisher: string): Promise<Offer[]> => (await apiFetch(`${publisherPath(publisher)}/campaigns`)).json;

export const fetchOffer = async (publisher: string, campaign: string): Promise<OfferDetail> =>
  (await apiFetch(`${publisherPath(publisher)}/campaigns/${encodeURIComponent(campaign)}`)).json;

export type Answer = 'accept' | 'decline';

export const answerInvitation = async (publisher: string, invitation: string, answer: Answer): Promise<{ invitationStatus: string }> =>
  (await apiFetch(`${publisherPath(publisher)}/invitations/${encodeURIComponent(invitation)}`, { method: 'POST', body: JSON.stringify({ answer }) })).json;

export const markReceived = async (publisher: string, invitation: string) =>
  (await apiFetch(`${publisherPath(publisher)}/invitations/${encodeURIComponent(invitation)}/received`, { method: 'POST' })).json;

export const fetchWebsites = async (publisher: string, range: DayRange): Promise<WebsiteData> =>
  (await apiFetch(`${publisherPath(publisher)}/websitedata?${rangeQuery(range)}`)).json;

export const claimWebsite = async (publisher: string, website: string) =>
  (await apiFetch(`${publisherPath(publisher)}/websites/claim`, { method: 'POST', body: JSON.stringify({ website }) })).json;

/** Staff's view of a campaign's invitations. */
export interface StaffRow {
  publisher: { id: string; name: string; url: string | null };
  invitation: string | null;
  invitationStatus: string;
  newInvitationStatus: string | null;
  status: string;
  end: string | null;
  continously: boolean;
}
export interface StaffPage {
  campaign: Period & { id: string; name: string; status: string | null };
  total: number;
  counts: Record<string, number>;
  waiting: number;
  rows: StaffRow[];
}

const campaignPath = (campaign: string) => `${API}/campaign/${encodeURIComponent(campaign)}/invitations`;

export async function fetchStaffPage(campaign: string, query: { q: string; status: string; page: number; perPage: number }): Promise<StaffPage> {
  const params = new URLSearchParams({ range: JSON.stringify([(query.page - 1) * query.perPage, query.page * query.perPage - 1]) });
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  return (await apiFetch(`${campaignPath(campaign)}?${params}`)).json;
}

export const moveInvitations = async (campaign: string, action: 'invite' | 'retract' | 'reset', publishers: string[]) =>
  (await apiFetch(campaignPath(campaign), { method: 'POST', body: JSON.stringify({ action, publishers }) })).json as { rows: StaffRow[] };

export const sendInvitations = async (campaign: string) =>
  (await apiFetch(`${campaignPath(campaign)}/send`, { method: 'POST' })).json as { waiting: number; job: string | null };
