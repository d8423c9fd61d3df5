/** The finance screens' queries, keyed by advertiser so one invalidation refreshes balance, ledger and documents. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, apiFetch } from '@adsuite/admin/kit';
import { fetchAdvertiser, fetchLedger, totalOf, type Page } from './financesApi.ts';

export type DocumentKind = 'invoice' | 'creditnote';

export interface FinanceDocument {
  id: string;
  number: string;
  date: string;
  /** The advertiser's id, or the advertiser itself in the accounting overview (populated). */
  advertiser: string | { id: string; name: string };
  net: number;
  vat: number;
  gross: number;
  status: string;
}

export interface BalanceState {
  level: 'ok' | 'warning' | 'danger';
  balance: number;
}

export const financeKey = (advertiser: string | null) => ['finances', advertiser ?? 'all'];

/** Balance and alert level (GET /api/finances/alert). */
export function useBalance(advertiser: string) {
  return useQuery({
    queryKey: [...financeKey(advertiser), 'balance'],
    queryFn: async (): Promise<BalanceState> => (await apiFetch(`${API}/finances/alert?advertiser=${encodeURIComponent(advertiser)}`)).json,
  });
}

/** The advertiser's name, balance and billing type (GET /api/advertiser/:id), for the manual booking. */
export function useAdvertiserFunds(advertiser: string | null) {
  return useQuery({
    queryKey: [...financeKey(advertiser), 'funds'],
    queryFn: () => fetchAdvertiser(advertiser!),
    enabled: Boolean(advertiser),
    retry: false,
  });
}

export function useLedger(advertiser: string, page: number, perPage: number) {
  return useQuery({
    queryKey: [...financeKey(advertiser), 'ledger', page, perPage],
    queryFn: () => fetchLedger(advertiser, page, perPage),
    placeholderData: keepPreviousData,
  });
}

/** Invoices or credit notes, of one advertiser or (accounting) of all, optionally searched by number or advertiser name. */
export function useDocuments(kind: DocumentKind, { advertiser, q = '', page, perPage }: { advertiser: string | null; q?: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: [...financeKey(advertiser), kind, q, page, perPage],
    queryFn: async (): Promise<Page<FinanceDocument>> => {
      const query = new URLSearchParams({ range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), sort: JSON.stringify(['date', 'DESC']) });
      if (advertiser) query.set('filter', JSON.stringify({ advertiser }));
      else query.set('populate', 'advertiser');
      if (q.trim()) query.set('q', q.trim());
      const { json, headers } = await apiFetch(`${API}/${kind}/search?${query}`);
      return { rows: json, total: totalOf(headers.get('Content-Range'), json.length) };
    },
    placeholderData: keepPreviousData,
  });
}

/** After money moved: balance, ledger and documents of that advertiser load again (and the accounting overview). */
export function useMoneyMoved() {
  const client = useQueryClient();
  return (advertiser: string) => {
    void client.invalidateQueries({ queryKey: financeKey(advertiser) });
    void client.invalidateQueries({ queryKey: financeKey(null) });
  };
}
