/**
 * The wizard's calls (../../API.md), all through the admin's `apiFetch` so that the token and the
 * Advertiser and Language headers go along, and error answers arrive as SPEC section 8 wants them shown.
 */
import { API, apiFetch } from '@adsuite/admin/kit';
import type { FileInfo } from '../../server/creatives/files.ts';
import type { BookingCosts } from './costs.ts';
import { requestBody, type BookingDraft, type CreativeService } from './draft.ts';

export type UploadKind = 'image' | 'video' | 'html' | 'logo' | 'productImage';

/** The upload endpoint's answer (type only: nothing of the server half reaches the browser). */
export type UploadedFile = FileInfo;

export interface Preview {
  width: number;
  height: number;
  url: string;
}

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/** POST /booking/validate?step=n: the rules of steps 1..n (for an update with the stored booking's); the costs when they hold. */
export async function validateStep(step: number, draft: BookingDraft, id?: string): Promise<BookingCosts | null> {
  const query = new URLSearchParams({ step: String(step), ...(id ? { id } : {}) });
  const { json } = await apiFetch(`${API}/booking/validate?${query}`, post(requestBody(draft)));
  return (json?.costs as BookingCosts | undefined) ?? null;
}

/** POST /booking (new) or PUT /booking/:id. */
export async function saveBooking(draft: BookingDraft, id?: string): Promise<Record<string, unknown>> {
  const { json } = id
    ? await apiFetch(`${API}/booking/${encodeURIComponent(id)}`, { method: 'PUT', body: JSON.stringify(requestBody(draft)) })
    : await apiFetch(`${API}/booking`, post(requestBody(draft)));
  return json;
}

export async function loadBooking(id: string): Promise<Record<string, unknown>> {
  const { json } = await apiFetch(`${API}/booking/${encodeURIComponent(id)}`);
  return json;
}

export async function uploadFile(file: File, kind: UploadKind): Promise<UploadedFile> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  const { json } = await apiFetch(`${API}/booking/files`, { method: 'POST', body: form });
  return json as UploadedFile;
}

/** Banners the creative service renders from the logo, product image, slogan and product name. */
export async function creativeServicePreviews(service: CreativeService): Promise<Preview[]> {
  const { logo, productImage, slogan, productName } = service;
  const { json } = await apiFetch(`${API}/booking/creative-service/preview`, post({ logo, productImage, slogan, productName }));
  return Array.isArray(json) ? (json as Preview[]) : [];
}

/** `creatives[0].file` and `creatives.0.file` name the same field. */
export const fieldName = (field: string) => field.replace(/\[(\d+)\]/g, '.$1');

export interface WizardError {
  message: string;
  fields: Record<string, string>;
}

/**
 * What an error answer says: the general message and the field errors (apiFetch keys them by field), in the
 * user's language already (the server answers in the request's Language).
 */
export function wizardErrorOf(error: unknown): WizardError {
  const body = (error as { body?: { errors?: unknown } })?.body;
  const raw = body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors) ? (body.errors as Record<string, string>) : {};
  const fields = Object.fromEntries(Object.entries(raw).map(([field, message]) => [fieldName(field), String(message)]));
  return { message: (error as Error)?.message || '', fields };
}
