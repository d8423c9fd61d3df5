/**
 * The MCT calculator (SPEC sections 2, 4, 5, 8): sales shop, sales AdSuite, start, end and the current MCT are
 * required, the step goes from 10 (extreme fine) to 1 (not fine), 5 by default. Calculate shows the new MCT and
 * the sales it aims at, or 'An error occurred while calculating the MCT.' with the server's reasons; "Set and try
 * again" takes the result as the current MCT; those who may change the optimizer save it there.
 */
import { useState } from 'react';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatDay, maskDay, parseDay, useCan } from '@adsuite/admin/kit';
import { calculateMct, updateMct, type DashboardRow, type MctRequest, type MctResult } from './optimizerApi.ts';
import { useFormats, useText } from './format.ts';

export const MCT_STEPS = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;
type Field = 'salesShop' | 'salesSuite' | 'mct' | 'start' | 'end';
const REQUIRED: Field[] = ['salesShop', 'salesSuite', 'start', 'end', 'mct'];

/** The request's missing fields (SPEC section 5: all but the step are required). */
export const missingFields = (request: MctRequest): Field[] => REQUIRED.filter((field) => request[field] === '' || request[field] === undefined);

export function MctDialog({ row, range, onClose, onSaved }: { row: DashboardRow; range: { start: string; end: string }; onClose: () => void; onSaved: () => void }) {
  const text = useText();
  const format = useFormats();
  const notify = useNotify();
  const can = useCan();
  const [request, setRequest] = useState<MctRequest>({
    campaignId: row.campaign._id, salesShop: '', salesSuite: row.sales, mct: row.optimizer.mct ?? '', start: range.start, end: range.end, step: 5,
  });
  const [missing, setMissing] = useState<Field[]>([]);
  const [result, setResult] = useState<MctResult | null>(null);
  const [failure, setFailure] = useState<{ errors: { field: string; message: string }[] } | null>(null);
  const [busy, setBusy] = useState(false);
  // Start and end typed as DD-MM-YYYY in either language (SPEC section 9); the request holds the ISO day, or '' while
  // the text names no day (then the field is marked and nothing is calculated).
  const translate = useTranslate();
  const [days, setDays] = useState({ start: formatDay(range.start), end: formatDay(range.end) });

  const set = (field: keyof MctRequest, value: string) => {
    const numeric = ['salesShop', 'salesSuite', 'mct', 'step'].includes(field);
    setRequest((current) => ({ ...current, [field]: numeric ? (value === '' ? '' : Number(value)) : value }));
    setResult(null);
  };
  const calculate = async () => {
    const absent = missingFields(request);
    setMissing(absent);
    if (absent.length) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await calculateMct(request);
      // SPEC section 5: a result without mct or sales is a failure.
      if (typeof answer?.mct !== 'number' || typeof answer?.sales !== 'number') throw new Error('no result');
      setResult(answer);
    } catch (error) {
      setResult(null);
      // The admin's fetch hands field errors on as { field: message }.
      const errors = (error as { body?: { errors?: Record<string, string> | { field: string; message: string }[] } }).body?.errors ?? [];
      setFailure({ errors: Array.isArray(errors) ? errors : Object.entries(errors).map(([field, message]) => ({ field, message: String(message) })) });
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!result) return;
    setBusy(true);
    try {
      await updateMct(row.optimizer.id, result.mct);
      notify(text('mct.saved', { mct: format.decimal(result.mct) }), { type: 'success' });
      onSaved();
      onClose();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (field: Field) => {
    if ((field === 'start' || field === 'end') && days[field] !== '' && request[field] === '') return translate('app.validation.day');
    return missing.includes(field) ? text('mct.required') : failure?.errors.find((e) => e.field === field)?.message;
  };
  const dayInput = (field: 'start' | 'end', label: string) => (
    <TextField
      name={field} label={label} size="small" required value={days[field]} placeholder={translate('app.date.day')}
      onChange={(event) => {
        const typed = maskDay(event.target.value);
        setDays((current) => ({ ...current, [field]: typed }));
        set(field, parseDay(typed) ?? '');
      }}
      error={Boolean(fieldError(field))} helperText={fieldError(field)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10, 'data-day-format': 'DD-MM-YYYY' } }}
      fullWidth
    />
  );
  const input = (field: Field, label: string, type: 'number') => (
    <TextField
      name={field} label={label} type={type} size="small" required value={request[field]} onChange={(event) => set(field, event.target.value)}
      error={Boolean(fieldError(field))} helperText={fieldError(field)} slotProps={{ inputLabel: { shrink: true }, htmlInput: type === 'number' ? { min: 0, step: field === 'mct' ? 0.01 : 1 } : {} }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="mct-title">
      <DialogTitle id="mct-title">{text('mct.title', { campaign: row.campaign.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }} component="form" noValidate onSubmit={(event) => { event.preventDefault(); void calculate(); }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {input('salesShop', text('mct.sales_shop'), 'number')}
            {input('salesSuite', text('mct.sales_suite'), 'number')}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {dayInput('start', text('mct.start'))}
            {dayInput('end', text('mct.end'))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {input('mct', text('mct.current'), 'number')}
            <TextField select name="step" label={text('mct.step')} size="small" value={request.step} onChange={(event) => set('step', event.target.value)} fullWidth>
              {MCT_STEPS.map((step) => <MenuItem key={step} value={step}>{text(`mct.steps.${step}`)}</MenuItem>)}
            </TextField>
          </Stack>
          <button type="submit" hidden />
          {result && (
            <Alert severity="success" data-testid="mct-result">
              {text('mct.result', { mct: format.decimal(result.mct), sales: format.count(result.sales) })}
              <br />
              {text('mct.share', { share: format.decimal(result.share), target: format.decimal(result.target) })}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" data-testid="mct-error">
              {text('mct.error')}
              {failure.errors.filter((e) => !REQUIRED.includes(e.field as Field)).map((e) => <div key={e.field}>{e.message}</div>)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>{text('mct.close')}</Button>
        {result && <Button onClick={() => { setRequest((current) => ({ ...current, mct: result.mct })); setResult(null); }}>{text('mct.again')}</Button>}
        {result && can('update', 'optimizer') && <Button variant="outlined" onClick={save} disabled={busy}>{text('mct.save')}</Button>}
        <Button variant="contained" onClick={calculate} disabled={busy}>{text('mct.calculate')}</Button>
      </DialogActions>
    </Dialog>
  );
}
