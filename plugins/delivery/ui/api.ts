/** The placements screen's calls through the admin's `apiFetch` (token, Publisher and Language headers). */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface PlacementRow {
  id: string;
  name: string;
  website: string;
  size: string;
  active: boolean;
}

export interface WebsiteOption {
  id: string;
  name: string;
  url: string;
}

export interface RequestDay {
  day: string;
  requests: number;
  filled: number;
}

const listOf = (resource: string, publisher: string) =>
  `${API}/${resource}?${new URLSearchParams({ filter: JSON.stringify({ publisher }), range: '[0,199]', sort: '["name","ASC"]' })}`;

export async function fetchPlacements(publisher: string): Promise<PlacementRow[]> {
  return (await apiFetch(listOf('placement', publisher))).json;
}

export async function fetchWebsites(publisher: string): Promise<WebsiteOption[]> {
  return (await apiFetch(listOf('website', publisher))).json;
}

export async function createPlacement(values: { name: string; website: string; size: string; publisher: string }): Promise<PlacementRow> {
  return (await apiFetch(`${API}/placement`, { method: 'POST', body: JSON.stringify(values) })).json;
}

export async function fetchRequests(placement: string): Promise<RequestDay[]> {
  return (await apiFetch(`${API}/placement/${placement}/requests?days=1`)).json;
}
