/**
 * Opens the data console on the systemoperator's click: the signed-in systemoperator's token goes into the console's
 * cookie (POST /api/dataconsole/session), then the browser leaves the member area for /sysop/data.
 */
import { useState } from 'react';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { API, apiFetch, usePluginText } from '@adsuite/admin/kit';
import { staffScreenMessages } from '@adsuite/config/i18n/staffScreens';

const messages = { de: staffScreenMessages.de.data_console, en: staffScreenMessages.en.data_console };

export function OpenConsole() {
  const text = usePluginText('staff_console', messages);
  const [failed, setFailed] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    setFailed(null);
    apiFetch(`${API}/dataconsole/session`, { method: 'POST', body: '{}' })
      .then(({ json }) => window.location.assign((json as { url: string }).url))
      .catch((error: Error) => { setOpening(false); setFailed(error.message || text('failed')); });
  };
  return (
    <Stack spacing={2} sx={{ mt: 2 }} alignItems="flex-start">
      <Title title={text('link')} />
      <Typography>{text('intro')}</Typography>
      {failed && <Alert severity="error">{failed}</Alert>}
      {opening
        ? <Stack direction="row" spacing={2} alignItems="center"><CircularProgress size={20} /><Typography>{text('opening')}</Typography></Stack>
        : <Button variant="contained" name="open-console" onClick={open}>{text('open')}</Button>}
    </Stack>
  );
}
