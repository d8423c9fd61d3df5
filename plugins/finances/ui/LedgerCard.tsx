/** The advertiser's ledger (top-up, coupon credit, spend, refund, VAT, manual entry), newest first, paged, with the CSV export. */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardHeader, Chip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { download, type LedgerEntry } from './financesApi.ts';
import { formatDay, formatEuro } from './money.ts';
import { PagedTable, usePaging, type Column } from './PagedTable.tsx';
import { useLedger } from './queries.ts';
import { useText } from './useText.ts';

const CHIP = { topup: 'success', coupon: 'secondary', spend: 'default', refund: 'warning', vat: 'default', manual: 'info' } as const;

export function LedgerCard({ advertiser }: { advertiser: string }) {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const paging = usePaging();
  const query = useLedger(advertiser, paging.page, paging.perPage);
  const columns: Column<LedgerEntry>[] = [
    { key: 'date', label: text('ledger.date'), render: (row) => formatDay(row.created) },
    {
      key: 'type', label: text('ledger.type'),
      render: (row) => <Chip size="small" variant="outlined" color={CHIP[row.type] ?? 'default'} label={translate(`resources.transaction.values.type.${row.type}`, { _: row.type })} />,
    },
    { key: 'description', label: text('ledger.description'), wrap: true, render: (row) => row.description },
    { key: 'reference', label: text('ledger.reference'), render: (row) => row.reference ?? '' },
    {
      key: 'amount', label: text('ledger.amount'), align: 'right',
      render: (row) => <span style={{ color: row.amount < 0 ? '#c62828' : undefined }}>{formatEuro(row.amount)}</span>,
    },
  ];
  const exportCsv = () => download(`/finances/ledger.csv?advertiser=${encodeURIComponent(advertiser)}`, 'transactions.csv')
    .catch(() => notify(text('download_failed'), { type: 'error' }));
  return (
    <Card>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        title={text('ledger.title')}
        action={<Button startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!query.data?.total}>{text('ledger.csv')}</Button>}
      />
      <PagedTable testId="ledger" columns={columns} query={query} paging={paging} empty={text('ledger.empty')} />
    </Card>
  );
}
