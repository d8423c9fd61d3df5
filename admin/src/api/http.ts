/**
 * Every call to the API goes through `apiFetch`: it adds the bearer token and the Advertiser, Publisher and
 * Language headers (SPEC section 7), applies the request timeout, answers 406 by refreshing the selection
 * and turns error answers into the message and field errors the screens show (SPEC section 8).
 */
import { fetchUtils, HttpError } from 'react-admin';
import { REQUEST_TIMEOUT_MS, type Subscription } from '@adsuite/config';
import { session } from '../session.ts';
import { leaveNotice } from '../notice.ts';
import { errorMessageOf, fieldErrorsOf } from './errors.ts';

export const API = '/api';

export interface CurrentUser {
  id: string;
  _id?: string;
  email: string;
  name: string;
  surname: string;
  role: string;
  language?: string;
  subscriptions?: Subscription[];
  selectedType?: string;
  selectedAdvertiser?: string | null;
  selectedPublisher?: string | null;
  /** The main account of a sub-account. */
  parent?: string | null;
  advertiserIds: string[];
  publisherIds: string[];
  advertisers: { id: string; name: string }[];
  publishers: { id: string; name: string }[];
}

/** The headers that say who asks, for which advertiser/publisher and in which language. */
export function requestHeaders(tenant = true): Headers {
  const headers = new Headers({ Accept: 'application/json', Language: session.language() });
  const token = session.token();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const advertiser = session.selectedAdvertiser();
  const publisher = session.selectedPublisher();
  if (tenant && advertiser) headers.set('Advertiser', advertiser);
  if (tenant && publisher) headers.set('Publisher', publisher);
  return headers;
}

const withTimeout = (signal?: AbortSignal | null) => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
};

/** The error the screens show: SPEC's message and, for a 400, the field errors in react-admin's shape. */
function explain(error: HttpError): HttpError {
  const body = error.body && typeof error.body === 'object' ? { ...error.body } : {};
  const fieldErrors = fieldErrorsOf(error.body);
  if (Object.keys(fieldErrors).length) body.errors = fieldErrors;
  else delete body.errors;
  return new HttpError(errorMessageOf(error.body) ?? error.message, error.status, body);
}

export async function apiFetch(url: string, options: fetchUtils.Options = {}) {
  const headers = requestHeaders();
  new Headers(options.headers).forEach((value, key) => headers.set(key, value));
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers, signal: withTimeout(options.signal) });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 406) await accessChanged(errorMessageOf(error.body));
    throw explain(error);
  }
}

/**
 * Saves a file the API answers (CSV, XLSX, PDF) under `filename`, with the same headers as every call; a refusal
 * throws the server's message (`{ message }` of a 400, 403, 404) like apiFetch does.
 */
export async function apiDownload(url: string, filename: string, options: { signal?: AbortSignal } = {}): Promise<void> {
  const response = await fetch(url, { headers: requestHeaders(), signal: withTimeout(options.signal) });
  if (!response.ok) {
    const body = await response.json().catch(() => null) as { message?: string } | null;
    throw explain(new HttpError(body?.message ?? response.statusText, response.status, body));
  }
  saveFile(await response.blob(), filename);
}

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The signed-in user with the advertisers and publishers it may reach. */
export async function fetchCurrentUser(tenant = true): Promise<CurrentUser> {
  // Without the tenant headers only while recovering from a 406, which those headers caused.
  const { json } = tenant
    ? await apiFetch(`${API}/auth/login`)
    : await fetchUtils.fetchJson(`${API}/auth/login`, { headers: requestHeaders(false), signal: withTimeout() });
  return { ...json, id: String(json.id ?? json._id) };
}

/** PATCH /api/auth/login: selection, language, subscriptions or stat preferences; answers the updated user. */
export async function updateCurrentUser(changes: Record<string, unknown>): Promise<CurrentUser> {
  const { json } = await apiFetch(`${API}/auth/login`, { method: 'PATCH', body: JSON.stringify(changes) });
  return { ...json, id: String(json.id ?? json._id) };
}

let reloading = false;

/**
 * 406: the selected advertiser/publisher is no longer reachable, or the server moved the selection to the one a
 * link's record belongs to. Take the selection the server now holds (or none, should it name the same one again,
 * so the reload cannot loop), reload and say so in the server's words (SPEC section 8).
 */
async function accessChanged(message?: string | null) {
  if (reloading) return;
  reloading = true;
  const before = { advertiser: session.selectedAdvertiser(), publisher: session.selectedPublisher() };
  try {
    const user = await fetchCurrentUser(false);
    const advertiser = user.selectedAdvertiser ?? null;
    const publisher = user.selectedPublisher ?? null;
    session.select({
      advertiser: advertiser === before.advertiser ? null : advertiser,
      publisher: publisher === before.publisher ? null : publisher,
    });
  } catch {
    session.select({ advertiser: null, publisher: null });
  }
  leaveNotice(message || 'app.auth.access_changed');
  globalThis.location?.reload();
}
