/** A graphic as the ad server serves it, scaled to a height (SPEC section 9: previews of 60 px). */
import { useState } from 'react';
import BrokenImageIcon from '@mui/icons-material/BrokenImage';
import { Box } from '@mui/material';
import type { Graphic } from '../api.ts';

export function Thumbnail({ graphic, height = 60, maxWidth = 160 }: { graphic: Pick<Graphic, 'url' | 'name'>; height?: number; maxWidth?: number }) {
  const [broken, setBroken] = useState(false);
  return (
    <Box sx={{ height, maxWidth, minWidth: height, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
      {broken
        ? <BrokenImageIcon color="disabled" />
        : <img src={graphic.url} alt={graphic.name} loading="lazy" onError={() => setBroken(true)} style={{ maxHeight: height, maxWidth, display: 'block' }} />}
    </Box>
  );
}
