/** The optimizer icon (SPEC section 4): promote and sticky: pause (warning); promote: play; else stop. */
import PauseCircleIcon from '@mui/icons-material/PauseCircle';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { Tooltip } from '@mui/material';
import type { DashboardRow } from './optimizerApi.ts';
import { useText } from './format.ts';

export function OptimizerIcon({ icon }: { icon: NonNullable<DashboardRow['icons']>['optimizer'] }) {
  const text = useText();
  const Icon = icon.icon === 'pause' ? PauseCircleIcon : icon.icon === 'play' ? PlayCircleIcon : StopCircleIcon;
  const color = icon.icon === 'pause' ? 'warning' : icon.icon === 'play' ? 'success' : 'disabled';
  return (
    <Tooltip title={text(`icon.${icon.icon}`)}>
      <Icon fontSize="small" color={color} data-icon={icon.icon} aria-label={text(`icon.${icon.icon}`)} />
    </Tooltip>
  );
}
