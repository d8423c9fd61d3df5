/**
 * The manual booking form (plugins/finances README "Manual entries"): advertiser, credit or debit, amount and
 * reason, checked here first and then in a confirmation dialog with the balance before and after. One
 * idempotency key per entry, kept while the same entry is retried, so a double click or a retry books once.
 * Errors the server names a field for appear at that field.
 */
import { useRef, useState, type FormEvent } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import EditNoteIcon from '@mui/icons-material/EditNote';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, FormControl, FormHelperText, FormLabel, InputAdornment, Stack, TextField, ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { Link } from 'react-router';
import { HttpError, useNotify } from 'react-admin';
import { AdvertiserPicker, type AdvertiserOption } from './AdvertiserPicker.tsx';
import { ConfirmEntryDialog } from './ConfirmEntryDialog.tsx';
import { bookManualEntry, type ManualEntry } from './financesApi.ts';
import {
  checkManualEntry, EMPTY_ENTRY, entryOf, MAX_ENTRY_CENTS, MAX_REASON, MIN_ENTRY_CENTS, type EntryField, type ManualEntryValues,
} from './manualEntry.ts';
import { formatEuro } from './money.ts';
import { useAdvertiserFunds, useMoneyMoved } from './queries.ts';
import { newIdempotencyKey } from './topUp.ts';
import { useText } from './useText.ts';

const FORM_FIELDS: EntryField[] = ['advertiser', 'direction', 'amount', 'reason'];

interface Props {
  /** The chosen advertiser's id (from the address), or null. */
  advertiser: string | null;
  onAdvertiser: (id: string | null) => void;
}

export function ManualEntryCard({ advertiser, onAdvertiser }: Props) {
  const text = useText();
  const notify = useNotify();
  const moneyMoved = useMoneyMoved();
  const funds = useAdvertiserFunds(advertiser);
  const [picked, setPicked] = useState<AdvertiserOption | null>(null);
  const [values, setValues] = useState<ManualEntryValues>(EMPTY_ENTRY);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<EntryField, string>>>({});
  const [reviewing, setReviewing] = useState<ManualEntry>();
  const [booked, setBooked] = useState<{ advertiser: string; message: string }>();
  const attempt = useRef<{ key: string; body: string }>(undefined);

  const loaded = funds.data && funds.data.id === advertiser ? funds.data : null;
  const chosen = picked && picked.id === advertiser ? picked : loaded ? { id: loaded.id, name: loaded.name } : null;
  const params = (field: EntryField) => (field === 'reason'
    ? { max: MAX_REASON }
    : { min: formatEuro(MIN_ENTRY_CENTS / 100), max: formatEuro(MAX_ENTRY_CENTS / 100), balance: formatEuro(loaded?.balance) });
  const problems = tried ? checkManualEntry(values, loaded) : {};
  const errorOf = (field: EntryField) => (problems[field] ? text(problems[field]!, params(field)) : serverErrors[field]);
  const clearError = (field: EntryField) => setServerErrors((current) => ({ ...current, [field]: undefined }));
  const set = (field: keyof ManualEntryValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
    if (field === 'direction') clearError('amount');
  };

  const choose = (option: AdvertiserOption | null) => {
    setPicked(option);
    setServerErrors({});
    setBooked(undefined);
    onAdvertiser(option?.id ?? null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setBooked(undefined);
    if (Object.keys(checkManualEntry(values, loaded)).length) return;
    setReviewing(entryOf(values));
  };

  const book = async () => {
    if (!advertiser || !loaded || !reviewing) return;
    const body = JSON.stringify([advertiser, reviewing]);
    // The same entry tried again keeps its key; a changed one is a new entry.
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    try {
      const answer = await bookManualEntry(advertiser, reviewing, attempt.current.key);
      const message = text(`manual.booked_${reviewing.direction}`, {
        amount: formatEuro(reviewing.amount), advertiser: loaded.name, balance: formatEuro(answer.balance),
      });
      attempt.current = undefined;
      setReviewing(undefined);
      setValues((current) => ({ ...EMPTY_ENTRY, direction: current.direction }));
      setTried(false);
      setBooked({ advertiser, message });
      notify(message, { type: 'success' });
      moneyMoved(advertiser);
    } catch (error) {
      const fields = (error instanceof HttpError && error.body?.errors) || {};
      if (!FORM_FIELDS.some((field) => fields[field])) throw error;
      // What the server refused at a field (a debit the balance no longer covers, ...) is changed in the form.
      attempt.current = undefined;
      setServerErrors(fields);
      setReviewing(undefined);
      // The balance moved since it was loaded: show it as it is now.
      if (fields.amount) moneyMoved(advertiser);
    }
  };

  const direction = values.direction;
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }} title={text('manual.title')} avatar={<EditNoteIcon color="primary" />} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={submit} data-testid="manual-entry-form">
          <Stack spacing={2.5}>
            <AdvertiserPicker value={chosen} onChange={choose} error={errorOf('advertiser') ?? (funds.error ? funds.error.message : undefined)} />
            <FormControl>
              <FormLabel id="manual-direction" sx={{ mb: 0.75 }}>{text('manual.direction')}</FormLabel>
              <ToggleButtonGroup
                exclusive fullWidth color={direction === 'credit' ? 'success' : 'error'} value={direction} aria-labelledby="manual-direction"
                onChange={(_event, value: ManualEntryValues['direction'] | null) => value && set('direction', value)}
              >
                <ToggleButton value="credit" sx={{ gap: 1 }}><AddCircleOutlineIcon fontSize="small" />{text('manual.credit')}</ToggleButton>
                <ToggleButton value="debit" sx={{ gap: 1 }}><RemoveCircleOutlineIcon fontSize="small" />{text('manual.debit')}</ToggleButton>
              </ToggleButtonGroup>
              <FormHelperText error={Boolean(errorOf('direction'))}>{errorOf('direction') ?? text(`manual.${direction}_hint`)}</FormHelperText>
            </FormControl>
            <TextField
              name="amount" label={text('manual.amount')} value={values.amount} onChange={(event) => set('amount', event.target.value)} inputMode="decimal"
              error={Boolean(errorOf('amount'))} helperText={errorOf('amount')}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
            />
            <TextField
              name="reason" label={text('manual.reason')} value={values.reason} onChange={(event) => set('reason', event.target.value)}
              error={Boolean(errorOf('reason'))}
              helperText={(
                <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <span>{errorOf('reason') ?? text('manual.reason_hint')}</span>
                  <span>{`${values.reason.trim().length}/${MAX_REASON}`}</span>
                </Box>
              )}
            />
            {loaded?.billingType === 'postpaid' && <Alert severity="info">{text('manual.postpaid')}</Alert>}
            {booked && booked.advertiser === advertiser && (
              <Alert severity="success" data-testid="manual-entry-booked" onClose={() => setBooked(undefined)}>
                {booked.message}
                <Box sx={{ mt: 0.5 }}>
                  <Button color="inherit" size="small" component={Link} to={`/advertiser/finances?advertiser=${encodeURIComponent(advertiser)}`} sx={{ ml: -0.75 }}>
                    {text('manual.to_finances')}
                  </Button>
                </Box>
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={Boolean(advertiser) && funds.isLoading}>{text('manual.submit')}</Button>
          </Stack>
        </Box>
      </CardContent>
      {reviewing && loaded && (
        <ConfirmEntryDialog advertiser={loaded.name} balance={loaded.balance} entry={reviewing} onConfirm={book} onCancel={() => setReviewing(undefined)} />
      )}
    </Card>
  );
}
