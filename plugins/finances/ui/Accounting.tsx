/**
 * /accounting, the accounting role's overview (SPEC section 6): every advertiser with its balance (CSV export),
 * the publishers' payout requests to pay, and all invoices and credit notes with search and PDF download. A row
 * opens the advertiser's finance page.
 */
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardHeader, Grid, Stack } from '@mui/material';
import { Title, useNotify, useTranslate } from 'react-admin';
import { API, apiFetch, session, useMayOpen } from '@adsuite/admin/kit';
import { DocumentsCard } from './DocumentsCard.tsx';
import { saveFile, totalOf, type Page } from './financesApi.ts';
import { formatEuro, toCsv } from './money.ts';
import { PayoutRequestsCard } from './PayoutRequestsCard.tsx';
import { PAYOUT_ACCOUNTANTS } from '@adsuite/config/payouts';
import { PagedTable, usePaging, type Column } from './PagedTable.tsx';
import { useText } from './useText.ts';

interface AdvertiserBalance {
  id: string;
  name: string;
  billingType?: string | null;
  balance: number;
}

/** SPEC section 9: CSV exports hold up to 500 rows. */
const CSV_ROWS = 500;

async function fetchAdvertisers(page: number, perPage: number): Promise<Page<AdvertiserBalance>> {
  const query = new URLSearchParams({ range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), sort: JSON.stringify(['name', 'ASC']) });
  const { json, headers } = await apiFetch(`${API}/advertiser?${query}`);
  return { rows: json, total: totalOf(headers.get('Content-Range'), json.length) };
}

/**
 * `advertisers.csv`: name, billing type and balance of up to 500 advertisers, headed and labelled in the reader's
 * language; the balance a plain number (1234.50) that spreadsheets of any locale read.
 */
export function advertisersCsv(rows: AdvertiserBalance[], header: string[], billing: (type: string) => string): string {
  return toCsv([header, ...rows.map((row) => [row.name, row.billingType ? billing(row.billingType) : '', Number(row.balance ?? 0).toFixed(2)])]);
}

function AdvertiserBalances() {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const mayOpen = useMayOpen();
  const paging = usePaging();
  const query = useQuery({
    queryKey: ['finances', 'all', 'advertisers', paging.page, paging.perPage],
    queryFn: () => fetchAdvertisers(paging.page, paging.perPage),
    placeholderData: keepPreviousData,
  });
  const finances = mayOpen('/advertiser/finances');
  const billing = (type: string) => translate(`resources.advertiser.values.billingType.${type}`, { _: type });
  const columns: Column<AdvertiserBalance>[] = [
    { key: 'name', label: text('accounting.name'), wrap: true, render: (row) => row.name },
    { key: 'billing', label: text('accounting.billing'), render: (row) => (row.billingType ? billing(row.billingType) : '') },
    { key: 'balance', label: text('accounting.balance'), align: 'right', render: (row) => <span style={{ color: row.balance < 0 ? '#c62828' : undefined }}>{formatEuro(row.balance)}</span> },
    ...(finances ? [{
      key: 'open', label: '', align: 'right' as const,
      render: (row: AdvertiserBalance) => <Button size="small" component={Link} to={`/advertiser/finances?advertiser=${encodeURIComponent(row.id)}`}>{text('accounting.open')}</Button>,
    }] : []),
  ];
  const exportCsv = () => fetchAdvertisers(1, CSV_ROWS)
    .then(({ rows }) => saveFile(new Blob([advertisersCsv(rows, [text('accounting.name'), text('accounting.billing'), `${text('accounting.balance')} (EUR)`], billing)], { type: 'text/csv;charset=utf-8' }), 'advertisers.csv'))
    .catch(() => notify(text('download_failed'), { type: 'error' }));
  return (
    <Card>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        title={query.data ? `${text('accounting.advertisers')} (${query.data.total})` : text('accounting.advertisers')}
        action={<Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!query.data?.total}>{text('accounting.csv')}</Button>}
      />
      <PagedTable testId="advertiser-balances" columns={columns} query={query} paging={paging} empty={text('accounting.empty')} />
    </Card>
  );
}

export function Accounting() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.accounting.title')} />
      <AdvertiserBalances />
      {/* Payout requests are accounting's to pay: the other roles that reach /accounting do not see them. */}
      {(PAYOUT_ACCOUNTANTS as readonly string[]).includes(session.role() ?? '') && <PayoutRequestsCard />}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, xl: 6 }}><DocumentsCard kind="invoice" advertiser={null} /></Grid>
        <Grid size={{ xs: 12, xl: 6 }}><DocumentsCard kind="creditnote" advertiser={null} /></Grid>
      </Grid>
    </Stack>
  );
}
