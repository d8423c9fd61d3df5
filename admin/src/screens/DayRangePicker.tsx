/**
 * The date range of the statistics screens (dashboard, Instant Report, Expert Analytics): from and to typed as
 * DD-MM-YYYY in either language (SPEC section 9; a browser's date input follows its locale, 03/07/2025), and
 * shortcuts. A day that is no day, or lies before the earliest one (SPEC section 5: 6 months and 1 day back),
 * is marked at its field and does not change the range; a start after the end moves the end along (and back).
 */
import { useState } from 'react';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePluginText } from '../i18n/pluginText.ts';
import { formatDay, maskDay, parseDay } from '../resources/format.ts';
import { earliestDay, RANGE_SHORTCUTS, type DayRange, type RangeShortcut } from './dayRange.ts';
import { messages } from './dayRangeMessages.ts';


const useRangeText = () => usePluginText('day_range', messages);

function DayField({ name, day, onDay }: { name: keyof DayRange; day: string; onDay: (day: string) => void }) {
  const text = useRangeText();
  const translate = useTranslate();
  const [typed, setTyped] = useState(() => formatDay(day));
  const [shown, setShown] = useState(day);
  const [left, setLeft] = useState(false);
  // A day chosen elsewhere (a shortcut, the other field, the address) replaces what is typed.
  if (shown !== day) {
    setShown(day);
    setTyped(formatDay(day));
  }
  const earliest = earliestDay();
  const parsed = parseDay(typed);
  const problem = parsed === null
    ? translate('app.validation.day')
    : parsed < earliest ? text('too_early', { day: formatDay(earliest) }) : undefined;
  // Marked once the day is typed out or the field is left, not while the first digits go in.
  const shownProblem = problem && (left || typed.length >= 10) ? problem : undefined;
  return (
    <TextField
      size="small"
      name={name}
      label={text(name)}
      value={typed}
      placeholder={translate('app.date.day')}
      error={Boolean(shownProblem)}
      helperText={shownProblem}
      onChange={(event) => {
        const next = maskDay(event.target.value);
        setTyped(next);
        setLeft(false);
        const chosen = parseDay(next);
        if (chosen && chosen >= earliest && chosen !== day) onDay(chosen);
      }}
      onBlur={() => setLeft(true)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10, 'data-day-format': 'DD-MM-YYYY' },
        formHelperText: { sx: { mx: 0 } },
      }}
      sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 150 } }}
    />
  );
}

export interface DayRangePickerProps {
  range: DayRange;
  onChange: (range: DayRange) => void;
  /** The shortcut buttons shown, in order (all by default). */
  shortcuts?: readonly RangeShortcut[];
}

export function DayRangePicker({ range, onChange, shortcuts = Object.keys(RANGE_SHORTCUTS) as RangeShortcut[] }: DayRangePickerProps) {
  const text = useRangeText();
  const active = shortcuts.find((key) => {
    const chosen = RANGE_SHORTCUTS[key]();
    return chosen.start === range.start && chosen.end === range.end;
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }} role="group" aria-label={text('range')} data-testid="day-range">
      <Stack direction="row" spacing={1}>
        <DayField name="start" day={range.start} onDay={(start) => onChange({ start, end: start > range.end ? start : range.end })} />
        <DayField name="end" day={range.end} onDay={(end) => onChange({ start: end < range.start ? end : range.start, end })} />
      </Stack>
      {shortcuts.length > 0 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          value={active ?? null}
          onChange={(_, key: RangeShortcut | null) => key && onChange(RANGE_SHORTCUTS[key]())}
          sx={{ height: 40, '& > *': { flex: { xs: 1, sm: 'none' } } }}
        >
          {shortcuts.map((key) => (
            <ToggleButton key={key} value={key} data-range={key} sx={{ textTransform: 'none', px: 1.5, whiteSpace: 'nowrap' }}>
              {text(`shortcuts.${key}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Stack>
  );
}
