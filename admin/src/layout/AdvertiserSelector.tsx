/**
 * Switches the active advertiser when the user reaches more than one: the choice is saved on the user
 * (PATCH /api/auth/login), kept locally for the Advertiser header, and the app reloads at `/`.
 */
import { MenuItem, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { updateCurrentUser } from '../api/http.ts';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { session } from '../session.ts';

const MAX_NAME = 20;
const shorten = (name: string) => (name.length > MAX_NAME ? `${name.slice(0, MAX_NAME)}…` : name);

export function AdvertiserSelector() {
  const { user } = useAbilityState();
  const translate = useTranslate();
  const notify = useNotify();
  const advertisers = user?.advertisers ?? [];
  if (advertisers.length < 2) return null;
  const selected = session.selectedAdvertiser() ?? user?.selectedAdvertiser ?? '';

  const select = async (advertiser: string) => {
    try {
      const updated = await updateCurrentUser({ selectedAdvertiser: advertiser });
      session.select({ advertiser: updated.selectedAdvertiser ?? advertiser });
      globalThis.location.assign('/');
    } catch (error) {
      notify((error as Error).message || 'app.notification.unknown_error', { type: 'error' });
    }
  };

  return (
    <TextField
      select
      size="small"
      variant="outlined"
      label={translate('app.menu.advertiser')}
      value={advertisers.some((a) => String(a.id) === String(selected)) ? String(selected) : ''}
      onChange={(event) => select(event.target.value)}
      sx={{ width: 220, flexShrink: 0, mx: 1, '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' } }}
    >
      {advertisers.map((advertiser) => (
        <MenuItem key={advertiser.id} value={String(advertiser.id)}>
          {shorten(advertiser.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
