import { useEffect } from 'react';
import { HttpError } from 'react-admin';

export type RecordRefusal = 'leave' | 'switch' | null;

/**
 * What a record's page (a link from a mail, a list or another advertiser's context) does when the API refuses its
 * record (SPEC sections 4 and 8): 403 or 404 (refused, or of no advertiser the user reaches) leaves for the portal's
 * 403 page; 406 (a record of another advertiser the user may access: the server moved the selection to it) waits for
 * the reload apiFetch starts, after which the same address opens with that advertiser selected. Null for any other
 * failure, which the page shows itself.
 */
export function useRecordRefusal(error: unknown): RecordRefusal {
  const status = error instanceof HttpError ? error.status : undefined;
  const refusal: RecordRefusal = status === 403 || status === 404 ? 'leave' : status === 406 ? 'switch' : null;
  useEffect(() => {
    if (refusal === 'leave') globalThis.location.replace('/403');
  }, [refusal]);
  return refusal;
}
