/**
 * When a report's figures are of ("Daten vom 21-05-2026 14:05 UTC", the answer's `dataAsOf`), the switch that adds
 * the previous period, and a figure's change from it ('+12,5 %' in green, '-3,0 %' in red, '–' when the previous
 * figure is 0).
 */
import { FormControlLabel, Switch, Typography } from '@mui/material';
import { periodChange } from '@adsuite/config/i18n/format';
import { useFormat } from './useFormat.ts';
import { useToolText } from './useToolText.ts';

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
