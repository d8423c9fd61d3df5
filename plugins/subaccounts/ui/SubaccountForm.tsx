/**
 * Create or edit a sub-account (SPEC sections 2 and 6): e-mail (fixed once created), name, surname, role
 * (viewer, client = stored as advertiser, co-worker under agencies; systemoperator only by a systemoperator),
 * access to selected advertisers, and on edit the recovery e-mail. No password field: the sub-account sets its
 * own through the invitation or recovery link.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import MailIcon from '@mui/icons-material/ForwardToInbox';
import {
  Alert, Box, Button, Card, CardActions, CardContent, Checkbox, CircularProgress, ListItemText, MenuItem, Stack, TextField,
} from '@mui/material';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import type { Identity } from '@adsuite/admin/kit';
import { checkSubaccount, inputOf, type SubaccountValues } from './subaccountForm.ts';
import { advertisersOwnedBy, assignableRoles, createSubaccount, listOwners, sendRecovery, updateSubaccount, type Subaccount } from './subaccountsApi.ts';
import { useText } from './useText.ts';

interface Props {
  user: Identity;
  initial: SubaccountValues;
  /** The sub-account being edited; none while creating. */
  record?: Subaccount;
}

/** The agencies and companies a systemoperator may file a sub-account under. */
const useOwners = (enabled: boolean) => useQuery({ queryKey: ['subaccounts', 'owners'], queryFn: () => listOwners(['agency', 'company']), enabled });

function useAdvertiserOptions(user: Identity, owner: string) {
  const sysop = user.role === 'systemoperator';
  const owned = useQuery({ queryKey: ['subaccounts', 'advertisers', owner], queryFn: () => advertisersOwnedBy(owner), enabled: sysop && Boolean(owner) });
  return sysop ? owned.data ?? [] : user.advertisers.map((advertiser) => ({ id: String(advertiser.id), name: advertiser.name }));
}

export function SubaccountForm({ user, initial, record }: Props) {
  const text = useText();
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const creating = !record;
  const sysop = user.role === 'systemoperator';
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const owners = useOwners(sysop);
  const advertisers = useAdvertiserOptions(user, values.parent);

  const ownerRole = sysop ? owners.data?.find((owner) => owner.id === values.parent)?.role : user.role === 'advertiser' ? 'advertiser' : 'agency';
  const roles = assignableRoles(ownerRole, user.role);
  const problems = tried ? checkSubaccount(values, { creating, needsParent: sysop }) : {};
  const errorOf = (field: keyof SubaccountValues) => (problems[field] ? text(problems[field]!) : serverErrors[field] || undefined);
  const set = <K extends keyof SubaccountValues>(field: K, value: SubaccountValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(undefined);
    if (Object.keys(checkSubaccount(values, { creating, needsParent: sysop })).length) return;
    setBusy(true);
    try {
      if (record) await updateSubaccount(record.id, inputOf(values, false));
      else await createSubaccount(inputOf(values, true));
      notify(creating ? text('form.created', { email: values.email.trim() }) : text('form.saved'), { type: 'success' });
      navigate('/subaccounts');
    } catch (error) {
      setServerErrors((error instanceof HttpError && error.body?.errors) || {});
      setFailure((error as Error).message);
      setBusy(false);
    }
  };

  const recover = async () => {
    try {
      await sendRecovery(record!.id);
      notify(text('form.recovery_sent', { email: record!.email }), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  const field = (name: 'email' | 'name' | 'surname', label: string, extra: object = {}) => (
    <TextField name={name} label={label} value={values[name]} onChange={(event) => set(name, event.target.value)} error={Boolean(errorOf(name))} helperText={errorOf(name)} fullWidth {...extra} />
  );

  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Box component="form" noValidate onSubmit={submit} data-testid="subaccount-form">
        <CardContent>
          <Stack spacing={2.5}>
            {creating && sysop && (
              <TextField select name="parent" label={text('form.account')} value={values.parent} onChange={(event) => setValues((current) => ({ ...current, parent: event.target.value, advertisers: [] }))} error={Boolean(errorOf('parent'))} helperText={errorOf('parent')}>
                {(owners.data ?? []).map((owner) => <MenuItem key={owner.id} value={owner.id}>{`${owner.name} ${owner.surname} (${owner.email})`}</MenuItem>)}
              </TextField>
            )}
            {field('email', text('email'), { type: 'email', disabled: !creating, autoComplete: 'off' })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('name', text('form.name'))}
              {field('surname', text('form.surname'))}
            </Stack>
            <TextField select name="role" label={text('role')} value={values.role} onChange={(event) => set('role', event.target.value as SubaccountValues['role'])} error={Boolean(errorOf('role'))} helperText={errorOf('role')}>
              {[...new Set([...roles, values.role])].map((role) => (
                <MenuItem key={role} value={role} disabled={!roles.includes(role)}>{text(`roles.${role}`)}</MenuItem>
              ))}
            </TextField>
            <TextField
              select name="advertisers" label={text('form.advertisers')} value={values.advertisers}
              error={Boolean(errorOf('advertisers'))} helperText={errorOf('advertisers') ?? text('form.advertisers_hint')}
              onChange={(event) => set('advertisers', event.target.value as unknown as string[])}
              slotProps={{ select: { multiple: true, renderValue: (ids) => (ids as string[]).map((id) => advertisers.find((a) => a.id === id)?.name ?? id).join(', ') } }}
            >
              {advertisers.map((advertiser) => (
                <MenuItem key={advertiser.id} value={advertiser.id}>
                  <Checkbox checked={values.advertisers.includes(advertiser.id)} size="small" />
                  <ListItemText primary={advertiser.name} />
                </MenuItem>
              ))}
            </TextField>
            <Alert severity="info">{text(creating ? 'form.invitation_hint' : 'form.password_hint')}</Alert>
            {failure && <Alert severity="error" data-testid="subaccount-error">{failure}</Alert>}
          </Stack>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate(creating ? 'ra.action.create' : 'ra.action.save')}
          </Button>
          <Button onClick={() => navigate('/subaccounts')} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Box sx={{ flex: 1 }} />
          {record && <Button startIcon={<MailIcon />} onClick={recover}>{text('form.recovery')}</Button>}
        </CardActions>
      </Box>
    </Card>
  );
}
