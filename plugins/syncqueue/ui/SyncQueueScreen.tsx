/**
 * The sync-queue viewer (SPEC section 2 "Generic entity list": the sync queue opens with the status filter
 * not run and failed and shows a job tree per selected job with breadcrumbs). The list picks a job (kept in
 * the address as `?job=`); the tree below shows it with the jobs above it as breadcrumbs and the jobs below it
 * as entries. Staff may run the due jobs or force one again.
 */
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Breadcrumbs, Card, CardContent, Chip, LinearProgress, Link, Stack, Typography } from '@mui/material';
import {
  BooleanInput, Button, Datagrid, FilterButton, FunctionField, List, SearchInput, SelectArrayInput, TopToolbar, useNotify, useRefresh,
} from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { formatDay, ShowArchivedToggle, useValueLabel } from '@adsuite/admin/kit';
import { StatusChip, SyncJobEntry } from './SyncJobEntry.tsx';
import { fetchTree, forceJob, runCountColor, runJobs, type SyncJob } from './syncJob.ts';
import { useSyncWords } from './useSyncWords.ts';
import { useText } from './useText.ts';

const RESOURCE = 'sync-queue';
const OPEN_WITH = resourceByName[RESOURCE].list.initialFilter ?? { status: ['not run', 'failed'] };
/** SPEC section 9: screens poll every 5000 ms. */
const POLL_MS = 5_000;

function RunButton() {
  const text = useText();
  const notify = useNotify();
  const refresh = useRefresh();
  const run = async () => {
    try {
      const { queued } = await runJobs();
      notify(text('run_done', { smart_count: queued }), { type: 'info' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return <Button label={text('run')} onClick={run}><PlayArrowIcon /></Button>;
}

function useFilters() {
  const valueLabel = useValueLabel(RESOURCE);
  const choices = (field: 'status' | 'type') => (resourceByName[RESOURCE].fields[field].options ?? []).map((id) => ({ id, name: valueLabel(field, id) }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectArrayInput key="status" source="status" label={`resources.${RESOURCE}.fields.status`} choices={choices('status')} translateChoice={false} alwaysOn sx={{ minWidth: 220 }} />,
    <SelectArrayInput key="type" source="type" label={`resources.${RESOURCE}.fields.type`} choices={choices('type')} translateChoice={false} sx={{ minWidth: 200 }} />,
    <BooleanInput key="notified" source="notified" label={`resources.${RESOURCE}.fields.notified`} />,
  ];
}

function JobList({ selected, onSelect, search }: { selected: string | null; onSelect: (id: string) => void; search: string | null }) {
  const valueLabel = useValueLabel(RESOURCE);
  const words = useSyncWords();
  return (
    <List
      resource={RESOURCE}
      disableSyncWithLocation
      // The address's `search` (SPEC section 2 "Generic entity list") is the text search it opens with.
      filterDefaultValues={search ? { ...OPEN_WITH, q: search } : OPEN_WITH}
      filters={useFilters()}
      sort={{ field: 'created', order: 'DESC' }}
      perPage={10}
      actions={<TopToolbar><ShowArchivedToggle /><FilterButton /><RunButton /></TopToolbar>}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => {
          onSelect(String(id));
          return false;
        }}
        rowSx={(record) => (record.id === selected ? { backgroundColor: 'action.selected' } : {})}
      >
        <FunctionField source="name" render={(job: SyncJob) => words.title(job)} />
        <FunctionField source="type" render={(job: SyncJob) => valueLabel('type', job.type)} />
        <FunctionField source="status" render={(job: SyncJob) => <StatusChip job={job} />} />
        <FunctionField source="runCount" render={(job: SyncJob) => <Chip size="small" variant="outlined" label={job.runCount ?? 0} color={runCountColor(job.runCount)} />} />
        <FunctionField source="lastRun" render={(job: SyncJob) => formatDay(job.lastRun, true)} />
        <FunctionField source="channel" render={(job: SyncJob) => (job.channel ? valueLabel('channel', job.channel) : '')} />
      </Datagrid>
    </List>
  );
}

function JobTree({ id, onSelect }: { id: string; onSelect: (id: string | null) => void }) {
  const text = useText();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { language } = useSyncWords();
  const { data, error, isFetching } = useQuery({
    // The tree answers in the reader's language: another language is another answer.
    queryKey: ['sync-tree', id, language],
    queryFn: ({ signal }) => fetchTree(id, signal),
    refetchInterval: POLL_MS,
  });
  const force = async (job: string) => {
    try {
      await forceJob(job);
      notify(text('forced'), { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: ['sync-tree'] });
      refresh();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>{text('tree')}</Typography>
        <Breadcrumbs aria-label={text('tree')} sx={{ mb: 2 }}>
          <Link component="button" underline="hover" onClick={() => onSelect(null)}>{text('title')}</Link>
          {data?.path.map((step) => (
            <Link key={step.id} component="button" underline="hover" onClick={() => onSelect(step.id)}>{step.title ?? step.name}</Link>
          ))}
          {data && <Typography color="text.primary">{data.title ?? data.name}</Typography>}
        </Breadcrumbs>
        {error && <Alert severity="error">{(error as Error).message || text('not_found')}</Alert>}
        {data && <SyncJobEntry job={data} onForce={force} onSelect={(next) => onSelect(next)} />}
      </CardContent>
      {isFetching && !data && <LinearProgress />}
    </Card>
  );
}

export function SyncQueueScreen() {
  const text = useText();
  const [params, setParams] = useSearchParams();
  const selected = params.get('job');
  const search = params.get('search');
  const select = (id: string | null) => setParams({ ...(search ? { search } : {}), ...(id ? { job: id } : {}) });
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <JobList selected={selected} onSelect={select} search={search} />
      {selected ? <JobTree id={selected} onSelect={select} /> : <Alert severity="info">{text('choose')}</Alert>}
    </Stack>
  );
}
