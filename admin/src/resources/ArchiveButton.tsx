/**
 * Delete (which archives where the resource is archivable) or, for an archived record, recover; each after
 * a confirmation, and only where the user's ability allows it.
 */
import { useState, type MouseEvent } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { IconButton, Tooltip } from '@mui/material';
import {
  Button, Confirm, useDataProvider, useGetResourceLabel, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate,
} from 'react-admin';
import type { ResourceDef } from '@adsuite/config';
import { useCan } from '../abilities/AbilityProvider.tsx';
import type { AdSuiteDataProvider } from '../api/dataProvider.ts';
import { isArchived } from './record.ts';

interface ArchiveButtonProps {
  resource: ResourceDef;
  /** Where to go afterwards; the list stays and refreshes when not given. */
  redirectTo?: string;
  /** Only the icon, with the label as tooltip and accessible name (in list rows, where width is short). */
  compact?: boolean;
}

const keepInRow = (event: MouseEvent) => event.stopPropagation();

export function ArchiveButton({ resource, redirectTo, compact = false }: ArchiveButtonProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const can = useCan();
  const dataProvider = useDataProvider<AdSuiteDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const type = useGetResourceLabel()(resource.name, 1);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const action = isArchived(record) ? 'recover' : 'delete';
  if (!record || !can(action, resource.name, record)) return null;

  const run = async () => {
    setBusy(true);
    try {
      if (action === 'recover') await dataProvider.recover(resource.name, { id: record.id });
      else await dataProvider.delete(resource.name, { id: record.id, previousData: record });
      notify(action === 'recover' ? 'app.notification.recovered' : 'app.notification.deleted', { type: 'info', messageArgs: { type } });
      if (redirectTo) redirect(redirectTo);
      else refresh();
    } catch (error) {
      notify((error as Error)?.message || 'app.notification.unknown_error', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <span onClick={keepInRow}>
      {compact ? (
        <Tooltip title={translate(`app.action.${action}`)}>
          <IconButton size="small" aria-label={translate(`app.action.${action}`)} color={action === 'delete' ? 'error' : 'primary'} onClick={() => setOpen(true)}>
            {action === 'delete' ? <DeleteIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          label={`app.action.${action}`}
          color={action === 'delete' ? 'error' : 'primary'}
          onClick={() => setOpen(true)}
        >
          {action === 'delete' ? <DeleteIcon /> : <RestoreIcon />}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={busy}
        title={`app.confirm.${action}_title`}
        content={`app.confirm.${action}`}
        translateOptions={{ type }}
        confirm={`app.action.${action}`}
        cancel="app.action.forget_it"
        confirmColor={action === 'delete' ? 'warning' : 'primary'}
        onConfirm={run}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
