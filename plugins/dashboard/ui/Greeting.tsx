/** The greeting (SPEC section 2 "Dashboard"): a salutation and a line of random words, picked once per visit. */
import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { useAbilityState } from '@adsuite/admin/kit';
import { useText } from './useText.ts';

const VARIANTS = '|||';
const pick = (variants: string, seed: number) => {
  const list = variants.split(VARIANTS);
  return list[Math.floor(seed * list.length) % list.length];
};

export function Greeting() {
  const text = useText();
  const { user } = useAbilityState();
  const [seeds] = useState(() => [Math.random(), Math.random()]);
  const name = user?.name || user?.fullName || '';
  return (
    <Stack spacing={0.5} data-testid="greeting">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>{pick(text('greeting.hello', { name }), seeds[0])}</Typography>
      <Typography color="text.secondary">{pick(text('greeting.words'), seeds[1])}</Typography>
    </Stack>
  );
}
