/**
 * /p/finances: the publisher's balance, its payout (PayoutCard: requests and credit notes) and its ledger (earnings
 * from the campaigns its websites deliver, payouts), newest first, paged, with a CSV of the entries
 * (`/api/publisher/:id/balance`, `/api/earning`).
 */
import { Link } from 'react-router';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import SavingsIcon from '@mui/icons-material/Savings';
import { Alert, Button, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { API, apiFetch, session } from '@adsuite/admin/kit';
import { saveFile, totalOf, type Page } from './financesApi.ts';
import { formatDay, formatEuro, toCsv } from './money.ts';
import { PagedTable, usePaging, type Column } from './PagedTable.tsx';
import { PayoutCard } from './PayoutCard.tsx';
import { useText } from './useText.ts';

interface Earning {
  id: string;
  created: string;
  type: 'earning' | 'payout';
  amount: number;
  description: string;
  reference?: string | null;
}

async function fetchEarnings(first: number, last: number): Promise<Page<Earning>> {
  const query = new URLSearchParams({ range: JSON.stringify([first, last]), sort: JSON.stringify(['created', 'DESC']) });
  const { json, headers } = await apiFetch(`${API}/earning?${query}`);
  return { rows: json as Earning[], total: totalOf(headers.get('Content-Range'), (json as unknown[]).length) };
}

/**
 * The CSV of the entries (SPEC section 9: exports up to 500 rows), separated by semicolons, headed and labelled in
 * the reader's language; amounts plain numbers (12.50) that spreadsheets of any locale read.
 */
export function earningsCsv(rows: Earning[], header: string[], type: (type: string) => string): string {
  const lines = rows.map((row) => [formatDay(row.created), type(row.type), row.description, row.reference ?? '', row.amount.toFixed(2)]);
  return toCsv([header, ...lines], { delimiter: ';' });
}

export function PublisherFinances() {
  const translate = useTranslate();
  const text = useText();
  const notify = useNotify();
  const paging = usePaging();
  const publisher = session.selectedPublisher();
  const title = translate('app.publisher_finances.title');
  const balance = useQuery({
    queryKey: ['publisher-finances', publisher, 'balance'],
    queryFn: async () => (await apiFetch(`${API}/publisher/${publisher}/balance`)).json as { balance: number },
    enabled: Boolean(publisher),
  });
  const ledger = useQuery({
    queryKey: ['publisher-finances', publisher, 'ledger', paging.page, paging.perPage],
    queryFn: () => fetchEarnings((paging.page - 1) * paging.perPage, paging.page * paging.perPage - 1),
    placeholderData: keepPreviousData,
    enabled: Boolean(publisher),
  });
  const typeLabel = (type: string) => translate(`resources.earning.values.type.${type}`, { _: type });
  const columns: Column<Earning>[] = [
    { key: 'date', label: text('ledger.date'), render: (row) => formatDay(row.created) },
    { key: 'type', label: text('ledger.type'), render: (row) => <Chip size="small" variant="outlined" color={row.type === 'earning' ? 'success' : 'default'} label={typeLabel(row.type)} /> },
    { key: 'description', label: text('ledger.description'), wrap: true, render: (row) => row.description },
    { key: 'reference', label: text('ledger.reference'), render: (row) => row.reference ?? '' },
    { key: 'amount', label: text('ledger.amount'), align: 'right', render: (row) => <span style={{ color: row.amount < 0 ? '#c62828' : undefined }}>{formatEuro(row.amount)}</span> },
  ];
  const exportCsv = async () => {
    try {
      const all = await fetchEarnings(0, 499);
      saveFile(new Blob([earningsCsv(all.rows, [text('ledger.date'), text('ledger.type'), text('ledger.description'), text('ledger.reference'), `${text('ledger.amount')} (EUR)`], typeLabel)], { type: 'text/csv;charset=utf-8' }), 'earnings.csv');
    } catch {
      notify(text('download_failed'), { type: 'error' });
    }
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={title} />
      {!publisher && <Alert severity="info">{text('publisher.choose')}</Alert>}
      <Card>
        <CardHeader title={text('publisher.balance')} avatar={<SavingsIcon color="primary" />} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent>
          <Typography variant="h4" data-testid="publisher-balance">{balance.data ? formatEuro(balance.data.balance) : '–'}</Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>{text('publisher.intro')}</Typography>
          <Button component={Link} to="/p" variant="outlined" sx={{ mt: 2 }}>{text('publisher.to_area')}</Button>
        </CardContent>
      </Card>
      {publisher && <PayoutCard publisher={publisher} />}
      <Card>
        <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }} title={text('publisher.ledger')}
          action={<Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!ledger.data?.total}>{text('ledger.csv')}</Button>}
        />
        <PagedTable testId="publisher-ledger" columns={columns} query={ledger} paging={paging} empty={text('publisher.empty')} />
      </Card>
    </Stack>
  );
}
