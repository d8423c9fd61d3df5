/** An invitation status (SPEC section 4) as a coloured chip: waiting for an answer, earning, over or out. */
import { Chip } from '@mui/material';
import { useStatusLabel } from './useText.ts';

const COLOURS: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  invited: 'warning', invitation_received: 'warning', active: 'success', accepted: 'success', accepted_upcoming: 'info', to_invite: 'info', to_retract: 'info',
  rejected: 'error', retracted: 'error', invited_outdated: 'default', accepted_finished: 'default', not_invited: 'default',
};

export function StatusChip({ status, variant = 'filled' }: { status: string; variant?: 'filled' | 'outlined' }) {
  const label = useStatusLabel();
  return <Chip size="small" variant={variant} color={COLOURS[status] ?? 'default'} label={label(status)} data-status={status} />;
}
