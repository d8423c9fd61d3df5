/** The container code: a dialog with the selected advertiser's container script tag and a copy button. */
import { useState, type ReactNode } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { CopyButton } from '../screens/CopyButton.tsx';
import { session } from '../session.ts';
import { CONTAINER_CODE_ROLES, containerScript, ORDER_SNIPPET } from './visibility.ts';

/** The script tag to show, or null when the user has none: not a role that tracks, no advertiser selected, or working as a publisher. */
export function useContainerScript(): string | null {
  const { user } = useAbilityState();
  const advertiser = session.selectedAdvertiser();
  const asPublisher = (session.selectedType() ?? user?.selectedType) === 'publisher';
  if (!user || !CONTAINER_CODE_ROLES.includes(user.role as never) || !advertiser || asPublisher) return null;
  return containerScript(globalThis.location.origin, advertiser);
}

interface ContainerCodeDialogProps {
  script: string;
  open: boolean;
  onClose: () => void;
  /** Message keys of the title and the introduction; the top bar's by default. */
  title?: string;
  intro?: string;
  /** Shown below the script (a booking names the campaign it measures). */
  children?: ReactNode;
  testId?: string;
}

/** The dialog of the top bar's container code, open to plugins (a booking's container code). */
export function ContainerCodeDialog({
  script, open, onClose, title = 'app.topbar.container_code', intro = 'app.topbar.container_code_intro', children, testId = 'container-script',
}: ContainerCodeDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{translate(intro)}</Typography>
        <Typography component="pre" data-testid={testId} sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
          {script}
        </Typography>
        <Typography sx={{ mt: 2, mb: 1 }}>{translate('app.topbar.container_code_order')}</Typography>
        <Typography component="pre" data-testid={`${testId}-order`} sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
          {ORDER_SNIPPET}
        </Typography>
        {children}
      </DialogContent>
      <DialogActions>
        <CopyButton text={script} />
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

export function ContainerCodeButton() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const script = useContainerScript();
  if (!script) return null;
  const label = translate('app.topbar.container_code');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <CodeIcon />
        </IconButton>
      </Tooltip>
      <ContainerCodeDialog script={script} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
