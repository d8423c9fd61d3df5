/**
 * The bulk booking import on /bookings (SPEC section 5 "Bulk import: CSV with header row of field names", section 7
 * "POST /booking/import/{entityId}"): a CSV file for the selected advertiser (the systemoperator's advertiser
 * filter, when set), then the import-stats modal with total, created, failed and the errors by line.
 */
import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { Button, useListContext, useRefresh, useTranslate } from 'react-admin';
import { UPLOAD_MAX_BYTES } from '@adsuite/config';
import { addDays, IMPORT_MAX_LINES, today } from '@adsuite/config/booking/index';
import { API, apiFetch, session, useAbilityState, useCan } from '@adsuite/admin/kit';
import { ImportStatsDialog, type ImportStats } from './ImportStatsDialog.tsx';

const T = (key: string) => `app.booking_import.${key}`;

export function BookingImportButton() {
  const translate = useTranslate();
  const can = useCan();
  const refresh = useRefresh();
  const { user } = useAbilityState();
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stats, setStats] = useState<ImportStats | null>(null);
  const advertiser = (typeof filterValues?.advertiser === 'string' && filterValues.advertiser) || session.selectedAdvertiser();
  const name = user?.advertisers.find((entry) => String(entry.id) === advertiser)?.name;
  if (!can('create', 'booking') || !advertiser) return null;
  const send = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set('file', file);
    try {
      const { json } = await apiFetch(`${API}/booking/import/${encodeURIComponent(advertiser)}`, { method: 'POST', body: form });
      setOpen(false);
      setStats(json as ImportStats);
      refresh();
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label={T('button')} onClick={() => { setError(null); setOpen(true); }} data-action="import"><UploadFileIcon /></Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" data-testid="booking-import">
          <DialogTitle>{translate(T('title'), { advertiser: name ?? '' })}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2}>
              <Typography variant="body2">{translate(T('help'), { lines: IMPORT_MAX_LINES, max: UPLOAD_MAX_BYTES / 1024 / 1024 })}</Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12, bgcolor: 'grey.100', p: 1, borderRadius: 1, overflowX: 'auto', whiteSpace: 'pre' }}>
                {`name;channels;dailyBudget;start;end;target\nSummer;platform161|facebook;10,50;${addDays(today(), 7)};;https://shop.example/summer`}
              </Typography>
              {busy && <LinearProgress />}
              {error && <Alert severity="error">{error}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton component="label" variant="contained" disabled={busy} startIcon={<UploadFileIcon />}>
              {translate(T('choose'))}
              <input hidden type="file" name="bookings-csv" accept=".csv,text/csv" onChange={(event) => { send(event.target.files?.[0]); event.target.value = ''; }} />
            </MuiButton>
          </DialogActions>
        </Dialog>
      )}
      {stats && <ImportStatsDialog stats={stats} onClose={() => setStats(null)} />}
    </>
  );
}
