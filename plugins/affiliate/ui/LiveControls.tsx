/**
 * Setting the program live from its edit screen (SPEC section 4 "Wizard: live true after set-live"), and once it is
 * live, its catalog and tracking code.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Chip, Stack } from '@mui/material';
import CodeIcon from '@mui/icons-material/Code';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useMayOpen } from '@adsuite/admin/kit';
import { setWizardLive } from './api.ts';
import { TrackingCodeDialog } from './TrackingCodeDialog.tsx';
import { useText } from './useText.ts';

export function LiveControls() {
  const record = useRecordContext();
  const { isDirty } = useFormState();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayOpen = useMayOpen();
  const text = useText();
  const [busy, setBusy] = useState(false);
  const [snippet, setSnippet] = useState(false);
  if (!record?.id) return null;
  if (record.live) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="wizard-live">
        <Chip color="success" size="small" label={text('live.is_live')} />
        {record.catalog && mayOpen('/catalog/edit/:id') && <Button component={Link} to={`/catalog/edit/${record.catalog}`} label={text('live.catalog')}><InventoryIcon /></Button>}
        {record.trackingcode && mayOpen('/trackingcode/edit/:id') && <Button component={Link} to={`/trackingcode/edit/${record.trackingcode}`} label={text('live.trackingcode')}><CodeIcon /></Button>}
        {/* The shop's snippet, also for whom the tracking code's own screen is closed (the wizard). */}
        <Button label={text('tracking.open')} onClick={() => setSnippet(true)} data-action="wizard-tracking-code"><CodeIcon /></Button>
        {snippet && (
          <TrackingCodeDialog open onClose={() => setSnippet(false)} name={String(record.name ?? '')} advertiser={String(record.advertiser)} initialKind="universal" events={[]} />
        )}
      </Stack>
    );
  }
  const goLive = async () => {
    setBusy(true);
    try {
      const live = await setWizardLive(String(record.id));
      notify(text(live.importJob ? 'live.done' : record.datasource === 'manual' ? 'live.done_manual' : 'live.already'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(text('live.failed', { message: (error as Error)?.message ?? '' }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={text('live.set')} variant="outlined" onClick={goLive} disabled={busy || isDirty} title={isDirty ? text('live.unsaved') : undefined} data-action="wizard-set-live"
    >
      <PlayCircleIcon />
    </Button>
  );
}
