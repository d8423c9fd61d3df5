/**
 * The analytics selectors (SPEC sections 2 and 5): booking templates and bookings (multi-select; none chosen =
 * all), the admin's range picker of the statistics screens (DD-MM-YYYY, 6 months and 1 day back at most) and the
 * comparison with the previous period.
 */
import { Autocomplete, Box, Chip, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { DayRangePicker } from '@adsuite/admin/kit';
import type { Booking, Selection, Template } from './dashboardApi.ts';
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
      sx={{ flex: 1, minWidth: { xs: '100%', sm: 220 } }}
      data-testid={testId}
    />
  );
}

export function AnalyticsFilters({ selection, onChange, templates, bookings }: Props) {
  const text = useText();
  return (
    <Stack spacing={2} data-testid="analytics-filters">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <MultiSelect label={text('filters.templates')} options={templates} chosen={selection.bookingtemplates}
          onChange={(bookingtemplates) => onChange({ ...selection, bookingtemplates })} testId="filter-templates" />
        <MultiSelect label={text('filters.bookings')} options={bookings} chosen={selection.bookings}
          onChange={(ids) => onChange({ ...selection, bookings: ids })} testId="filter-bookings" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 3 }} alignItems={{ xs: 'flex-start', md: 'center' }}>
        <Box>
          <DayRangePicker range={selection.range} onChange={(range) => onChange({ ...selection, range })} />
        </Box>
        <FormControlLabel
          control={<Switch checked={selection.compare} onChange={(event) => onChange({ ...selection, compare: event.target.checked })} name="comparePrevious" />}
          label={text('chart.compare')}
          data-testid="compare-previous"
          sx={{ mr: 0 }}
        />
      </Stack>
    </Stack>
  );
}
