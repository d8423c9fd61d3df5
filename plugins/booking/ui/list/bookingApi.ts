/** The booking lifecycle calls of ../../API.md and the CSV downloads, through the admin's apiFetch (token, tenant and language headers). */
import { API, apiFetch, saveFile } from '@adsuite/admin/kit';
import { csvFilename } from './bookingRules.ts';

export interface PublishAnswer {
  booking?: Record<string, unknown>;
  failedChannels?: string[];
}

const bookingPath = (id: string, action: string) => `${API}/booking/${encodeURIComponent(id)}/${action}`;
const send = async (url: string, method: string, body?: unknown) =>
  (await apiFetch(url, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json;

export const publishBooking = (id: string): Promise<PublishAnswer> => send(bookingPath(id, 'status'), 'POST', { status: 'published' });
export const pauseBooking = (id: string) => send(bookingPath(id, 'pause'), 'POST');
export const resumeBooking = (id: string) => send(bookingPath(id, 'resume'), 'POST');
export const cancelBooking = (id: string) => send(bookingPath(id, 'cancel'), 'POST');
export const extendBooking = (id: string, end: string) => send(bookingPath(id, 'end'), 'PUT', { end });
export const changeChannels = (id: string, channels: string[], allocation: { channel: string; weight: number }[]) =>
  send(bookingPath(id, 'channels'), 'PUT', { channels, allocation });

export interface TemplateBooking {
  id: string;
  name: string;
  status: string;
  budget: number | null;
  start: string | null;
  end: string | null;
  created: string | null;
}

export const templateBookings = async (templateId: string): Promise<TemplateBooking[]> =>
  (await apiFetch(`${API}/bookingtemplate/${encodeURIComponent(templateId)}/bookings`)).json ?? [];

/** Fetches a CSV with the user's headers and hands it to the browser as a download. */
export async function downloadCsv(url: string, fallbackName: string): Promise<void> {
  const { body, headers } = await apiFetch(url, { headers: { Accept: 'text/csv' } });
  const name = csvFilename(headers.get('Content-Disposition'), fallbackName);
  saveFile(new Blob([body], { type: 'text/csv;charset=utf-8' }), name);
}

/** The list's filter and sort in the resource protocol's query, for `GET /api/bookings.csv`. */
export function bookingsCsvUrl(filter: Record<string, unknown>, sort: { field: string; order: string }): string {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), sort: JSON.stringify([sort.field, sort.order]) });
  return `${API}/bookings.csv?${query}`;
}
