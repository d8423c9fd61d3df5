/**
 * The sync job's fields on its generated edit screen that would otherwise show raw values (SPEC section 3
 * "Sync job"): the record the job synchronises (its type and name, a link to it, not a bare id), the action
 * and the channel by their names, the message log in the reader's language.
 */
import { lazy, Suspense } from 'react';
import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { SelectInput, useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { CHANNELS, resourceByName } from '@adsuite/config';
import { CopyButton, pathTo, useCan, useMayOpen, useValueLabel, type FieldInputProps } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

/** The actions a sync job carries out (plugins/booking/server/publishing). */
export const SYNC_ACTIONS = ['create', 'update', 'pause', 'resume', 'cancel', 'delete'] as const;

/** The choices of a select: the known values, and the stored one when it is not among them (nothing is lost). */
export function choicesWith(known: readonly { id: string; name: string }[], stored: unknown): { id: string; name: string }[] {
  return typeof stored === 'string' && stored && !known.some((choice) => choice.id === stored) ? [...known, { id: stored, name: stored }] : [...known];
}

export function SyncedRecordInput(_props: FieldInputProps) {
  const valueLabel = useValueLabel('sync-queue');
  const can = useCan();
  const mayOpen = useMayOpen();
  const [type, id] = useWatch({ name: ['type', 'foreignId'] }) as [string | undefined, string | undefined];
  const resource = type && resourceByName[type] ? type : undefined;
  const readable = Boolean(resource && id && can('read', resource));
  const { data, isPending, error } = useGetOne(resource ?? 'sync-queue', { id: id ?? '' }, { enabled: readable, retry: false });
  const titleField = resource ? resourceByName[resource].titleField : 'name';
  const name = data?.[titleField] ? String(data[titleField]) : undefined;
  const text = useText();
  return (
    <Box sx={{ mb: 2, width: '100%', maxWidth: 720 }} data-testid="synced-record">
      <Typography variant="caption" color="text.secondary" component="div">{text('synced_record')}</Typography>
      {!id ? (
        <Typography color="text.secondary">{text('no_record')}</Typography>
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span">{type ? valueLabel('type', type) : ''}:</Typography>
          {name && resource && mayOpen(resourceByName[resource].routes.edit)
            ? <MuiLink component={Link} to={pathTo(resource, 'edit', id)}>{name}</MuiLink>
            : <Typography component="span">{name ?? (readable && isPending ? '…' : error || !readable ? text('record_unknown') : '')}</Typography>}
          <CopyButton text={id} label="app.action.copy_id" compact />
        </Stack>
      )}
    </Box>
  );
}

export function ActionInput({ source, label, disabled }: FieldInputProps) {
  const text = useText();
  const stored = useWatch({ name: source });
  const known = SYNC_ACTIONS.map((action) => ({ id: action, name: text(`action_${action}`) }));
  return <SelectInput source={source} label={label} disabled={disabled} choices={choicesWith(known, stored)} translateChoice={false} emptyText="" fullWidth sx={{ maxWidth: 720 }} />;
}

export function ChannelInput({ source, label, disabled }: FieldInputProps) {
  const stored = useWatch({ name: source });
  const known = CHANNELS.map((channel) => ({ id: channel.key, name: channel.name }));
  return <SelectInput source={source} label={label} disabled={disabled} choices={choicesWith(known, stored)} translateChoice={false} fullWidth sx={{ maxWidth: 720 }} />;
}

const LazyMessages = lazy(() => import('./SyncJobMessages.tsx').then((module) => ({ default: module.SyncJobMessages })));

/** The message log, loaded when a job's edit screen shows it (it reads the server's catalogue). */
export function MessagesInput(props: FieldInputProps) {
  return <Suspense fallback={null}><LazyMessages {...props} /></Suspense>;
}
