/**
 * Card top-up (plugins/finances README "Payment providers"): amount, whether VAT is added or deducted, card
 * number, expiry and CVC; the VAT split shows before paying. A declined card shows `payment failed` and changes
 * nothing; a card that asks for confirmation opens the confirmation step. One idempotency key per attempt, kept
 * while the same payment is retried, so a double click or a retry never charges twice.
 */
import { useRef, useState, type FormEvent } from 'react';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, FormControlLabel, InputAdornment, Radio, RadioGroup, Stack, TextField, Typography,
} from '@mui/material';
import { HttpError, useNotify } from 'react-admin';
import { ConfirmPaymentDialog } from './ConfirmPaymentDialog.tsx';
import { confirmPayment, payByCard, type PaymentSucceeded } from './financesApi.ts';
import { formatEuro, formatExpiry, groupCardNumber, splitVat, VAT_PERCENT } from './money.ts';
import { useMoneyMoved } from './queries.ts';
import {
  checkTopUp, EMPTY_TOP_UP, MAX_TOP_UP_CENTS, MIN_TOP_UP_CENTS, newIdempotencyKey, paymentOf, topUpCents, type TopUpValues,
} from './topUp.ts';
import { useText } from './useText.ts';

type Outcome = { severity: 'success' | 'error' | 'info'; title?: string; message: string };

/** The bounds the amount messages name. */
const LIMITS = { min: formatEuro(MIN_TOP_UP_CENTS / 100), max: formatEuro(MAX_TOP_UP_CENTS / 100) };

function VatSummary({ values }: { values: TopUpValues }) {
  const text = useText();
  // Only an amount that can be paid has a charge to show.
  const cents = topUpCents(values.amount);
  if (cents === null) return null;
  const split = splitVat(cents, values.vatHandle);
  const lines: [string, number][] = [['topup.credit', split.net], ['topup.vat', split.vat], ['topup.charged', split.gross]];
  return (
    <Box component="dl" data-testid="vat-summary" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      {lines.map(([label, value], index) => (
        <Box key={label} sx={{ display: 'contents', '& > *': { fontWeight: index === 2 ? 600 : 400 } }}>
          <Typography component="dt" variant="body2">{text(label, { percent: VAT_PERCENT })}</Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>{formatEuro(value / 100)}</Typography>
        </Box>
      ))}
    </Box>
  );
}

export function TopUpCard({ advertiser }: { advertiser: string }) {
  const text = useText();
  const notify = useNotify();
  const moneyMoved = useMoneyMoved();
  const [values, setValues] = useState<TopUpValues>(EMPTY_TOP_UP);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<{ paymentId: string; charged: string }>();
  const attempt = useRef<{ key: string; body: string }>(undefined);

  const problems = tried ? checkTopUp(values) : {};
  const errorOf = (field: keyof TopUpValues) => (problems[field] ? text(problems[field]!, LIMITS) : serverErrors[field]);
  const set = (field: keyof TopUpValues, format: (value: string) => string = (value) => value) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: format(event.target.value) }));
    setServerErrors((current) => ({ ...current, [field]: '' }));
    // A refusal is about what was sent: once the form changes, it no longer stands (a success stays).
    setOutcome((current) => (current?.severity === 'error' ? undefined : current));
  };

  const succeeded = (answer: PaymentSucceeded) => {
    attempt.current = undefined;
    setValues((current) => ({ ...EMPTY_TOP_UP, vatHandle: current.vatHandle }));
    setTried(false);
    const message = text('topup.succeeded', { amount: formatEuro(answer.amount), number: answer.invoice.number });
    setOutcome({ severity: 'success', message });
    notify(message, { type: 'success' });
    moneyMoved(advertiser);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setOutcome(undefined);
    if (Object.keys(checkTopUp(values)).length) return;
    const payment = paymentOf(values);
    const body = JSON.stringify(payment);
    // The same payment retried keeps its key; a changed one is a new payment.
    if (attempt.current?.body !== body) attempt.current = { key: newIdempotencyKey(), body };
    setBusy(true);
    try {
      const answer = await payByCard(advertiser, payment, attempt.current.key);
      if (answer.status === 'succeeded') succeeded(answer);
      else setPending({ paymentId: answer.paymentId, charged: formatEuro(splitVat(Math.round(payment.amount * 100), payment.vatHandle).gross / 100) });
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 0;
      if (status === 402) attempt.current = undefined;
      setServerErrors((error instanceof HttpError && error.body?.errors) || {});
      setOutcome(status === 402
        ? { severity: 'error', title: text('topup.failed'), message: text('topup.failed_hint') }
        : { severity: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const cancelConfirmation = () => {
    setPending(undefined);
    attempt.current = undefined;
    setOutcome({ severity: 'info', message: text('confirm.canceled') });
  };

  const cents = topUpCents(values.amount);
  const charged = cents === null ? '' : formatEuro(splitVat(cents, values.vatHandle).gross / 100);

  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }} title={text('topup.title')} avatar={<CreditCardIcon color="primary" />} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={submit} data-testid="topup-form">
          <Stack spacing={2}>
            <TextField
              name="amount" label={text('topup.amount')} value={values.amount} onChange={set('amount')} inputMode="decimal"
              error={Boolean(errorOf('amount'))} helperText={errorOf('amount')}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
            />
            <RadioGroup name="vatHandle" value={values.vatHandle} onChange={set('vatHandle')}>
              <FormControlLabel value="add" control={<Radio size="small" />} label={text('topup.vat_add')} />
              <FormControlLabel value="deduct" control={<Radio size="small" />} label={text('topup.vat_deduct')} />
            </RadioGroup>
            <VatSummary values={values} />
            <TextField
              name="cardNumber" label={text('topup.card_number')} value={values.cardNumber} onChange={set('cardNumber', groupCardNumber)}
              autoComplete="cc-number" inputMode="numeric" error={Boolean(errorOf('cardNumber'))} helperText={errorOf('cardNumber')}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                name="expiry" label={text('topup.expiry')} placeholder="MM/JJ" value={values.expiry} onChange={set('expiry', formatExpiry)}
                autoComplete="cc-exp" inputMode="numeric" error={Boolean(errorOf('expiry'))} helperText={errorOf('expiry')} sx={{ flex: 1 }}
              />
              <TextField
                name="cvc" label={text('topup.cvc')} value={values.cvc} onChange={set('cvc', (value) => value.replace(/\D/g, '').slice(0, 4))}
                autoComplete="cc-csc" inputMode="numeric" error={Boolean(errorOf('cvc'))} helperText={errorOf('cvc')} sx={{ flex: 1 }}
              />
            </Stack>
            {outcome && (
              <Alert severity={outcome.severity} data-testid="topup-outcome" onClose={() => setOutcome(undefined)}>
                {outcome.title && <strong>{outcome.title}. </strong>}
                {outcome.message}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {busy ? text('topup.paying') : charged ? text('topup.submit', { amount: charged }) : text('topup.submit_plain')}
            </Button>
          </Stack>
        </Box>
      </CardContent>
      {pending && (
        <ConfirmPaymentDialog
          amount={pending.charged}
          onCancel={cancelConfirmation}
          onConfirm={async () => {
            const answer = await confirmPayment(advertiser, pending.paymentId);
            setPending(undefined);
            succeeded(answer);
          }}
        />
      )}
    </Card>
  );
}
