/**
 * The channels of a booking, in the eight channel groups (SPEC section 1), active channels only, each with
 * its daily minimum and programmatic fee; then the optional budget split with a weight per channel
 * (at least two channels; equal weights to begin with).
 */
import {
  Box, Checkbox, FormControlLabel, FormHelperText, Paper, Slider, Stack, Switch, Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { CHANNEL_GROUPS, CHANNELS, channelByKey } from '@adsuite/config';
import { allocationFor, withWeight } from './allocation.ts';
import { formatEuros } from '@adsuite/config/i18n/format';
import { formatFee, reviewCosts } from './costs.ts';
import { M, Section, type StepProps } from './fields.tsx';

const offered = CHANNEL_GROUPS.map((group) => ({ group, channels: CHANNELS.filter((channel) => channel.active && channel.category === group) }))
  .filter(({ channels }) => channels.length > 0);

function Allocation({ draft, change, readOnly }: StepProps) {
  const translate = useTranslate();
  const costs = reviewCosts(draft);
  const sum = costs.channels.reduce((total, line) => total + line.weight, 0);
  const perDay = costs.dailyBudget !== null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }} data-field="allocation">
      {draft.allocation.map(({ channel, weight }) => {
        const line = costs.channels.find((entry) => entry.channel === channel);
        return (
          <Box key={channel} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr 160px' }, alignItems: 'center', gap: 2 }}>
            <Typography variant="body2">{channelByKey[channel]?.name ?? channel}</Typography>
            <Slider
              size="small" value={weight} min={0} max={100} step={1} disabled={readOnly}
              aria-label={translate(M('weight_of'), { channel: channelByKey[channel]?.name ?? channel })}
              onChange={(_event, value) => change({ allocation: withWeight(draft.allocation, channel, value as number) })}
            />
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
              {Math.round(sum && line ? (line.weight / sum) * 100 : 0)} % · {perDay ? `${formatEuros(line?.dailyBudget ?? 0)} ${translate(M('per_day'))}` : formatEuros(line?.budget ?? 0)}
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

export function ChannelPicker(props: StepProps) {
  const translate = useTranslate();
  const { draft, change, errors, readOnly } = props;
  const toggle = (key: string) => change((current) => {
    const channels = current.channels.includes(key) ? current.channels.filter((entry) => entry !== key) : [...current.channels, key];
    const splitBudget = current.splitBudget && channels.length >= 2;
    return { channels, splitBudget, allocation: allocationFor(channels, current.allocation, splitBudget) };
  });
  const setSplit = (splitBudget: boolean) => change((current) => ({ splitBudget, allocation: allocationFor(current.channels, current.allocation, splitBudget) }));
  const channelError = errors.channels;

  return (
    <Section title={M('sections.channels')} description={M('sections.channels_help')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' } }} data-field="channels">
        {offered.map(({ group, channels }) => (
          <Paper key={group} variant="outlined" sx={{ p: 1.5, borderColor: channelError ? 'error.main' : undefined }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>{translate(M(`groups.${group}`), { _: group })}</Typography>
            {channels.map((channel) => (
              <FormControlLabel
                key={channel.key}
                disabled={readOnly}
                sx={{ display: 'flex', alignItems: 'flex-start', mr: 0, mt: 0.5 }}
                control={<Checkbox size="small" name={`channel-${channel.key}`} checked={draft.channels.includes(channel.key)} onChange={() => toggle(channel.key)} sx={{ pt: 0.25 }} />}
                label={(
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>{channel.name}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {channel.dailyBudget
                        ? translate(M('channel_terms'), { minimum: formatEuros(channel.minBudget), fee: formatFee(channel.programmaticFee) })
                        : translate(M('channel_terms_no_daily'), { fee: formatFee(channel.programmaticFee) })}
                    </Typography>
                  </Box>
                )}
              />
            ))}
          </Paper>
        ))}
      </Box>
      <FormHelperText error={Boolean(channelError)} sx={{ mx: 1.75 }}>
        {channelError ?? translate(M('channels_chosen'), { smart_count: draft.channels.length })}
      </FormHelperText>
      <Box sx={{ mt: 2 }}>
        <FormControlLabel
          disabled={readOnly || draft.channels.length < 2}
          control={<Switch name="splitBudget" checked={draft.splitBudget} onChange={(event) => setSplit(event.target.checked)} />}
          label={translate(M('fields.splitBudget'))}
        />
        <FormHelperText error={Boolean(errors.splitBudget || errors.allocation)} sx={{ mx: 1.75, mt: 0 }}>
          {errors.splitBudget ?? errors.allocation ?? translate(M(draft.channels.length < 2 ? 'split_needs_two' : 'split_help'))}
        </FormHelperText>
        {draft.splitBudget && <Allocation {...props} />}
      </Box>
    </Section>
  );
}
