/**
 * The affiliate wizard's calls (plugins/affiliate/server/routes.ts) through the admin's `apiFetch`: token, tenant and
 * Language headers; a refusal throws the server's message.
 */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface TargetingCountry { id: string; name: string; alpha2: string }
export interface TargetingCategory { id: string; attributes: { name: string; code: string } }
export interface LiveProgram { wizard: Record<string, unknown>; catalog: string; trackingcode: string; importJob: string | null }
export interface PushedBooking { booking?: { id: string; _id: string; name: string; status: string } | null; created?: boolean }

export const fetchCountries = async (): Promise<TargetingCountry[]> => (await apiFetch(`${API}/targeting/country`)).json;
export const fetchCategories = async (): Promise<TargetingCategory[]> => (await apiFetch(`${API}/targeting/category`)).json;

export const setWizardLive = async (id: string): Promise<LiveProgram> =>
  (await apiFetch(`${API}/wizard/setlive/${encodeURIComponent(id)}`, { method: 'POST' })).json;

export const pushAssignment = async (id: string): Promise<PushedBooking> =>
  (await apiFetch(`${API}/assignment/${encodeURIComponent(id)}/push`, { method: 'POST' })).json;
