/** The container-code button: a dialog with the selected advertiser's container script tag and a copy button. */
import { useState } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import { Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { CopyButton } from '../screens/CopyButton.tsx';
import { session } from '../session.ts';
import { CONTAINER_CODE_ROLES, containerScript } from './visibility.ts';

export function ContainerCodeButton() {
  const { user } = useAbilityState();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const advertiser = session.selectedAdvertiser();
  const asPublisher = (session.selectedType() ?? user?.selectedType) === 'publisher';
  if (!user || !CONTAINER_CODE_ROLES.includes(user.role as never) || !advertiser || asPublisher) return null;
  const script = containerScript(globalThis.location.origin, advertiser);
  const label = translate('app.topbar.container_code');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => setOpen(true)}>
          <CodeIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{label}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate('app.topbar.container_code_intro')}</Typography>
          <Typography component="pre" data-testid="container-script" sx={{ p: 2, bgcolor: 'grey.100', borderRadius: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 13 }}>
            {script}
          </Typography>
        </DialogContent>
        <DialogActions>
          <CopyButton text={script} />
          <Button label="ra.action.close" onClick={() => setOpen(false)} />
        </DialogActions>
      </Dialog>
    </>
  );
}
