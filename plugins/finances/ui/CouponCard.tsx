/** Redeem a coupon code (NEW25) for the advertiser; the server's reason shows when it is refused. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import RedeemIcon from '@mui/icons-material/Redeem';
import { Alert, Box, Button, Card, CardContent, CardHeader, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { redeemCoupon } from './financesApi.ts';
import { formatEuro } from './money.ts';
import { useBalance, useMoneyMoved } from './queries.ts';
import { useText } from './useText.ts';

export function CouponCard({ advertiser }: { advertiser: string }) {
  const text = useText();
  const notify = useNotify();
  const moneyMoved = useMoneyMoved();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; message: string }>();
  // A refusal (say, no deposit yet) may be settled by money moving elsewhere, a top-up: then it goes.
  const balance = useBalance(advertiser).data?.balance;
  const seenBalance = useRef(balance);
  useEffect(() => {
    if (seenBalance.current !== undefined && balance !== seenBalance.current) setOutcome((current) => (current?.severity === 'error' ? undefined : current));
    seenBalance.current = balance;
  }, [balance]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setOutcome({ severity: 'error', message: text('coupon.empty') });
      return;
    }
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await redeemCoupon(advertiser, code.trim());
      const message = text('coupon.redeemed', { code: answer.coupon, amount: formatEuro(answer.amount) });
      setOutcome({ severity: 'success', message });
      notify(message, { type: 'success' });
      setCode('');
      moneyMoved(advertiser);
    } catch (error) {
      setOutcome({ severity: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ flex: '1 0 auto' }}>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }} title={text('coupon.title')} avatar={<RedeemIcon color="primary" />} />
      <CardContent sx={{ pt: 0 }}>
        <Box component="form" noValidate onSubmit={submit} data-testid="coupon-form">
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} alignItems="flex-start">
              <TextField
                name="code" label={text('coupon.code')} value={code} size="small" sx={{ flex: 1 }}
                onChange={(event) => {
                  setCode(event.target.value.toUpperCase());
                  setOutcome((current) => (current?.severity === 'error' ? undefined : current));
                }}
                slotProps={{ htmlInput: { maxLength: 40 } }}
              />
              <Button type="submit" variant="outlined" disabled={busy} sx={{ minHeight: 40 }} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
                {text('coupon.submit')}
              </Button>
            </Stack>
            {outcome && <Alert severity={outcome.severity} data-testid="coupon-outcome">{outcome.message}</Alert>}
            <Typography variant="body2" color="text.secondary">{text('coupon.hint')}</Typography>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
