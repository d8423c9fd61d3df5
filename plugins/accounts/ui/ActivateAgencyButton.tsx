/**
 * On a user's edit screen: staff (administrator, systemoperator) activate an agency that waits for the manual
 * check by sales (SPEC section 1), through POST /api/auth/activate/:id.
 */
import { useState } from 'react';
import { ADMINS } from '@adsuite/config';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Button, Tooltip } from '@mui/material';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { API, apiFetch, useAbilityState, usePluginText } from '@adsuite/admin/kit';
import { messages } from './messages.ts';

/** An agency account that may not sign in yet. */
export const awaitsActivation = (record: Record<string, unknown> | undefined) =>
  record?.accountType === 'agency' && record.loginAllowed === false && !record.archivedAt;

export function ActivateAgencyButton() {
  const record = useRecordContext();
  const { user } = useAbilityState();
  const text = usePluginText('accounts', messages);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || !awaitsActivation(record) || !ADMINS.includes(user?.role as (typeof ADMINS)[number])) return null;
  const activate = async () => {
    setBusy(true);
    try {
      await apiFetch(`${API}/auth/activate/${record.id}`, { method: 'POST' });
      notify(text('activated'), { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={text('activate_hint')}>
      <span>
        <Button variant="outlined" color="success" startIcon={<VerifiedUserIcon />} disabled={busy} onClick={activate} data-action="activate-agency">
          {text('activate')}
        </Button>
      </span>
    </Tooltip>
  );
}
