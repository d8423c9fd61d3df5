/** react-admin's query cache: retry what may pass (network, 5xx), never what the server refused. */
import { QueryClient } from '@tanstack/react-query';

const REFUSED = [400, 401, 403, 404, 406];

export function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return !REFUSED.includes(status) && failures < 3;
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: retryUnlessRefused } } });
