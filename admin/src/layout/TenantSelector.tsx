/**
 * Switches the active advertiser or publisher when the user reaches more than one: the choice is saved on the
 * user (PATCH /api/auth/login), kept locally for the Advertiser/Publisher headers, and the app reloads at `/`
 * (advertiser) or `/p/` (publisher). SPEC sections 2 "Top bar" and 4 "Session".
 */
import { MenuItem, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useAbilityState } from '../abilities/AbilityProvider.tsx';
import { updateCurrentUser } from '../api/http.ts';
import { session } from '../session.ts';
import { selectedChoice, switchTo, tenantChoices } from './tenantChoices.ts';

export function TenantSelector() {
  const { user } = useAbilityState();
  const translate = useTranslate();
  const notify = useNotify();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (!user) return null;
  const choices = tenantChoices(user, narrow);
  if (choices.length < 2) return null;
  const kinds = new Set(choices.map((choice) => choice.kind));
  const label = kinds.size > 1 ? 'app.topbar.tenant' : kinds.has('publisher') ? 'app.topbar.publisher' : 'app.menu.advertiser';
  const selected = selectedChoice(choices, {
    type: session.selectedType() ?? user.selectedType,
    advertiser: session.selectedAdvertiser() ?? user.selectedAdvertiser,
    publisher: session.selectedPublisher() ?? user.selectedPublisher,
  });

  const select = async (value: string) => {
    const choice = choices.find((entry) => entry.value === value);
    if (!choice) return;
    const { changes, reloadTo } = switchTo(choice);
    try {
      const updated = await updateCurrentUser(changes);
      if (choice.kind === 'publisher') session.select({ publisher: updated.selectedPublisher ?? choice.id });
      else session.select({ advertiser: updated.selectedAdvertiser ?? choice.id });
      session.setSelectedType(choice.kind);
      globalThis.location.assign(reloadTo);
    } catch (error) {
      notify((error as Error).message || 'app.notification.unknown_error', { type: 'error' });
    }
  };

  return (
    <TextField
      select
      size="small"
      variant="outlined"
      label={translate(label)}
      value={selected}
      onChange={(event) => select(event.target.value)}
      // Staff may have chosen nothing yet: the label then sits on the border instead of running under the arrow.
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{
        width: { xs: 112, sm: 180, lg: 230 }, flexShrink: 0, mx: 1,
        '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' },
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value} title={choice.name}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
