/**
 * The rows a tab loads when it opens (the websites, the conversions, a publisher's rows): the report's first answer
 * holds only what the first tabs show, so a large campaign's report opens at once. A bar while they load, the stats
 * failure text when they do not; read again with the report's figures while the tab is open (Freshness.tsx).
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LinearProgress } from '@mui/material';
import { refreshed } from '../shared/Freshness.tsx';
import { LoadError } from '../shared/LoadError.tsx';
import { useReportText } from './useReportText.ts';

export function TabRows<T>({ queryKey, load, children }: { queryKey: unknown[]; load: (signal: AbortSignal) => Promise<T>; children: (rows: T) => ReactNode }) {
  const text = useReportText();
  const { data, error, isRefetchError } = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), retry: false, ...refreshed });
  if (error && !isRefetchError) return <LoadError error={error} failed={text('load_failed')} testId="tab-error" />;
  if (data === undefined) return <LinearProgress sx={{ m: 2 }} aria-label={text('title')} data-testid="tab-loading" />;
  return <>{children(data)}</>;
}
