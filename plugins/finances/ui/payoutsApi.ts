/** The payout calls (plugins/finances/server/routes/payouts.ts); amounts in euros. */
import { API, apiFetch } from '@adsuite/admin/kit';
import { download } from './financesApi.ts';

export interface Payout {
  id: string;
  created: string;
  publisher: string;
  amount: number;
  status: 'open' | 'paid' | 'canceled';
  number: string | null;
  paidAt: string | null;
}

export interface PublisherPayouts {
  balance: number;
  requested: number;
  available: number;
  minimum: number;
  payouts: Payout[];
}

export interface PayoutRequest extends Payout {
  publisherName: string;
  balance: number;
}

const publisherPath = (publisher: string) => `${API}/publisher/${encodeURIComponent(publisher)}/payouts`;

export const fetchPublisherPayouts = async (publisher: string): Promise<PublisherPayouts> => (await apiFetch(publisherPath(publisher))).json;

/** A request of `amount` euros, or of all that is available (null). */
export const requestPayout = async (publisher: string, amount: number | null) =>
  (await apiFetch(publisherPath(publisher), { method: 'POST', body: JSON.stringify(amount === null ? {} : { amount }) })).json as PublisherPayouts & { payout: Payout };

export const cancelPayout = async (id: string): Promise<Payout> => (await apiFetch(`${API}/payout/${encodeURIComponent(id)}/cancel`, { method: 'POST' })).json;

export const payPayout = async (id: string) => (await apiFetch(`${API}/payout/${encodeURIComponent(id)}/paid`, { method: 'POST' })).json as { payout: Payout };

export async function fetchPayoutRequests(all: boolean, page: number, perPage: number): Promise<{ rows: PayoutRequest[]; total: number }> {
  const query = new URLSearchParams({ range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]) });
  if (!all) query.set('status', 'open');
  return (await apiFetch(`${API}/finances/payouts?${query}`)).json;
}

export const downloadCreditNote = (payout: Pick<Payout, 'id' | 'number'>) => download(`/payout/${encodeURIComponent(payout.id)}/download`, `${payout.number}.pdf`);
