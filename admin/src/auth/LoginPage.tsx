/**
 * /login belongs to the public portal: reaching it inside the member area means leaving for the portal's page
 * (a full page load, with the reason flags). Only where the server answered /login with the member area
 * itself, because no portal build exists yet, does this plain sign-in form stand in for it.
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { LocalesMenuButton, useLocaleState, useLogin, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { signInReason } from '../notice.ts';
import { LeaveFor } from '../routes/LeaveFor.tsx';
import { session } from '../session.ts';

/** Where the browser loaded the member area; `/login` only when the server has no portal to show there. */
const LOADED_AT = globalThis.location?.pathname;

export function LoginPage() {
  const { search } = useLocation();
  return LOADED_AT === '/login' ? <StandInSignIn /> : <LeaveFor to={`/login${search}`} />;
}

function StandInSignIn() {
  const translate = useTranslate();
  const login = useLogin();
  const [locale, setLocale] = useLocaleState();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = signInReason.read();
  usePageTitle(translate('app.auth.sign_in'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password }, '/');
      // The user's own language, as stored on the account, from now on.
      if (session.language() !== locale) setLocale(session.language());
    } catch (failure) {
      setError((failure as Error)?.message || 'app.auth.login_failed');
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card component="form" onSubmit={submit} sx={{ width: 380 }}>
        <CardContent>
          <Stack spacing={2}>
            <Stack direction="row" alignItems="center" justifyContent="space-between">
              <Typography variant="h5" component="h1">{translate('app.name')}</Typography>
              <LocalesMenuButton />
            </Stack>
            <Typography color="text.secondary">{translate('app.auth.title')}</Typography>
            {reason && !error && <Alert severity="warning">{translate(reason)}</Alert>}
            {error && <Alert severity="error">{translate(error)}</Alert>}
            <TextField
              label={translate('app.auth.email')}
              type="email"
              name="email"
              autoComplete="username"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              label={translate('app.auth.password')}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : null}>
              {translate('app.auth.sign_in')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
