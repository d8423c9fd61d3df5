/** "Sign out everywhere": ends every session of the own account on all devices, this one included. */
import { useState } from 'react';
import DevicesIcon from '@mui/icons-material/Devices';
import { Alert, Button, Card, CardActions, CardContent, CardHeader, CircularProgress, Typography } from '@mui/material';
import { Confirm, useLogout, useNotify } from 'react-admin';
import { signOutEverywhere } from './password.ts';
import { useText } from './useText.ts';

export function SessionsCard() {
  const text = useText();
  const notify = useNotify();
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await signOutEverywhere();
      notify(text('sessions.done'), { type: 'info' });
      await logout();
    } catch (error) {
      setFailure((error as Error).message);
      setBusy(false);
    }
    setAsking(false);
  };

  return (
    <Card data-testid="sessions-card">
      <CardHeader title={text('sessions.title')} avatar={<DevicesIcon color="primary" />} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent>
        <Typography variant="body2" color="text.secondary">{text('sessions.intro')}</Typography>
        {failure && <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="outlined" color="error" disabled={busy} onClick={() => setAsking(true)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {text('sessions.submit')}
        </Button>
      </CardActions>
      <Confirm
        isOpen={asking} loading={busy} title={text('sessions.confirm_title')} content={text('sessions.confirm')}
        confirm={text('sessions.submit')} cancel={text('sessions.cancel')} confirmColor="warning"
        onConfirm={confirm} onClose={() => setAsking(false)}
      />
    </Card>
  );
}
