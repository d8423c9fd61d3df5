/** Whose library or banners a screen shows, for users who reach more than one advertiser (staff reach all). */
import { MenuItem, TextField } from '@mui/material';
import { useText } from './useText.ts';

interface AdvertiserPickerProps {
  advertisers: { id: string; name: string }[];
  value: string | null;
  onChange: (id: string) => void;
}

export function AdvertiserPicker({ advertisers, value, onChange }: AdvertiserPickerProps) {
  const text = useText();
  if (advertisers.length < 2) return null;
  return (
    <TextField select size="small" label={text('advertiser')} value={value ?? ''} onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 300 }, maxWidth: '100%' }} slotProps={{ htmlInput: { 'data-testid': 'advertiser-picker' } }}>
      {advertisers.map((advertiser) => <MenuItem key={advertiser.id} value={advertiser.id}>{advertiser.name}</MenuItem>)}
    </TextField>
  );
}
