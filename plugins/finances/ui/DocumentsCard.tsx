/**
 * Invoices or credit notes with their PDF: of one advertiser on its finance page, of all advertisers (searchable
 * by number or advertiser name) in the accounting overview.
 */
import { useEffect, useState } from 'react';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SearchIcon from '@mui/icons-material/Search';
import { Button, Card, CardHeader, Chip, InputAdornment, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { download } from './financesApi.ts';
import { formatDay, formatEuro } from './money.ts';
import { PagedTable, usePaging, type Column } from './PagedTable.tsx';
import { useDocuments, type DocumentKind, type FinanceDocument } from './queries.ts';
import { useText } from './useText.ts';

const STATUS_COLOUR: Record<string, 'success' | 'warning' | 'default'> = { paid: 'success', open: 'warning' };

export function DocumentsCard({ kind, advertiser }: { kind: DocumentKind; advertiser: string | null }) {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const paging = usePaging();
  const query = useDocuments(kind, { advertiser, q, page: paging.page, perPage: paging.perPage });
  const { data } = query;
  // SPEC section 9: searches wait 350 ms after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed === q) return;
      setQ(typed);
      paging.onPage(1, paging.perPage);
    }, 350);
    return () => clearTimeout(timer);
  }, [typed]);
  const money = (field: 'net' | 'vat' | 'gross'): Column<FinanceDocument> => ({ key: field, label: text(`documents.${field}`), align: 'right', render: (row) => formatEuro(row[field]) });
  const columns: Column<FinanceDocument>[] = [
    { key: 'number', label: text('documents.number'), render: (row) => row.number },
    { key: 'date', label: text('documents.date'), render: (row) => formatDay(row.date) },
    ...(advertiser ? [] : [{ key: 'advertiser', label: text('documents.advertiser'), render: (row: FinanceDocument) => (typeof row.advertiser === 'object' ? row.advertiser?.name : '') }]),
    money('net'),
    money('vat'),
    money('gross'),
    {
      key: 'status', label: text('documents.status'),
      render: (row) => <Chip size="small" color={STATUS_COLOUR[row.status] ?? 'default'} label={translate(`resources.${kind}.values.status.${row.status}`, { _: row.status })} />,
    },
    {
      key: 'download', label: '', align: 'right',
      render: (row) => (
        <Button size="small" startIcon={<PictureAsPdfIcon />} data-testid={`download-${row.number}`}
          onClick={() => download(`/${kind}/${encodeURIComponent(row.id)}/download`, `${row.number}.pdf`).catch(() => notify(text('download_failed'), { type: 'error' }))}>
          {text('documents.download')}
        </Button>
      ),
    },
  ];
  const title = text(kind === 'invoice' ? 'documents.invoices' : 'documents.creditnotes');
  return (
    <Card>
      <CardHeader slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        title={data ? `${title} (${data.total})` : title}
        action={advertiser ? undefined : (
          <TextField
            size="small" variant="outlined" sx={{ width: 300 }} name={`${kind}-search`} placeholder={text('documents.search')} value={typed}
            onChange={(event) => setTyped(event.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
        )}
      />
      <PagedTable
        testId={kind === 'invoice' ? 'invoices' : 'creditnotes'} columns={columns} query={query} paging={paging}
        empty={text(kind === 'invoice' ? 'documents.empty_invoices' : 'documents.empty_creditnotes')}
      />
    </Card>
  );
}
