/**
 * /accounting: the publishers' payout requests (issue 35), the open ones first and oldest first, each with the
 * publisher's balance; accounting marks one paid after transferring it (asked first), which books the payout and
 * issues the credit note, downloadable here as on the publisher's finance page.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, CardHeader, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, Switch } from '@mui/material';
import { useNotify } from 'react-admin';
import { formatDay, formatEuro } from './money.ts';
import { PagedTable, usePaging, type Column } from './PagedTable.tsx';
import { CreditNoteButton, PayoutStatus, usePayoutText } from './PayoutCard.tsx';
import { fetchPayoutRequests, payPayout, type PayoutRequest } from './payoutsApi.ts';

export function PayoutRequestsCard() {
  const text = usePayoutText();
  const notify = useNotify();
  const client = useQueryClient();
  const paging = usePaging();
  const [all, setAll] = useState(false);
  const [paying, setPaying] = useState<PayoutRequest | null>(null);
  const query = useQuery({
    queryKey: ['finances', 'payouts', all, paging.page, paging.perPage],
    queryFn: () => fetchPayoutRequests(all, paging.page, paging.perPage),
    placeholderData: keepPreviousData,
  });
  const pay = useMutation({
    mutationFn: (id: string) => payPayout(id),
    onSuccess: async (answer) => {
      notify(text('paid', { number: answer.payout.number ?? '' }), { type: 'success' });
      setPaying(null);
      await client.invalidateQueries({ queryKey: ['finances', 'payouts'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const columns: Column<PayoutRequest>[] = [
    { key: 'date', label: text('date'), render: (row) => formatDay(row.created) },
    { key: 'publisher', label: text('publisher'), wrap: true, render: (row) => row.publisherName },
    { key: 'amount', label: text('amount_column'), align: 'right', render: (row) => formatEuro(row.amount) },
    { key: 'balance', label: text('balance'), align: 'right', render: (row) => formatEuro(row.balance) },
    { key: 'status', label: text('status'), render: (row) => <PayoutStatus status={row.status} /> },
    {
      key: 'action', label: '', align: 'right',
      render: (row) => (row.status === 'open'
        ? <Button size="small" variant="contained" onClick={() => setPaying(row)} data-action="pay-payout">{text('pay')}</Button>
        : <CreditNoteButton payout={row} />),
    },
  ];
  return (
    <Card data-testid="payout-requests">
      <CardHeader title={query.data ? `${text('requests')} (${query.data.total})` : text('requests')} slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        action={<FormControlLabel control={<Switch checked={all} onChange={(event) => { setAll(event.target.checked); paging.onPage(1, paging.perPage); }} />} label={text('show_all')} />} />
      <PagedTable testId="payout-request-rows" columns={columns} query={query} paging={paging} empty={text('requests_empty')} />
      <Dialog open={paying !== null} onClose={() => setPaying(null)}>
        <DialogTitle>{text('pay_title')}</DialogTitle>
        <DialogContent><DialogContentText>{paying ? text('pay_text', { amount: formatEuro(paying.amount), publisher: paying.publisherName }) : ''}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setPaying(null)}>{text('pay_keep')}</Button>
          <Button variant="contained" disabled={pay.isPending} onClick={() => paying && pay.mutate(paying.id)} data-action="confirm-pay">{text('pay')}</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
