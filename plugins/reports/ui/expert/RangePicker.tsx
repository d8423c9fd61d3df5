/**
 * The date range of Expert Analytics: from and to as days typed DD-MM-YYYY (SPEC section 9, the same in both
 * languages, unlike a browser's date input), with shortcuts. A day before 6 months and 1 day back (SPEC section 5)
 * still goes to the server, whose refusal the screen shows.
 */
import { useState } from 'react';
import { Button, ButtonGroup, Stack, TextField } from '@mui/material';
import { formatDay } from '@adsuite/admin/kit';
import { daysBack, earliestDay, today, type DayRange } from './expertApi.ts';
import { useExpertText } from './useExpertText.ts';

const PRESETS = { yesterday: () => ({ start: daysBack(1), end: daysBack(1) }), week: () => ({ start: daysBack(6), end: today() }), month: () => ({ start: daysBack(29), end: today() }) };

/** `07-03-2025` -> `2025-03-07`; null unless it names a real day. */
export function typedDay(text: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

function DayField({ name, day, onDay }: { name: 'start' | 'end'; day: string; onDay: (day: string) => void }) {
  const text = useExpertText();
  const [typed, setTyped] = useState(formatDay(day));
  const [shown, setShown] = useState(day);
  // A day chosen elsewhere (a shortcut, the address) replaces what is typed.
  if (shown !== day) {
    setShown(day);
    setTyped(formatDay(day));
  }
  const parsed = typedDay(typed);
  // Too far back is marked here and refused by the server, whose message the screen shows.
  const invalid = parsed === null || parsed < earliestDay();
  return (
    <TextField
      size="small"
      name={name}
      label={text(name)}
      value={typed}
      error={invalid}
      placeholder={text('day_pattern')}
      onChange={(event) => {
        setTyped(event.target.value);
        const next = typedDay(event.target.value);
        if (next && next !== day) onDay(next);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
      sx={{ width: { xs: '100%', sm: 140 } }}
    />
  );
}

export function RangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const text = useExpertText();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }} role="group" aria-label={text('range')}>
      <Stack direction="row" spacing={1}>
        <DayField name="start" day={range.start} onDay={(start) => onChange({ ...range, start })} />
        <DayField name="end" day={range.end} onDay={(end) => onChange({ ...range, end })} />
      </Stack>
      <ButtonGroup size="small" variant="outlined">
        {(Object.keys(PRESETS) as (keyof typeof PRESETS)[]).map((preset) => {
          const chosen = PRESETS[preset]();
          const active = chosen.start === range.start && chosen.end === range.end;
          return (
            <Button key={preset} data-preset={preset} variant={active ? 'contained' : 'outlined'} onClick={() => onChange(chosen)} sx={{ flex: { xs: 1, sm: 'none' } }}>
              {text(`presets.${preset}`)}
            </Button>
          );
        })}
      </ButtonGroup>
    </Stack>
  );
}
