/** GET /api/search (plugins/search/server): one term over the main entity types, paged alike. */
import { API, apiFetch } from '@adsuite/admin/kit';

export interface SearchAnswer {
  /** qty: results in all; largest: the most of one entity type (it decides the pages); ms: server time. */
  stats: { qty: number; largest: number; ms: number };
  results: Record<string, { count: number; items: Record<string, unknown>[] }>;
}

export const SEARCH_PAGE_SIZE = 10;
/** Search-as-you-type starts after more than two characters (SPEC section 5), 350 ms after the last key (section 9). */
export const TYPE_AHEAD_MIN = 3;
export const TYPE_AHEAD_DEBOUNCE_MS = 350;

export async function search(term: string, { qty = SEARCH_PAGE_SIZE, offset = 0, signal }: { qty?: number; offset?: number; signal?: AbortSignal } = {}): Promise<SearchAnswer> {
  const query = new URLSearchParams({ search: term, qty: String(qty), offset: String(offset) });
  const { json } = await apiFetch(`${API}/search?${query}`, { signal });
  return json as SearchAnswer;
}

export const pageCount = (answer: Pick<SearchAnswer, 'stats'>, qty = SEARCH_PAGE_SIZE) => Math.max(1, Math.ceil(answer.stats.largest / qty));
