/**
 * One entry of the job tree (SPEC section 2 "Modals": sync-queue tree entry): name, id, type, status badge,
 * run count badge, notified badge, the message log (all or the last) and the jobs that depend on it.
 */
import { useState } from 'react';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { CopyButton, formatDay, useValueLabel } from '@adsuite/admin/kit';
import { LABEL_COLORS, runCountColor, shownMessages, syncLabel, type SyncJob } from './syncJob.ts';
import { useText } from './useText.ts';

/** The status badge: Successful, Partial, Failed or Not run (SPEC section 4). */
export function StatusChip({ job }: { job: Pick<SyncJob, 'status' | 'completed'> }) {
  const valueLabel = useValueLabel('sync-queue');
  const label = syncLabel(job);
  return <Chip size="small" label={valueLabel('status', label)} color={LABEL_COLORS[label]} />;
}

function MessageLog({ job }: { job: SyncJob }) {
  const text = useText();
  const [all, setAll] = useState(false);
  const messages = shownMessages(job.messages, all);
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2">{text('messages')}</Typography>
        <ToggleButtonGroup size="small" exclusive value={all ? 'all' : 'last'} onChange={(_event, value) => value && setAll(value === 'all')}>
          <ToggleButton value="all">{text('all')}</ToggleButton>
          <ToggleButton value="last">{text('last')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{text('no_messages')}</Typography>
      ) : (
        <List dense disablePadding>
          {messages.map((message, index) => (
            <ListItem key={`${message.date}-${index}`} disableGutters>
              <ListItemText primary={message.message} secondary={formatDay(message.date, true)} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function SyncJobEntry({ job, onForce, onSelect, depth = 0 }: {
  job: SyncJob; onForce: (id: string) => void; onSelect: (id: string) => void; depth?: number;
}) {
  const text = useText();
  const valueLabel = useValueLabel('sync-queue');
  return (
    <Paper variant="outlined" sx={{ p: 1.5, ml: depth ? 2 : 0 }} data-testid="sync-job" data-status={syncLabel(job)}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography component="button" variant="subtitle1" onClick={() => onSelect(job.id)}
          sx={{ border: 0, background: 'none', p: 0, cursor: 'pointer', fontWeight: 600, textAlign: 'left' }}>
          {job.title ?? job.name}
        </Typography>
        <Chip size="small" label={valueLabel('type', job.type)} variant="outlined" />
        <StatusChip job={job} />
        <Chip size="small" label={text('run_count', { count: job.runCount ?? 0 })} color={runCountColor(job.runCount)} variant="outlined" />
        {job.notified && <Chip size="small" label={text('notified')} color="info" />}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => onForce(job.id)}>{text('force')}</Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
        {text('id')}: {job.id} <CopyButton text={job.id} label="app.action.copy_id" compact />
        {job.lastRun ? ` · ${text('last_run', { date: formatDay(job.lastRun, true) })}` : ''}
      </Typography>
      <Box sx={{ mt: 1 }}>
        <MessageLog job={job} />
      </Box>
      <Box sx={{ mt: 1 }}>
        <Typography variant="subtitle2">{text('dependencies')}</Typography>
        {job.next.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{text('no_dependencies')}</Typography>
        ) : (
          <Stack spacing={1} sx={{ mt: 1 }}>
            {job.next.map((child) => <SyncJobEntry key={child.id} job={child} onForce={onForce} onSelect={onSelect} depth={depth + 1} />)}
          </Stack>
        )}
      </Box>
    </Paper>
  );
}
