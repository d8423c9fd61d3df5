/** A row's hints as coloured chips (danger red, warning amber, info blue), and its health. */
import { Chip, Stack } from '@mui/material';
import type { DashboardRow } from './optimizerApi.ts';
import { useText } from './format.ts';

const COLOR = { danger: 'error', warning: 'warning', info: 'info' } as const;

export function HintChips({ row }: { row: DashboardRow }) {
  return (
    <Stack spacing={0.5} alignItems="flex-start" data-testid="hints">
      {row.instructions.map((hint) => (
        <Chip key={hint.code} size="small" color={COLOR[hint.level]} variant={hint.level === 'info' ? 'outlined' : 'filled'} label={hint.message} data-hint={hint.code}
          sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }} />
      ))}
    </Stack>
  );
}

export function HealthChip({ health }: { health: NonNullable<DashboardRow['health']> }) {
  const text = useText();
  const color = health === 'ERROR' ? 'error' : health === 'WARNING' ? 'warning' : 'success';
  return <Chip size="small" color={color} label={text(`health.${health}`)} data-health={health} />;
}
