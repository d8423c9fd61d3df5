/**
 * When a report's figures are of ("Daten vom 21-05-2026 14:05 UTC", the answer's `dataAsOf`) and how an open report
 * keeps up with the batches committed since (its figures read again every 30 s while its tab is visible), the switch
 * that adds the previous period, and a figure's change from it ('+12,5 %' in green, '-3,0 %' in red, '–' when the
 * previous figure is 0).
 */
import { FormControlLabel, Switch, Typography } from '@mui/material';
import { periodChange } from '@adsuite/config/i18n/format';
import { useFormat } from './useFormat.ts';
import { useToolText } from './useToolText.ts';

/**
 * How often an open report reads its figures again: event batches commit all the time, so its figures and its
 * "Daten vom" move on while it stays open. react-query pauses the interval while the tab is hidden.
 */
export const REFRESH_MS = 30_000;

/** The options of a report's queries that keep it up to date (REFRESH_MS). */
export const refreshed = { refetchInterval: REFRESH_MS } as const;

interface FiguresQuery<T> { data: T | undefined; error: Error | null; isRefetchError: boolean; isFetching: boolean; isPending: boolean; isPlaceholderData: boolean }

/**
 * What a report shows of its query: the figures (kept while a refresh reads, and when one fails: the next one may
 * not), the failure of a range or comparison it could not load, and whether to show the bar (only while a new range
 * or comparison loads, never for the refresh in the background).
 */
export function shownFigures<T>(query: FiguresQuery<T>): { figures: T | undefined; error: Error | null; loading: boolean } {
  const error = query.error && !query.isRefetchError ? query.error : null;
  return { figures: error ? undefined : query.data, error, loading: query.isFetching && (query.isPending || query.isPlaceholderData) };
}

export function DataAsOf({ value }: { value: string | null | undefined }) {
  const text = useToolText();
  const format = useFormat();
  if (!value) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="data-as-of" data-value={value}>
      {text('data_as_of', { time: format.moment(value) })}
    </Typography>
  );
}

export function CompareSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const text = useToolText();
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} name="comparePrevious" />}
      label={text('compare')}
      data-testid="compare-previous"
      sx={{ mr: 0 }}
    />
  );
}

export function Change({ current, previous }: { current: number; previous: number }) {
  const text = useToolText();
  const format = useFormat();
  const change = periodChange(current, previous);
  const color = change === null || change === 0 ? 'text.secondary' : change > 0 ? 'success.main' : 'error.main';
  return (
    <Typography component="span" variant="body2" title={text('change')} data-change={change ?? ''} sx={{ color, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
      {format.change(change)}
    </Typography>
  );
}
