/**
 * The calls of the finance screens (plugins/finances README "Endpoints"), through the admin's `apiFetch` so the
 * token and the Advertiser and Language headers go along. The advertiser is always named in the path or query:
 * staff have no selected advertiser of their own.
 */
import { API, apiDownload, apiFetch, saveFile } from '@adsuite/admin/kit';
import type { VatHandle } from './money.ts';

export interface LedgerEntry {
  id: string;
  created: string;
  type: 'topup' | 'coupon' | 'spend' | 'refund' | 'vat' | 'manual';
  amount: number;
  description: string;
  reference?: string | null;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

export interface CardPayment {
  amount: number;
  vatHandle: VatHandle;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export interface PaymentSucceeded {
  status: 'succeeded';
  paymentId: string;
  amount: number;
  vat: number;
  gross: number;
  balance: number;
  invoice: { id: string; number: string };
}

export type PaymentAnswer = PaymentSucceeded | { status: 'requires_confirmation'; paymentId: string };

const advertiserPath = (advertiser: string) => `${API}/advertiser/${encodeURIComponent(advertiser)}`;

/** `transaction 0-9/42` -> 42 */
export const totalOf = (contentRange: string | null, fallback: number) => Number(contentRange?.split('/').pop()) || fallback;

export async function fetchBalance(advertiser: string): Promise<number> {
  const { json } = await apiFetch(`${advertiserPath(advertiser)}/balance`);
  return Number(json.balance);
}

export async function fetchLedger(advertiser: string, page: number, perPage: number): Promise<Page<LedgerEntry>> {
  const query = new URLSearchParams({
    advertiser, range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), sort: JSON.stringify(['created', 'DESC']),
  });
  const { json, headers } = await apiFetch(`${API}/finances/ledger?${query}`);
  return { rows: json as LedgerEntry[], total: totalOf(headers.get('Content-Range'), (json as unknown[]).length) };
}

/** A card top-up; the same `idempotencyKey` on a retry never charges twice. A decline rejects with 402 `payment failed`. */
export async function payByCard(advertiser: string, payment: CardPayment, idempotencyKey: string): Promise<PaymentAnswer> {
  const { json } = await apiFetch(`${advertiserPath(advertiser)}/payment`, {
    method: 'POST', body: JSON.stringify(payment), headers: { 'Idempotency-Key': idempotencyKey },
  });
  return json as PaymentAnswer;
}

/** The confirmation step a card may ask for (sandbox card 4000 0027 6000 3184). */
export async function confirmPayment(advertiser: string, paymentId: string): Promise<PaymentSucceeded> {
  const { json } = await apiFetch(`${advertiserPath(advertiser)}/payment/${encodeURIComponent(paymentId)}/confirm`, { method: 'POST' });
  return json as PaymentSucceeded;
}

/** An advertiser as the manual booking needs it: name, balance (euros) and whether a prepaid balance limits a debit. */
export interface AdvertiserFunds {
  id: string;
  name: string;
  balance: number;
  billingType: 'prepaid' | 'postpaid' | string | null;
}

export async function fetchAdvertiser(advertiser: string): Promise<AdvertiserFunds> {
  const { json } = await apiFetch(advertiserPath(advertiser));
  return { id: String(json.id), name: json.name, balance: Number(json.balance ?? 0), billingType: json.billingType ?? null };
}

/** The first 20 advertisers by name whose name or website contains `q` (all when `q` is empty). */
export async function searchAdvertisers(q: string): Promise<{ id: string; name: string }[]> {
  const query = new URLSearchParams({ range: JSON.stringify([0, 19]), sort: JSON.stringify(['name', 'ASC']) });
  if (q) query.set('filter', JSON.stringify({ q }));
  const { json } = await apiFetch(`${API}/advertiser?${query}`);
  return (json as { id: string; name: string }[]).map((row) => ({ id: String(row.id), name: row.name }));
}

export interface ManualEntry {
  direction: 'credit' | 'debit';
  /** Euros, positive. */
  amount: number;
  reason: string;
}

export interface ManualEntryBooked {
  transaction: LedgerEntry;
  /** The balance after the entry, in euros. */
  balance: number;
  repeated: boolean;
}

/** A manual ledger entry (systemoperator); the same `idempotencyKey` on a retry or a double click books once. */
export async function bookManualEntry(advertiser: string, entry: ManualEntry, idempotencyKey: string): Promise<ManualEntryBooked> {
  const { json } = await apiFetch(`${advertiserPath(advertiser)}/manual-entry`, {
    method: 'POST', body: JSON.stringify(entry), headers: { 'Idempotency-Key': idempotencyKey },
  });
  return json as ManualEntryBooked;
}

export async function redeemCoupon(advertiser: string, code: string): Promise<{ coupon: string; amount: number; balance: number }> {
  const { json } = await apiFetch(`${API}/coupon/use`, { method: 'POST', body: JSON.stringify({ advertiser, code }) });
  return json;
}

/** Saves a file the API answers (PDF, CSV) under `filename` (the kit's apiDownload, paths below /api). */
export const download = (path: string, filename: string) => apiDownload(`${API}${path}`, filename);

export { saveFile };
