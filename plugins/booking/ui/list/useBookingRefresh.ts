/**
 * The list's self-refresh (SPEC sections 4 and 9): every 5 seconds while a booking on the page is generating
 * creatives, waiting for approval or publishing; a failed refresh stops it without a word.
 */
import { useRef } from 'react';
import { useNotify, type GetListResult } from 'react-admin';
import { nextRefresh, type BookingRow } from './bookingRules.ts';

interface ListQuery {
  state: { data?: GetListResult<BookingRow & { id: string }> };
}

export function useBookingRefresh() {
  const notify = useNotify();
  const failed = useRef(false);
  const polling = useRef(false);
  return {
    refetchInterval: (query: ListQuery) => {
      const next = nextRefresh(query.state.data?.data, failed.current);
      polling.current = next !== false;
      return next;
    },
    onError: (error: unknown) => {
      if (polling.current) {
        failed.current = true;
        polling.current = false;
        return;
      }
      notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
    },
  };
}
