/**
 * One sub-account in the list (SPEC section 2): avatar, e-mail with the verified tick and confirmation date,
 * name, role, the login-allowed checkbox (disabled with a hint while no password is set), last login or
 * "never", edit and delete.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Avatar, Checkbox, Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { confirmedOn, updateSubaccount, type Subaccount } from './subaccountsApi.ts';
import { formatMoment } from './shared.tsx';
import { useText } from './useText.ts';

const initials = (row: Subaccount) => `${row.name.charAt(0)}${row.surname.charAt(0)}`.toUpperCase();

function LoginAllowed({ row, onChanged }: { row: Subaccount; onChanged: (row: Subaccount) => void }) {
  const text = useText();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const toggle = async (allowed: boolean) => {
    setBusy(true);
    try {
      onChanged(await updateSubaccount(row.id, { loginAllowed: allowed }));
      notify(text(allowed ? 'login_allowed_on' : 'login_allowed_off', { email: row.email }), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const box = (
    <Checkbox
      checked={row.loginAllowed}
      disabled={busy || !row.hasPassword}
      onChange={(event) => toggle(event.target.checked)}
      slotProps={{ input: { 'aria-label': `${text('login_allowed')}: ${row.email}` } }}
    />
  );
  // A disabled control fires no events: the hint sits on a wrapper.
  return row.hasPassword ? box : <Tooltip title={text('no_password')}><span data-testid="no-password-hint">{box}</span></Tooltip>;
}

export function SubaccountRow({ row, onChanged, onDelete }: { row: Subaccount; onChanged: (row: Subaccount) => void; onDelete: (row: Subaccount) => void }) {
  const text = useText();
  const translate = useTranslate();
  const confirmed = confirmedOn(row.doi);
  return (
    <TableRow hover data-email={row.email}>
      <TableCell><Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'primary.light' }}>{initials(row)}</Avatar></TableCell>
      <TableCell>
        <Stack direction="row" spacing={0.5} alignItems="center">
          <span>{row.email}</span>
          {confirmed && <Tooltip title={text('verified', { date: formatMoment(confirmed) })}><VerifiedIcon color="success" fontSize="small" aria-label={text('verified', { date: formatMoment(confirmed) })} /></Tooltip>}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {confirmed ? text('verified', { date: formatMoment(confirmed) }) : text('unverified')}
        </Typography>
      </TableCell>
      <TableCell>{row.name} {row.surname}</TableCell>
      <TableCell><Chip size="small" label={translate(`resources.login.values.role.${row.role}`, { _: row.role })} /></TableCell>
      <TableCell padding="checkbox" align="center"><LoginAllowed row={row} onChanged={onChanged} /></TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.lastLogin ? formatMoment(row.lastLogin) : text('never')}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton component={Link} to={`/subaccount/edit/${encodeURIComponent(row.id)}`} aria-label={`${translate('ra.action.edit')}: ${row.email}`}><EditIcon /></IconButton>
        </Tooltip>
        <Tooltip title={translate('ra.action.delete')}>
          <IconButton color="error" onClick={() => onDelete(row)} aria-label={`${translate('ra.action.delete')}: ${row.email}`}><DeleteIcon /></IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
