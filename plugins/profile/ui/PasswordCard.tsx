/** Change the own password: current, new and repeated (min 8); success shows the toast "password changed". */
import { useState, type FormEvent } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert, Box, Button, Card, CardActions, CardContent, CardHeader, CircularProgress, Stack, TextField } from '@mui/material';
import { HttpError, useNotify } from 'react-admin';
import { changeOwnPassword, checkPasswords, EMPTY_PASSWORDS, PASSWORD_MIN, type PasswordValues } from './password.ts';
import { useText } from './useText.ts';

export function PasswordCard() {
  const text = useText();
  const notify = useNotify();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const problems = tried ? checkPasswords(values) : {};
  const errorOf = (field: keyof PasswordValues) => (problems[field] ? text(problems[field]!, { min: PASSWORD_MIN }) : serverErrors[field] || undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (Object.keys(checkPasswords(values)).length) return;
    setBusy(true);
    try {
      await changeOwnPassword(values);
      notify(text('password.changed'), { type: 'success' });
      setValues(EMPTY_PASSWORDS);
      setTried(false);
      setServerErrors({});
    } catch (error) {
      setServerErrors((error instanceof HttpError && error.body?.errors) || {});
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof PasswordValues, label: string, autoComplete: string, helper?: string) => (
    <TextField
      name={name} type="password" label={label} autoComplete={autoComplete} value={values[name]} fullWidth
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errorOf(name))} helperText={errorOf(name) ?? helper}
    />
  );

  return (
    <Card sx={{ flex: 1 }}>
      <Box component="form" noValidate onSubmit={submit} data-testid="password-form" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <CardHeader title={text('password.title')} avatar={<LockResetIcon color="primary" />} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ flex: 1 }}>
          <Stack spacing={2}>
            {field('currentPassword', text('password.current'), 'current-password')}
            {field('password', text('password.new'), 'new-password', text('password.hint', { min: PASSWORD_MIN }))}
            {field('passwordConfirm', text('password.repeat'), 'new-password')}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {text('password.submit')}
          </Button>
        </CardActions>
      </Box>
    </Card>
  );
}
