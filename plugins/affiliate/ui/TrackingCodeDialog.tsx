/**
 * The tracking-code modal (SPEC section 2 "Modals", section 4 "Tracking modal toggles Universal/Individual"), from a
 * tracking code's edit screen: the snippet of its advertiser's container for every page, or one page type's, to copy.
 */
import { useState } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import {
  Box, Button as TextButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, ToggleButton, ToggleButtonGroup, Typography,
} from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { EVENT_CLASSES } from '@adsuite/config';
import { CopyButton, useValueLabel } from '@adsuite/admin/kit';
import { individualSnippet, isEventClass, universalSnippet, type EventClass, type SnippetKind } from '../snippets.ts';
import { useText } from './useText.ts';

interface TrackingCodeDialogProps {
  open: boolean;
  onClose(): void;
  name: string;
  advertiser: string;
  initialKind: SnippetKind;
  /** The event classes the code is for; every class when it names none. */
  events: readonly EventClass[];
}

export function TrackingCodeDialog({ open, onClose, name, advertiser, initialKind, events }: TrackingCodeDialogProps) {
  const text = useText();
  const valueLabel = useValueLabel('trackingcode');
  const classes = events.length ? events : EVENT_CLASSES;
  const [kind, setKind] = useState<SnippetKind>(initialKind);
  const [cls, setCls] = useState<EventClass>(classes.includes('order') ? 'order' : classes[0]);
  const origin = window.location.origin;
  const snippet = kind === 'universal' ? universalSnippet(origin, advertiser) : individualSnippet(origin, advertiser, cls);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="tracking-code-title">
      <DialogTitle id="tracking-code-title">{text('tracking.title', { name })}</DialogTitle>
      <DialogContent>
        <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_event, value) => value && setKind(value)} sx={{ mb: 1 }} aria-label={text('tracking.open')}>
          <ToggleButton value="universal" data-kind="universal">{text('tracking.universal')}</ToggleButton>
          <ToggleButton value="individual" data-kind="individual">{text('tracking.individual')}</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{text(kind === 'universal' ? 'tracking.universal_help' : 'tracking.individual_help')}</Typography>
        {kind === 'individual' && (
          <FormControl size="small" sx={{ mb: 2, minWidth: 220 }}>
            <InputLabel id="tracking-event-label">{text('tracking.event')}</InputLabel>
            <Select labelId="tracking-event-label" label={text('tracking.event')} value={cls} onChange={(event) => setCls(event.target.value as EventClass)} data-testid="tracking-event">
              {classes.map((option) => <MenuItem key={option} value={option}>{valueLabel('events', option)}</MenuItem>)}
            </Select>
          </FormControl>
        )}
        <Box
          component="pre" data-testid="tracking-snippet"
          sx={{ m: 0, p: 1.5, bgcolor: 'grey.100', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all', userSelect: 'all' }}
        >
          {snippet}
        </Box>
      </DialogContent>
      <DialogActions>
        <CopyButton text={snippet} />
        {/* Words, also on a phone (react-admin's button shows only its icon there, and this one has none). */}
        <TextButton onClick={onClose}>{text('tracking.close')}</TextButton>
      </DialogActions>
    </Dialog>
  );
}

/** On a tracking code's edit screen: opens the modal with the code's own kind and event classes. */
export function TrackingCodeButton() {
  const record = useRecordContext();
  const text = useText();
  const [open, setOpen] = useState(false);
  if (!record?.id || !record.advertiser) return null;
  const events = ((record.events as unknown[]) ?? []).filter(isEventClass);
  return (
    <>
      <Button label={text('tracking.open')} variant="outlined" onClick={() => setOpen(true)} data-action="tracking-code">
        <CodeIcon />
      </Button>
      {open && (
        <TrackingCodeDialog
          open onClose={() => setOpen(false)} name={String(record.name ?? '')} advertiser={String(record.advertiser)}
          initialKind={record.type === 'individual' ? 'individual' : 'universal'} events={events}
        />
      )}
    </>
  );
}
