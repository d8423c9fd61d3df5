/**
 * The report's date range: two days and shortcuts, kept in the address (?start=&end=). Nothing before 6 months and
 * 1 day back is offered (SPEC section 5); the server's refusal of a typed day is shown as its message.
 */
import { useSearchParams } from 'react-router';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { daysBack, defaultRange, earliestDay, today, type DayRange } from './reportApi.ts';
import { useReportText } from './useReportText.ts';

const SHORTCUTS = {
  yesterday: (): DayRange => ({ start: daysBack(1), end: daysBack(1) }),
  week: (): DayRange => ({ start: daysBack(6), end: today() }),
  month: (): DayRange => ({ start: daysBack(29), end: today() }),
};

export function useRangeParams(): [DayRange, (range: DayRange) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const range = { start: params.get('start') || fallback.start, end: params.get('end') || fallback.end };
  return [range, (next) => setParams({ start: next.start, end: next.end }, { replace: true })];
}

export function RangeBar({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const text = useReportText();
  const day = (name: keyof DayRange) => (
    <TextField
      type="date"
      size="small"
      name={name}
      label={text(name)}
      value={range[name]}
      onChange={(event) => event.target.value && onChange({ ...range, [name]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliestDay(), max: name === 'start' ? range.end : undefined } }}
      sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 165 } }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} role="group" aria-label={text('range')}>
      <Stack direction="row" spacing={1}>{day('start')}{day('end')}</Stack>
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={(Object.keys(SHORTCUTS) as (keyof typeof SHORTCUTS)[]).find((key) => SHORTCUTS[key]().start === range.start && SHORTCUTS[key]().end === range.end) ?? null}
        onChange={(_, key: keyof typeof SHORTCUTS | null) => key && onChange(SHORTCUTS[key]())}
        sx={{ alignSelf: { sm: 'center' }, '& > *': { flex: { xs: 1, sm: 'none' } } }}
      >
        {(Object.keys(SHORTCUTS) as (keyof typeof SHORTCUTS)[]).map((key) => <ToggleButton key={key} value={key} data-range={key} sx={{ textTransform: 'none', px: 1.5 }}>{text(`presets.${key}`)}</ToggleButton>)}
      </ToggleButtonGroup>
    </Stack>
  );
}
