/**
 * The download-statistics button and modal of a campaign's statistics (SPEC sections 2, 3 statPreferences, 5):
 * per stat type a check box, the columns to export (chips, in the chosen order) and the sort; CSV or XLSX of the
 * date range. The download button stays disabled until at least one type is chosen and each chosen type has a
 * column (SPEC section 5). The choice is kept in the user's statPreferences (PATCH /api/auth/login) and the
 * server builds the file from them (GET /api/campaign/:id/download).
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert, Autocomplete, Box, Button, Checkbox, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel,
  MenuItem, Radio, RadioGroup, Stack, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { formatDay } from '@adsuite/config/i18n/format';
import { DEFAULT_STAT_COLUMNS, defaultStatSort, STAT_COLUMNS, STAT_FORMATS, STAT_TYPES, type StatFormat, type StatType } from '@adsuite/config/i18n/statColumns';
import { API, apiDownload, apiFetch } from '@adsuite/admin/kit';
import { useToolText } from './useToolText.ts';

interface Choice { on: boolean; columns: string[]; sortBy: string; order: 'ASC' | 'DESC' }
type Choices = Record<StatType, Choice>;
interface Preference { statType: string; statColumns: string[]; statSortBy?: string; statSortOrder?: 'ASC' | 'DESC' }

/** The modal's start: the kept preferences (those types chosen), SPEC's defaults for the rest (not chosen). */
export function choicesOf(preferences: unknown): Choices {
  const kept = Array.isArray(preferences) ? (preferences as Preference[]) : [];
  return Object.fromEntries(STAT_TYPES.map((type) => {
    const pref = kept.find((entry) => entry?.statType === type);
    const fallback = defaultStatSort(type);
    const columns = pref ? pref.statColumns.filter((column) => STAT_COLUMNS[type].includes(column)) : [...DEFAULT_STAT_COLUMNS[type]];
    return [type, {
      on: Boolean(pref), columns,
      sortBy: pref?.statSortBy && STAT_COLUMNS[type].includes(pref.statSortBy) ? pref.statSortBy : fallback.by,
      order: pref?.statSortOrder ?? fallback.order,
    }];
  })) as Choices;
}

/** SPEC section 5: at least one type, and each chosen type with at least one column. */
export function mayDownload(choices: Choices): boolean {
  const chosen = STAT_TYPES.filter((type) => choices[type].on);
  return chosen.length > 0 && chosen.every((type) => choices[type].columns.length > 0);
}

/** The preferences to keep: the chosen types (in SPEC's order). */
export function preferencesOf(choices: Choices): Preference[] {
  return STAT_TYPES.filter((type) => choices[type].on)
    .map((type) => ({ statType: type, statColumns: choices[type].columns, statSortBy: choices[type].sortBy, statSortOrder: choices[type].order }));
}

export function DownloadStatsButton({ campaign, range }: { campaign: string; range: { start: string; end: string } }) {
  const text = useToolText();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [format, setFormat] = useState<StatFormat>('csv');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const start = async () => {
    setOpen(true);
    setFailure(undefined);
    try {
      const { json } = await apiFetch(`${API}/auth/login`);
      setChoices(choicesOf(json.statPreferences));
    } catch (error) {
      setChoices(choicesOf([]));
      setFailure((error as Error).message);
    }
  };
  const change = (type: StatType, part: Partial<Choice>) => setChoices((current) => (current ? { ...current, [type]: { ...current[type], ...part } } : current));

  const submit = async () => {
    if (!choices || !mayDownload(choices)) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await apiFetch(`${API}/auth/login`, { method: 'PATCH', body: JSON.stringify({ statPreferences: preferencesOf(choices) }) });
      const types = STAT_TYPES.filter((type) => choices[type].on).join(',');
      const query = new URLSearchParams({ start: range.start, end: range.end, types, format });
      await apiDownload(`${API}/campaign/${encodeURIComponent(campaign)}/download?${query.toString()}`, `statistics_${range.start}_${range.end}.${format}`);
      setOpen(false);
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const chosen = choices ? STAT_TYPES.filter((type) => choices[type].on) : [];
  const problem = !choices ? undefined : chosen.length === 0 ? text('need_type') : mayDownload(choices) ? undefined : text('need_columns');
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={start} data-testid="download-stats">{text('download')}</Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby="download-stats-title">
        <DialogTitle id="download-stats-title">{text('download_title')}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary">{text('download_intro')}</Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>{text('range', { start: formatDay(`${range.start}T00:00:00Z`), end: formatDay(`${range.end}T00:00:00Z`) })}</Typography>
          {!choices && <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}><CircularProgress /></Box>}
          {choices && (
            <Stack spacing={1.5} sx={{ mt: 2 }}>
              {STAT_TYPES.map((type) => {
                const choice = choices[type];
                return (
                  <Box key={type} sx={{ border: 1, borderColor: choice.on ? 'primary.light' : 'divider', borderRadius: 1, px: 1.5, py: 1 }} data-testid={`stat-type-${type}`}>
                    <FormControlLabel label={<Typography fontWeight={600}>{text(`types.${type}`)}</Typography>}
                      control={<Checkbox checked={choice.on} onChange={(event) => change(type, { on: event.target.checked })} name={`type-${type}`} />} />
                    {choice.on && (
                      <Stack spacing={1.5} sx={{ mt: 1 }}>
                        <Autocomplete multiple disableCloseOnSelect options={[...STAT_COLUMNS[type]]} value={choice.columns} fullWidth
                          getOptionLabel={(column) => text(`columns.${column}`)} onChange={(_event, columns) => change(type, { columns })}
                          renderValue={(values, getItemProps) => values.map((column, index) => <Chip size="small" label={text(`columns.${column}`)} {...getItemProps({ index })} key={column} />)}
                          renderInput={(params) => <TextField {...params} size="small" label={text('columns_label')} error={choice.columns.length === 0} />} />
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                        <TextField select size="small" label={text('sort_by')} value={choice.sortBy} sx={{ flex: 1 }} onChange={(event) => change(type, { sortBy: event.target.value })}>
                          {STAT_COLUMNS[type].map((column) => <MenuItem key={column} value={column}>{text(`columns.${column}`)}</MenuItem>)}
                        </TextField>
                        <TextField select size="small" label={text('order')} value={choice.order} sx={{ flex: 1 }} onChange={(event) => change(type, { order: event.target.value as 'ASC' | 'DESC' })}>
                          <MenuItem value="ASC">{text('ascending')}</MenuItem>
                          <MenuItem value="DESC">{text('descending')}</MenuItem>
                        </TextField>
                        </Stack>
                      </Stack>
                    )}
                  </Box>
                );
              })}
              <Box>
                <Typography variant="subtitle2">{text('format')}</Typography>
                <RadioGroup row value={format} onChange={(event) => setFormat(event.target.value as StatFormat)}>
                  {STAT_FORMATS.map((option) => <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={option.toUpperCase()} />)}
                </RadioGroup>
              </Box>
            </Stack>
          )}
          {problem && <Alert severity="info" sx={{ mt: 2 }}>{problem}</Alert>}
          {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>{text('cancel')}</Button>
          <Button variant="contained" onClick={submit} disabled={busy || !choices || !mayDownload(choices)} data-testid="download-start"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}>{text('start_download')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
