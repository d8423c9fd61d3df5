/**
 * Name, surname, language and report subscriptions (per campaign: daily, weekly, monthly) of the signed-in user,
 * saved with PATCH /api/auth/login. The language switches the admin at once.
 */
import { useState, type FormEvent } from 'react';
import PersonIcon from '@mui/icons-material/Person';
import {
  Alert, Box, Button, Card, CardActions, CardContent, CardHeader, CircularProgress, FormLabel, MenuItem, Stack, TextField, Typography,
} from '@mui/material';
import { useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES, type Subscription } from '@adsuite/config';
import { API, apiFetch, type Identity } from '@adsuite/admin/kit';
import { SubscriptionsTable } from './SubscriptionsTable.tsx';
import { useText } from './useText.ts';

interface Details {
  name: string;
  surname: string;
  language: string;
  subscriptions: Subscription[];
}

export function DetailsCard({ user }: { user: Identity }) {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const [, setLocale] = useLocaleState();
  const { refetch } = useGetIdentity();
  const [values, setValues] = useState<Details>({
    name: user.name, surname: user.surname, language: user.language ?? 'de', subscriptions: user.subscriptions ?? [],
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ severity: 'error' | 'warning'; message: string }>();
  const nameProblem = (value: string) => (value.trim().length < 2 ? text('name_short') : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (nameProblem(values.name) || nameProblem(values.surname)) return;
    setBusy(true);
    setFailure(undefined);
    try {
      const sent = { ...values, name: values.name.trim(), surname: values.surname.trim() };
      const { json } = await apiFetch(`${API}/auth/login`, { method: 'PATCH', body: JSON.stringify(sent) });
      await refetch();
      if (json.name !== sent.name || json.surname !== sent.surname) setFailure({ severity: 'warning', message: text('names_not_saved') });
      // A new language re-renders the whole admin in it (react-admin remounts, toasts included): that is the confirmation.
      else if (values.language !== user.language) setLocale(values.language);
      else notify(text('saved'), { type: 'success' });
    } catch (error) {
      setFailure({ severity: 'error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ height: '100%' }}>
      <Box component="form" noValidate onSubmit={submit} data-testid="profile-form" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <CardHeader title={text('personal')} subheader={`${user.email} · ${translate(`resources.login.values.role.${user.role}`, { _: user.role })}`} avatar={<PersonIcon color="primary" />} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ flex: 1 }}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['name', 'surname'] as const).map((field) => (
                <TextField key={field} name={field} label={text(field)} value={values[field]} fullWidth
                  onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                  error={Boolean(nameProblem(values[field]))} helperText={nameProblem(values[field])} />
              ))}
            </Stack>
            <TextField select name="language" label={text('language')} value={values.language} onChange={(event) => setValues((current) => ({ ...current, language: event.target.value }))}>
              {LANGUAGES.map((language) => <MenuItem key={language} value={language}>{text(`languages.${language}`)}</MenuItem>)}
            </TextField>
            <Box>
              <FormLabel component="legend">{text('subscriptions')}</FormLabel>
              <Typography variant="body2" color="text.secondary">{text('subscriptions_hint')}</Typography>
              <SubscriptionsTable value={values.subscriptions} onChange={(subscriptions) => setValues((current) => ({ ...current, subscriptions }))} />
            </Box>
            {failure && <Alert severity={failure.severity}>{failure.message}</Alert>}
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>{text('save')}</Button>
        </CardActions>
      </Box>
    </Card>
  );
}
