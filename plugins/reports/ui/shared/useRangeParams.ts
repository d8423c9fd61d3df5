/**
 * A statistics screen's range kept in the address (?start=&end=), the last 7 days when it names none; and the
 * comparison with the previous period (?compare=previous). Each keeps the other's parameters.
 */
import { useSearchParams } from 'react-router';
import { lastDays, type DayRange } from '@adsuite/admin/kit';

export function useRangeParams(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(7);
  const range = { start: params.get('start') || fallback.start, end: params.get('end') || fallback.end };
  return [range, (next) => setParams((current) => {
    const changed = new URLSearchParams(current);
    changed.set('start', next.start);
    changed.set('end', next.end);
    return changed;
  }, { replace: true })];
}

export function useCompareParam(): [boolean, (compare: boolean) => void] {
  const [params, setParams] = useSearchParams();
  return [params.get('compare') === 'previous', (compare) => setParams((current) => {
    const changed = new URLSearchParams(current);
    if (compare) changed.set('compare', 'previous');
    else changed.delete('compare');
    return changed;
  }, { replace: true })];
}
