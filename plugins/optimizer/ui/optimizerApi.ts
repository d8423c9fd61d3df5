/** The optimization dashboards' calls (plugins/optimizer/server; SPEC section 7 "optimizer", "accesslog"). */
import { API, apiFetch } from '@adsuite/admin/kit';

export type HintLevel = 'danger' | 'warning' | 'info';
export interface Hint { level: HintLevel; code: string; message: string }
export interface Chart { labels: string[]; data: number[] }

/** A dashboard row; fields marked optional only reach the systemoperator and the affiliatemanager. */
export interface DashboardRow {
  id: string;
  campaign: { _id: string; name: string; status: string | null; assets: { mediaplans: string[]; costrevenueratios: number } };
  optimizer: { id: string; mct: number | null; ms: number | null; promote: boolean; sticky: boolean; lineItemsCount: number; [key: string]: unknown };
  revenueSource: string | null;
  sales: number; uniqueUsers: number; impressions: number; clicks: number; mct_pcConversions: number;
  clickThroughRate: number; mct_pcConversionRate: number; mct_marketShare: number;
  networkImpressions: number; networkClicks: number; networkConversions: number; networkMarketshare: number;
  productEvents: number | null; productsHaveIds: number | null; productsSuited: number | null;
  instructions: Hint[];
  problems: { code: string; message: string }[];
  opr?: number; health?: 'OK' | 'WARNING' | 'ERROR'; ordervalue?: number; realCosts?: number; revenue?: number; networkRevenue?: number;
  crrRevenue?: number; crrCost?: number; icons?: { optimizer: { icon: 'pause' | 'play' | 'stop'; level: string } };
  links?: { type: string; to: string }[];
  revenueRangeChart?: Chart; costRangeChart?: Chart;
}

export interface FirstDashboard {
  start: string; end: string;
  revenueByNetwork: { network: string | null; revenue: number }[];
  chart: { labels: string[]; commission: number[]; costs: number[] } | null;
  rows: DashboardRow[];
  accessLogs: { start: string; end: string; hosts: { host: string; count: number }[] };
}

export interface MctRequest { campaignId: string; salesShop: number | ''; salesSuite: number | ''; mct: number | ''; start: string; end: string; step: number }
export interface MctResult { mct: number; sales: number; share: number; target: number }
export interface CrrDay { id: string; day: string; impressions: number; clicks: number; conversions: number; totalRevenue: number; totalCost: number }

const range = (start: string, end: string) => `startDate=${start}&endDate=${end}`;

export async function firstDashboard(start: string, end: string, signal?: AbortSignal): Promise<FirstDashboard> {
  return (await apiFetch(`${API}/optimizer/dashboard?${range(start, end)}`, { signal })).json as FirstDashboard;
}

export async function secondDashboard(start: string, end: string, campaigns: string[], ignoreSticky: boolean, signal?: AbortSignal): Promise<{ rows: DashboardRow[] }> {
  const campaign = campaigns.length ? `&campaign=${campaigns.join(',')}` : '';
  return (await apiFetch(`${API}/optimizer/dashboard2?${range(start, end)}${campaign}${ignoreSticky ? '&ignoresticky=true' : ''}`, { signal })).json;
}

export async function optimizerCampaigns(): Promise<{ _id: string; name: string; sticky: boolean }[]> {
  return (await apiFetch(`${API}/optimizer/campaigns`)).json;
}

export async function calculateMct(request: MctRequest): Promise<MctResult> {
  return (await apiFetch(`${API}/optimizer/mct`, { method: 'POST', body: JSON.stringify(request) })).json as MctResult;
}

export async function updateMct(optimizerId: string, mct: number): Promise<void> {
  await apiFetch(`${API}/optimizer/${optimizerId}/mct`, { method: 'PUT', body: JSON.stringify({ mct }) });
}

export async function rerunCrr(): Promise<{ day: string; count: number; message: string }> {
  return (await apiFetch(`${API}/optimizer/crr/rerun`, { method: 'POST', body: '{}' })).json;
}

export async function crrDays(campaign: string): Promise<CrrDay[]> {
  const query = new URLSearchParams({ filter: JSON.stringify({ campaign }), sort: JSON.stringify(['day', 'DESC']), range: JSON.stringify([0, 29]) });
  return (await apiFetch(`${API}/crr?${query}`)).json as CrrDay[];
}
