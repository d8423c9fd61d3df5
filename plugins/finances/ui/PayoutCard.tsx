/**
 * /p/finances: the publisher's payout (issue 35): what it may have paid out (its balance less open requests) and
 * the minimum, a request of an amount or of all of it, and its payouts with their status, the open ones to
 * withdraw, the paid ones with their credit note (Gutschrift).
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, Card, CardContent, CardHeader, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { usePluginText } from '@adsuite/admin/kit';
import { formatDay, formatEuro, parseEuroInput } from './money.ts';
import { payoutMessages } from './payoutMessages.ts';
import { cancelPayout, downloadCreditNote, fetchPublisherPayouts, requestPayout, type Payout } from './payoutsApi.ts';

export const usePayoutText = () => usePluginText('payouts', payoutMessages);
export const PAYOUT_COLOURS: Record<string, 'success' | 'warning' | 'default'> = { paid: 'success', open: 'warning', canceled: 'default' };

export function PayoutStatus({ status }: { status: string }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" color={PAYOUT_COLOURS[status] ?? 'default'} label={translate(`resources.payout.values.status.${status}`, { _: status })} data-status={status} />;
}

export function CreditNoteButton({ payout }: { payout: Pick<Payout, 'id' | 'number' | 'status'> }) {
  const text = usePayoutText();
  const notify = useNotify();
  if (payout.status !== 'paid' || !payout.number) return null;
  return (
    <Button size="small" startIcon={<PictureAsPdfIcon />} onClick={() => downloadCreditNote(payout).catch(() => notify(text('download_failed'), { type: 'error' }))} data-action="credit-note">
      {payout.number}
    </Button>
  );
}

export function PayoutCard({ publisher }: { publisher: string }) {
  const text = usePayoutText();
  const notify = useNotify();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const funds = useQuery({ queryKey: ['publisher-finances', publisher, 'payouts'], queryFn: () => fetchPublisherPayouts(publisher) });
  const refresh = () => client.invalidateQueries({ queryKey: ['publisher-finances', publisher] });
  const cents = typed.trim() ? parseEuroInput(typed) : null;
  const request = useMutation({
    mutationFn: () => requestPayout(publisher, cents === null ? null : cents / 100),
    onSuccess: async (answer) => {
      notify(text('requested', { amount: formatEuro(answer.payout.amount) }), { type: 'success' });
      setTyped('');
      await refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => cancelPayout(id),
    onSuccess: async () => {
      notify(text('canceled'), { type: 'info' });
      await refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const data = funds.data;
  const invalid = typed.trim() !== '' && cents === null;
  const enough = data ? data.available >= data.minimum : false;
  return (
    <Card data-testid="payout-card">
      <CardHeader title={text('title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        {funds.error && <Alert severity="error">{funds.error.message}</Alert>}
        {data && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="body2" color="text.secondary">{text('available')}</Typography>
              <Typography variant="h5" data-testid="payout-available">{formatEuro(data.available)}</Typography>
              <Typography variant="caption" color="text.secondary">{text('available_hint', { minimum: formatEuro(data.minimum) })}</Typography>
            </Box>
            {enough ? (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
                <TextField size="small" label={text('amount')} value={typed} onChange={(event) => setTyped(event.target.value)} error={invalid}
                  helperText={invalid ? text('amount_invalid') : text('amount_help')} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'payout-amount' } }} />
                <Button variant="contained" disabled={invalid || request.isPending} onClick={() => request.mutate()} data-action="request-payout">{text('request')}</Button>
              </Stack>
            ) : <Alert severity="info">{text('below_minimum', { minimum: formatEuro(data.minimum) })}</Alert>}
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>{text('history')}</Typography>
            {data.payouts.length === 0 ? <Typography color="text.secondary">{text('empty')}</Typography> : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" data-testid="payouts">
                  <TableHead>
                    <TableRow>
                      <TableCell>{text('date')}</TableCell>
                      <TableCell align="right">{text('amount_column')}</TableCell>
                      <TableCell>{text('status')}</TableCell>
                      <TableCell>{text('number')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.payouts.map((payout) => (
                      <TableRow key={payout.id} data-payout={payout.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(payout.created)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatEuro(payout.amount)}</TableCell>
                        <TableCell><PayoutStatus status={payout.status} /></TableCell>
                        <TableCell>
                          <CreditNoteButton payout={payout} />
                          {payout.status === 'open' && <Button size="small" color="error" disabled={cancel.isPending} onClick={() => cancel.mutate(payout.id)} data-action="cancel-payout">{text('cancel')}</Button>}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
