/**
 * The catalog's import (SPEC sections 3 and 4): whether one runs and the rows it has read (polled while it runs),
 * the last import and the product count, the feed it reads, the buttons to import from the feed URL or an uploaded
 * file, to cancel, and to delete all products; after a run with parsing errors, the flag and the first errors.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, type RaRecord } from 'react-admin';
import { formatDay, useCan, useValueLabel } from '@adsuite/admin/kit';
import { cancelImport, deleteProducts, fetchImportState, startImport, type ImportState } from './catalogApi.ts';
import { useCount, useText } from './useText.ts';

/** SPEC section 9: polling 5000 ms. */
export const POLL_MS = 5_000;

export function ImportPanel({ id, record }: { id: string; record: RaRecord | undefined }) {
  const text = useText();
  const count = useCount();
  const notify = useNotify();
  const can = useCan();
  const valueLabel = useValueLabel('catalog');
  const client = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const state = useQuery({
    queryKey: ['catalogs', 'import', id],
    queryFn: () => fetchImportState(id),
    refetchInterval: (query) => (query.state.data?.importRunning ? POLL_MS : false),
  });
  const data = state.data;
  // When a run ends, the catalog's record and its products changed.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!data) return;
    if (wasRunning.current && !data.importRunning) {
      void client.invalidateQueries({ queryKey: ['product'] });
      void client.invalidateQueries({ queryKey: ['catalog'] });
      void client.invalidateQueries({ queryKey: ['catalogs', 'products', id] });
      if (!data.parsingError) notify(text('import.finished', { count: count(data.count) }), { type: 'success' });
    }
    wasRunning.current = data.importRunning;
  }, [data, client, id, notify, text, count]);

  if (!data) return state.isLoading ? <LinearProgress /> : null;
  const writable = Boolean(record) && can('update', 'catalog', record);

  const act = async (run: () => Promise<ImportState>, done?: string) => {
    setBusy(true);
    try {
      const next = await run();
      client.setQueryData(['catalogs', 'import', id], next);
      if (done) notify(done, { type: 'info' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (file) void act(() => startImport(id, file), text('import.started'));
  };
  const format = text('import.format', {
    datatype: valueLabel('datatype', data.datatype), compression: valueLabel('compression', data.compression),
    delimiter: data.datatype === 'xml' ? text('import.selector', { value: data.delimiter ?? '' }) : text('import.delimiter', { value: data.delimiter === '\t' ? 'tab' : data.delimiter ?? ',' }),
  });

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="catalog-import">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'flex-start', sm: 'center' }} justifyContent="space-between">
          <Typography variant="h6">{text('import.title')}</Typography>
          <Chip
            data-testid="import-status"
            color={data.importRunning ? 'info' : data.parsingError ? 'error' : 'default'}
            label={data.importRunning ? `${text('import.running')} · ${text('import.rows_read', { rows: count(data.progress) })}` : text('import.idle')}
          />
        </Stack>
        {data.importRunning && <LinearProgress sx={{ my: 1.5 }} />}
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, my: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
          <dt>{text('import.last_import')}</dt>
          <dd data-testid="last-import">{data.lastImport ? `${formatDay(data.lastImport, true)} UTC` : text('import.never')}</dd>
          <dt>{text('import.products')}</dt>
          <dd data-testid="product-count">{count(data.count)}</dd>
          <dt>{text('import.source')}</dt>
          <dd>
            {data.url ?? text('import.no_url')}
            {data.feedFile && <Typography variant="body2" color="text.secondary">{text('import.file', { name: data.feedFile })}</Typography>}
            <Typography variant="body2" color="text.secondary">{format}</Typography>
          </dd>
        </Box>
        {data.parsingError && !data.importRunning && (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="parsing-errors">
            <AlertTitle>{text('import.parsing_error')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {data.errors.first.map((item, index) => (
                <li key={index}>{item.line === null ? item.message : text('import.line', { line: count(item.line), message: item.message })}</li>
              ))}
            </Box>
            {data.errors.total > data.errors.first.length && <Typography variant="body2" sx={{ mt: 0.5 }}>{text('import.more', { count: count(data.errors.total - data.errors.first.length) })}</Typography>}
          </Alert>
        )}
        {writable && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} flexWrap="wrap" useFlexGap>
            {data.importRunning ? (
              <Button variant="contained" color="warning" startIcon={<StopCircleIcon />} disabled={busy} onClick={() => void act(() => cancelImport(id), text('import.cancelled'))}>
                {text('import.cancel')}
              </Button>
            ) : (
              <>
                <Button variant="contained" startIcon={<CloudDownloadIcon />} disabled={busy || !data.url} onClick={() => void act(() => startImport(id), text('import.started'))}>
                  {text('import.from_url')}
                </Button>
                <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
                  {text('import.upload')}
                  <input ref={fileInput} hidden type="file" data-testid="feed-file" onChange={(event) => upload(event.target.files?.[0])} />
                </Button>
                <Button color="error" startIcon={<DeleteSweepIcon />} disabled={busy || data.count === 0} onClick={() => setConfirming(true)}>
                  {text('import.delete_products')}
                </Button>
              </>
            )}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>{text('import.hint')}</Typography>
        <Confirm
          isOpen={confirming}
          title={text('import.delete_confirm_title')}
          content={text('import.delete_confirm')}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void act(async () => {
              const next = await deleteProducts(id);
              void client.invalidateQueries({ queryKey: ['catalogs', 'products', id] });
              return next;
            }, text('import.deleted'));
          }}
        />
      </CardContent>
    </Card>
  );
}
