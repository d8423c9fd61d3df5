/** A statistics screen's range kept in the address (?start=&end=), the last 7 days when it names none. */
import { useSearchParams } from 'react-router';
import { lastDays, type DayRange } from '@adsuite/admin/kit';

export function useRangeParams(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(7);
  const range = { start: params.get('start') || fallback.start, end: params.get('end') || fallback.end };
  return [range, (next) => setParams({ start: next.start, end: next.end }, { replace: true })];
}
