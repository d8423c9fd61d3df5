/**
 * An ad at its real size in a sandboxed frame (scripts run, but never with the member area's origin), scaled down
 * to the room there is: the preview shows what the ad server serves, pixel for pixel, only smaller.
 */
import { useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';

interface ScaledFrameProps {
  title: string;
  width: number;
  height: number;
  /** The ad server's address, or the page itself (`srcDoc`). */
  src?: string;
  srcDoc?: string;
  /** A fixed height to scale to (the 60 px ad preview); else the frame fits the width there is. */
  scaleToHeight?: number;
}

export function ScaledFrame({ title, width, height, src, srcDoc, scaleToHeight }: ScaledFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(width);
  useEffect(() => {
    const element = box.current?.parentElement;
    if (!element || scaleToHeight) return undefined;
    const observer = new ResizeObserver(([entry]) => setRoom(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [scaleToHeight]);
  const scale = scaleToHeight ? scaleToHeight / height : Math.min(1, room / width);
  return (
    <Box ref={box} sx={{ width: Math.floor(width * scale), height: Math.floor(height * scale), overflow: 'hidden', border: 1, borderColor: 'divider', flex: 'none', bgcolor: 'background.paper' }}>
      <iframe title={title} src={src} srcDoc={srcDoc} width={width} height={height} scrolling="no" sandbox="allow-scripts"
        style={{ border: 0, transform: `scale(${scale})`, transformOrigin: '0 0', display: 'block' }} />
    </Box>
  );
}
