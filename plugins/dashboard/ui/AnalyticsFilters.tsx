/**
 * The analytics selectors (SPEC sections 2 and 5): booking templates and bookings (multi-select; none chosen =
 * all), and the date range, which may start 6 months and 1 day back at the earliest.
 */
import { Autocomplete, Chip, Stack, TextField } from '@mui/material';
import { earliestDay, today, type Booking, type Selection, type Template } from './dashboardApi.ts';
import { useText } from './useText.ts';

interface Props {
  selection: Selection;
  onChange: (selection: Selection) => void;
  templates: Template[];
  bookings: Booking[];
}

function MultiSelect({ label, options, chosen, onChange, testId }: {
  label: string; options: { id: string; name: string }[]; chosen: string[]; onChange: (ids: string[]) => void; testId: string;
}) {
  const text = useText();
  const value = options.filter((option) => chosen.includes(option.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      onChange={(_, next) => onChange(next.map((option) => option.id))}
      renderValue={(items, getItemProps) => items.map((option, index) => {
        const { key, ...props } = getItemProps({ index });
        return <Chip key={key} size="small" label={option.name} {...props} />;
      })}
      renderInput={(params) => <TextField {...params} label={label} placeholder={value.length ? undefined : text('filters.all')} />}
      sx={{ flex: 2, minWidth: { xs: '100%', sm: 220 } }}
      data-testid={testId}
    />
  );
}

export function AnalyticsFilters({ selection, onChange, templates, bookings }: Props) {
  const text = useText();
  const min = earliestDay();
  const setDay = (which: 'start' | 'end') => (event: { target: { value: string } }) => {
    const day = event.target.value;
    if (!day || day < min) return;
    const range = { ...selection.range, [which]: day };
    if (range.end < range.start) range[which === 'start' ? 'end' : 'start'] = day;
    onChange({ ...selection, range });
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap flexWrap="wrap" data-testid="analytics-filters">
      <MultiSelect label={text('filters.templates')} options={templates} chosen={selection.bookingtemplates}
        onChange={(bookingtemplates) => onChange({ ...selection, bookingtemplates })} testId="filter-templates" />
      <MultiSelect label={text('filters.bookings')} options={bookings} chosen={selection.bookings}
        onChange={(ids) => onChange({ ...selection, bookings: ids })} testId="filter-bookings" />
      <Stack direction="row" spacing={2} sx={{ flex: 1.5, minWidth: { xs: '100%', sm: 300 } }}>
        <TextField type="date" size="small" label={text('filters.start')} value={selection.range.start} onChange={setDay('start')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max: selection.range.end, 'data-testid': 'range-start' } }}
          helperText={text('filters.min_hint', { day: min.split('-').reverse().join('-') })} fullWidth />
        <TextField type="date" size="small" label={text('filters.end')} value={selection.range.end} onChange={setDay('end')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: selection.range.start, max: today(), 'data-testid': 'range-end' } }} fullWidth />
      </Stack>
    </Stack>
  );
}
