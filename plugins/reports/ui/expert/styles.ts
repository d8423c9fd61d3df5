/** Styles Expert Analytics' parts share. */

/** Read by screen readers, not shown (a column header above icon buttons). */
export const visuallyHidden = {
  // Lengths in pixels: in `sx` a bare 1 is 100 %, which made the hidden text as wide as the page and widened it.
  position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap',
} as const;
