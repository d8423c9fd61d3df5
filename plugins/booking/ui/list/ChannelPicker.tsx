/** The active channels by group as checkboxes (booking channels dialog, booking template form). */
import { Box, Checkbox, FormControlLabel, FormGroup, Typography } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { CHANNEL_GROUP_LABELS, CHANNEL_GROUPS, CHANNELS } from '@adsuite/config';

interface ChannelPickerProps {
  value: string[];
  onChange: (channels: string[]) => void;
  disabled?: boolean;
}

const ACTIVE = CHANNELS.filter((channel) => channel.active);

export function ChannelPicker({ value, onChange, disabled }: ChannelPickerProps) {
  const [locale] = useLocaleState();
  const toggle = (key: string) => onChange(value.includes(key) ? value.filter((entry) => entry !== key) : [...value, key]);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
      {CHANNEL_GROUPS.map((group) => {
        const channels = ACTIVE.filter((channel) => channel.category === group);
        if (!channels.length) return null;
        return (
          <Box key={group}>
            <Typography variant="overline" color="text.secondary">{CHANNEL_GROUP_LABELS[group][locale === 'en' ? 'en' : 'de']}</Typography>
            <FormGroup>
              {channels.map((channel) => (
                <FormControlLabel
                  key={channel.key}
                  disabled={disabled}
                  control={<Checkbox size="small" name={`channel-${channel.key}`} checked={value.includes(channel.key)} onChange={() => toggle(channel.key)} />}
                  label={<Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: channel.color }} />
                    {channel.name}
                  </Box>}
                />
              ))}
            </FormGroup>
          </Box>
        );
      })}
    </Box>
  );
}
